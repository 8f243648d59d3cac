package dev.wirebench.codec;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OrdinalsTest {

    /** A generated twin as capnpc-java writes one: the record's constants, then one for numbers it does not know. */
    private enum WireSide { BUY, SELL, _NOT_IN_SCHEMA }

    static Stream<Arguments> caches() {
        return Stream.of(
                Arguments.of(Ordinals.SIDES, Side.values()),
                Arguments.of(Ordinals.ENTRY_TYPES, EntryType.values()),
                Arguments.of(Ordinals.ORD_TYPES, OrdType.values()),
                Arguments.of(Ordinals.TIMES_IN_FORCE, TimeInForce.values()),
                Arguments.of(Ordinals.EXECUTION_STATUSES, ExecutionStatus.values()),
                Arguments.of(Ordinals.TRIGGER_TYPES, TriggerType.values()),
                Arguments.of(Ordinals.APPROVAL_DECISIONS, ApprovalDecision.values()),
                Arguments.of(Ordinals.TRANSFORMATION_STATUSES, TransformationStatus.values()));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("caches")
    void eachCacheIsItsEnumsValuesInOrder(Enum<?>[] cached, Enum<?>[] values) {
        assertArrayEquals(values, cached);
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("caches")
    void ofReturnsEveryConstantForItsOrdinal(Enum<?>[] cached, Enum<?>[] values) {
        for (Enum<?> constant : values) {
            assertSame(constant, Ordinals.of(cached, constant.ordinal(), "f"));
            assertEquals(constant.ordinal(), Ordinals.check(constant.ordinal(), cached.length, "f"));
        }
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("caches")
    void refusesMinusOneAndTheCountNamingTheFieldAndTheRange(Enum<?>[] cached, Enum<?>[] values) {
        int n = values.length;
        String range = " is not a known value (0.." + (n - 1) + ")";
        assertEquals("X.f: -1" + range,
                assertThrows(IllegalArgumentException.class, () -> Ordinals.of(cached, -1, "X.f")).getMessage());
        assertEquals("X.f: " + n + range,
                assertThrows(IllegalArgumentException.class, () -> Ordinals.of(cached, n, "X.f")).getMessage());
        assertEquals("X.f: " + n + range,
                assertThrows(IllegalArgumentException.class, () -> Ordinals.check(n, n, "X.f")).getMessage());
    }

    @Test
    void refusesWithTheExactWording() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Ordinals.of(Ordinals.SIDES, 7, "Order.side"));
        assertEquals("Order.side: 7 is not a known value (0..1)", e.getMessage());
    }

    @Test
    void aGeneratedTwinGivesTheRecordConstantOfItsOrdinal() {
        assertSame(Side.BUY, Ordinals.of(Ordinals.SIDES, WireSide.BUY, "Order.side"));
        assertSame(Side.SELL, Ordinals.of(Ordinals.SIDES, WireSide.SELL, "Order.side"));
        assertEquals(1, Ordinals.check(WireSide.SELL, Ordinals.SIDES.length, "Order.side"));
    }

    @Test
    void aTwinsExtraConstantIsRefusedByName() {
        String expected = "Order.side: _NOT_IN_SCHEMA is not a known value (0..1)";
        assertEquals(expected, assertThrows(IllegalArgumentException.class,
                () -> Ordinals.of(Ordinals.SIDES, WireSide._NOT_IN_SCHEMA, "Order.side")).getMessage());
        assertEquals(expected, assertThrows(IllegalArgumentException.class,
                () -> Ordinals.check(WireSide._NOT_IN_SCHEMA, Ordinals.SIDES.length, "Order.side")).getMessage());
    }
}
