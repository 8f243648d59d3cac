package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codecs.capnp.generated.CommonSchema;
import dev.wirebench.codecs.capnp.generated.InfrastructureExecutionSchema;
import dev.wirebench.codecs.capnp.generated.MarketDataSchema;
import dev.wirebench.codecs.capnp.generated.OrderSchema;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The mappings index record enums by capnp ordinals and back: each generated enum must list the
 * record enum's constants, in order, then capnpc-java's {@code _NOT_IN_SCHEMA}.
 */
class CapnpSchemaEnumsTest {

    static Stream<Arguments> pairs() {
        return Stream.of(
                Arguments.of(CommonSchema.Side.class, Side.class),
                Arguments.of(MarketDataSchema.EntryType.class, EntryType.class),
                Arguments.of(OrderSchema.OrdType.class, OrdType.class),
                Arguments.of(OrderSchema.TimeInForce.class, TimeInForce.class),
                Arguments.of(InfrastructureExecutionSchema.ExecutionStatus.class, ExecutionStatus.class),
                Arguments.of(InfrastructureExecutionSchema.TriggerType.class, TriggerType.class),
                Arguments.of(InfrastructureExecutionSchema.ApprovalDecision.class, ApprovalDecision.class),
                Arguments.of(InfrastructureExecutionSchema.TransformationStatus.class, TransformationStatus.class));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("pairs")
    void generatedEnumListsTheRecordConstantsInOrderThenNotInSchema(Class<? extends Enum<?>> capnp,
                                                                   Class<? extends Enum<?>> record) {
        List<String> expected = new ArrayList<>(names(record));
        expected.add("_NOT_IN_SCHEMA");
        assertEquals(expected, names(capnp));
    }

    private static List<String> names(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
    }
}
