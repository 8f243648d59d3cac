package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import org.apache.thrift.TEnum;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The mappings write a record constant as the generated constant at its ordinal ({@code ThriftEnums}) and read a
 * wire value as the record constant of that ordinal: the schema must list every enum in the record's order, with
 * values equal to the ordinals and the record's names.
 */
class SchemaEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                Arguments.of(Side.class, ThriftEnums.SIDES),
                Arguments.of(EntryType.class, ThriftEnums.ENTRY_TYPES),
                Arguments.of(OrdType.class, ThriftEnums.ORD_TYPES),
                Arguments.of(TimeInForce.class, ThriftEnums.TIMES_IN_FORCE),
                Arguments.of(ExecutionStatus.class, ThriftEnums.EXECUTION_STATUSES),
                Arguments.of(TriggerType.class, ThriftEnums.TRIGGER_TYPES),
                Arguments.of(ApprovalDecision.class, ThriftEnums.APPROVAL_DECISIONS),
                Arguments.of(TransformationStatus.class, ThriftEnums.TRANSFORMATION_STATUSES));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void thriftEnumValuesAreTheRecordOrdinals(Class<? extends Enum<?>> recordEnum, Enum<?>[] generated) {
        Enum<?>[] constants = recordEnum.getEnumConstants();
        assertEquals(constants.length, generated.length, recordEnum.getSimpleName() + " has a Thrift value per constant");
        for (Enum<?> constant : constants) {
            Enum<?> thrift = generated[constant.ordinal()];
            assertEquals(constant.name(), thrift.name(), recordEnum.getSimpleName() + " at " + constant.ordinal());
            assertEquals(constant.ordinal(), ((TEnum) thrift).getValue(), "value of " + thrift.getClass().getName()
                    + "." + thrift.name());
        }
    }
}
