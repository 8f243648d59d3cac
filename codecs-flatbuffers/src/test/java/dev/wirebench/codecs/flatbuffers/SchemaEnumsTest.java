package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codecs.flatbuffers.generated.ApprovalDecisionFb;
import dev.wirebench.codecs.flatbuffers.generated.EntryTypeFb;
import dev.wirebench.codecs.flatbuffers.generated.ExecutionStatusFb;
import dev.wirebench.codecs.flatbuffers.generated.OrdTypeFb;
import dev.wirebench.codecs.flatbuffers.generated.SideFb;
import dev.wirebench.codecs.flatbuffers.generated.TimeInForceFb;
import dev.wirebench.codecs.flatbuffers.generated.TransformationStatusFb;
import dev.wirebench.codecs.flatbuffers.generated.TriggerTypeFb;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The codecs write a record constant's ordinal and read a wire value as an ordinal: every schema
 * enum must list the record enum's constants, by the same names, in the same order, from 0. flatc
 * generates {@code names}, indexed by value, for enums whose values run from 0 without gaps.
 */
class SchemaEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                pair(Side.values(), SideFb.names),
                pair(EntryType.values(), EntryTypeFb.names),
                pair(OrdType.values(), OrdTypeFb.names),
                pair(TimeInForce.values(), TimeInForceFb.names),
                pair(ExecutionStatus.values(), ExecutionStatusFb.names),
                pair(TriggerType.values(), TriggerTypeFb.names),
                pair(ApprovalDecision.values(), ApprovalDecisionFb.names),
                pair(TransformationStatus.values(), TransformationStatusFb.names));
    }

    private static Arguments pair(Enum<?>[] record, String[] schema) {
        return Arguments.of(Named.of(record[0].getDeclaringClass().getSimpleName(), record), schema);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void schemaValuesAreTheRecordOrdinals(Enum<?>[] record, String[] schema) {
        assertArrayEquals(Arrays.stream(record).map(Enum::name).toArray(String[]::new), schema);
    }
}
