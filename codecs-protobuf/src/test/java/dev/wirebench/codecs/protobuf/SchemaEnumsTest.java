package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/** The mappings index record enums by proto enum number: the schema must keep numbers equal to ordinals. */
class SchemaEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                Arguments.of(Side.class, dev.wirebench.codecs.protobuf.generated.Side.getDescriptor()),
                Arguments.of(EntryType.class, dev.wirebench.codecs.protobuf.generated.EntryType.getDescriptor()),
                Arguments.of(OrdType.class, dev.wirebench.codecs.protobuf.generated.OrdType.getDescriptor()),
                Arguments.of(TimeInForce.class, dev.wirebench.codecs.protobuf.generated.TimeInForce.getDescriptor()),
                Arguments.of(ExecutionStatus.class,
                        dev.wirebench.codecs.protobuf.generated.ExecutionStatus.getDescriptor()),
                Arguments.of(TriggerType.class, dev.wirebench.codecs.protobuf.generated.TriggerType.getDescriptor()),
                Arguments.of(ApprovalDecision.class,
                        dev.wirebench.codecs.protobuf.generated.ApprovalDecision.getDescriptor()),
                Arguments.of(TransformationStatus.class,
                        dev.wirebench.codecs.protobuf.generated.TransformationStatus.getDescriptor()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void protoEnumNumbersAreTheRecordOrdinals(Class<? extends Enum<?>> recordEnum, EnumDescriptor proto) {
        Enum<?>[] constants = recordEnum.getEnumConstants();
        assertEquals(constants.length, proto.getValues().size(),
                proto.getFullName() + " has a value per record constant");
        // style-guide prefix: EntryType -> ENTRY_TYPE_
        String prefix = proto.getName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase() + "_";
        for (Enum<?> constant : constants) {
            EnumValueDescriptor value = proto.findValueByNumber(constant.ordinal());
            assertNotNull(value, proto.getFullName() + " has no number " + constant.ordinal() + " for " + constant);
            assertEquals(prefix + constant.name(), value.getName(),
                    proto.getFullName() + " number " + constant.ordinal());
        }
    }
}
