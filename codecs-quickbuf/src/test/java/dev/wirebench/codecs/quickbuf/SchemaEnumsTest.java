package dev.wirebench.codecs.quickbuf;

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
import us.hebi.quickbuf.ProtoEnum;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The mappings set and read enums by number, and find unknown ones by the record enum's size: the
 * enums QuickBuffers generated must have the record's ordinals as numbers, one per constant.
 */
class SchemaEnumsTest {

    static Stream<Arguments> enums() {
        return Stream.of(
                Arguments.of(Side.class, dev.wirebench.codecs.quickbuf.generated.Side.class),
                Arguments.of(EntryType.class, dev.wirebench.codecs.quickbuf.generated.EntryType.class),
                Arguments.of(OrdType.class, dev.wirebench.codecs.quickbuf.generated.OrdType.class),
                Arguments.of(TimeInForce.class, dev.wirebench.codecs.quickbuf.generated.TimeInForce.class),
                Arguments.of(ExecutionStatus.class, dev.wirebench.codecs.quickbuf.generated.ExecutionStatus.class),
                Arguments.of(TriggerType.class, dev.wirebench.codecs.quickbuf.generated.TriggerType.class),
                Arguments.of(ApprovalDecision.class, dev.wirebench.codecs.quickbuf.generated.ApprovalDecision.class),
                Arguments.of(TransformationStatus.class,
                        dev.wirebench.codecs.quickbuf.generated.TransformationStatus.class));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("enums")
    void generatedEnumNumbersAreTheRecordOrdinals(Class<? extends Enum<?>> recordEnum,
                                                  Class<? extends Enum<?>> generated) {
        Enum<?>[] constants = recordEnum.getEnumConstants();
        Enum<?>[] values = generated.getEnumConstants();
        assertEquals(constants.length, values.length, generated.getName() + " has a value per record constant");
        // style-guide prefix: EntryType -> ENTRY_TYPE_
        String prefix = generated.getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toUpperCase() + "_";
        for (Enum<?> constant : constants) {
            ProtoEnum<?> value = null;
            for (Enum<?> candidate : values) {
                if (((ProtoEnum<?>) candidate).getNumber() == constant.ordinal()) {
                    value = (ProtoEnum<?>) candidate;
                }
            }
            assertNotNull(value, generated.getName() + " has no number " + constant.ordinal() + " for " + constant);
            assertEquals(prefix + constant.name(), value.getName(), generated.getName() + " number " + constant.ordinal());
        }
    }
}
