package dev.wirebench.codec;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EpochNanosTest {

    @Test
    void everyLongGoesToSecondsAndANonNegativeNanoPartAndBack() {
        for (long t : new long[] {0, 1, -1, 999_999_999, 1_000_000_000, -1_000_000_000, -1_000_000_001,
                1_763_700_000_123_456_789L, Long.MAX_VALUE, Long.MIN_VALUE}) {
            long seconds = EpochNanos.seconds(t);
            int nanos = EpochNanos.nanos(t);
            assertTrue(nanos >= 0 && nanos < 1_000_000_000, t + " -> nanos " + nanos);
            assertEquals(t, EpochNanos.of(seconds, nanos, "t"), t + " -> " + seconds + " s " + nanos + " ns");
        }
        assertEquals(-1, EpochNanos.seconds(-1));
        assertEquals(999_999_999, EpochNanos.nanos(-1));
    }

    @Test
    void refusesANanoPartOutOfRangeAndAnInstantNoLongHolds() {
        IllegalArgumentException nanos = assertThrows(IllegalArgumentException.class,
                () -> EpochNanos.of(0, 1_000_000_000, "Order.transact_time"));
        assertEquals("Order.transact_time: Timestamp nanos must be 0..999999999, was 1000000000", nanos.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EpochNanos.of(0, -1, "t"));
        IllegalArgumentException range = assertThrows(IllegalArgumentException.class,
                () -> EpochNanos.of(EpochNanos.seconds(Long.MAX_VALUE) + 1, 0, "t"));
        assertTrue(range.getMessage().startsWith("t: Timestamp of 9223372037 s is outside the range"), range.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EpochNanos.of(EpochNanos.seconds(Long.MIN_VALUE) - 1, 0, "t"));
    }
}
