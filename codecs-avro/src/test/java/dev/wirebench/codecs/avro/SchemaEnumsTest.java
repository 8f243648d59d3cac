package dev.wirebench.codecs.avro;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codecs.avro.generated.ApprovalDecisionAvro;
import dev.wirebench.codecs.avro.generated.EntryTypeAvro;
import dev.wirebench.codecs.avro.generated.ExecutionStatusAvro;
import dev.wirebench.codecs.avro.generated.OrdTypeAvro;
import dev.wirebench.codecs.avro.generated.SideAvro;
import dev.wirebench.codecs.avro.generated.TimeInForceAvro;
import dev.wirebench.codecs.avro.generated.TransformationStatusAvro;
import dev.wirebench.codecs.avro.generated.TriggerTypeAvro;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * An Avro enum is written as the index of its symbol, and the mappings index the record enums by it: the schemas
 * must list the record's constants, by name, in the record's order. The generic codecs use the generated classes'
 * schemas, so this holds them too.
 */
class SchemaEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                Arguments.of(Side.class, SideAvro.class),
                Arguments.of(EntryType.class, EntryTypeAvro.class),
                Arguments.of(OrdType.class, OrdTypeAvro.class),
                Arguments.of(TimeInForce.class, TimeInForceAvro.class),
                Arguments.of(ExecutionStatus.class, ExecutionStatusAvro.class),
                Arguments.of(TriggerType.class, TriggerTypeAvro.class),
                Arguments.of(ApprovalDecision.class, ApprovalDecisionAvro.class),
                Arguments.of(TransformationStatus.class, TransformationStatusAvro.class));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("enums")
    void avroSymbolsAreTheRecordConstantsInOrder(Class<? extends Enum<?>> recordEnum,
                                                 Class<? extends Enum<?>> avroEnum) throws Exception {
        List<String> record = names(recordEnum);
        assertEquals(record, names(avroEnum), avroEnum.getSimpleName() + " constants");
        org.apache.avro.Schema schema = (org.apache.avro.Schema) avroEnum.getMethod("getClassSchema").invoke(null);
        assertEquals(record, schema.getEnumSymbols(), schema.getFullName() + " symbols");
    }

    @Test
    void everyGeneratedEnumIsChecked() {
        long generatedEnums = GeneratedClasses.ALL.stream().filter(Class::isEnum).count();
        assertEquals(generatedEnums, enums().count(), "a generated enum this test does not hold to the records");
    }

    private static List<String> names(Class<? extends Enum<?>> type) {
        return Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
    }
}
