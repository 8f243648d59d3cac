package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Messages that are well-formed JSON, Smile or CBOR but no canonical record, written from an edited tree of the
 * reference message in each format: decode and traverse both refuse them with a {@link CodecException} saying
 * what was wrong, from heap and direct buffers. And the reverse: properties in another order are the same message.
 */
class MalformedInputTest {

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void anEnumNameNoConstantHasIsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.ORDER, order -> order.put("side", "SHORT"), "SHORT");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aLevelAbove255IsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.MARKET_DATA,
                md -> ((ObjectNode) md.get("entries").get(0)).put("level", 256), "level");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aPriceThatIsNotFiniteIsRefused(JacksonFormat format) throws IOException {
        // Smile and CBOR carry NaN as a double; JSON as the string "NaN", which databind reads as NaN
        assertRefused(format, MessageType.ORDER, order -> order.put("price", Double.NaN), "");
        assertRefused(format, MessageType.ORDER, order -> order.put("price", Double.POSITIVE_INFINITY), "");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aNullStringIsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.USER, user -> user.putNull("email"), "");
        assertRefused(format, MessageType.USER, user -> ((ArrayNode) user.get("roles")).addNull(), "");
        assertRefused(format, MessageType.INFRA_EXECUTION,
                x -> ((ObjectNode) x.get("metadata")).putNull("team"), "");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aMissingStringOrListIsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.USER, user -> user.remove("username"), "");
        assertRefused(format, MessageType.MARKET_DATA, md -> md.remove("entries"), "");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void anUnknownPropertyIsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.ORDER, order -> order.put("venue", "XNAS"), "venue");
        assertRefused(format, MessageType.INFRA_EXECUTION,
                x -> ((ObjectNode) x.get("approvals").get(0).get("approver")).put("phone", "555"), "phone");
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aValueOfAnotherShapeIsRefused(JacksonFormat format) throws IOException {
        assertRefused(format, MessageType.USER, user -> user.putArray("username").add("a"), "");
        assertRefused(format, MessageType.MARKET_DATA, md -> md.putObject("entries"), "");
        assertRefused(format, MessageType.INFRA_EXECUTION, x -> x.putArray("metadata"), "");
    }

    /** databind reads a null at the root as a null record (the fuzzer's finding, in Smile): no message. */
    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void nullAtTheRootIsRefused(JacksonFormat format) throws IOException {
        byte[] nothing = format.mapper().writeValueAsBytes(null);
        MessageCodec<?> codec = JacksonJsonTest.codec(format, MessageType.USER);
        CodecException decode = assertThrows(CodecException.class,
                () -> codec.decode(ByteBuffer.wrap(nothing), nothing.length));
        assertEquals(codec.name() + ": malformed input: the message is null, not a user", decode.getMessage());
        assertThrows(CodecException.class, () -> codec.traverse(ByteBuffer.wrap(nothing), nothing.length));
    }

    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void aSecondValueAfterTheMessageIsRefused(JacksonFormat format) throws IOException {
        ObjectMapper mapper = format.mapper();
        byte[] message = JacksonJsonTest.encode(format, MessageType.USER, Samples.reference(MessageType.USER));
        byte[] one = format == JacksonFormat.SMILE
                // a Smile document of its own would start with a header; a bare small-int token follows a value
                ? new byte[] {(byte) 0xC2}
                : mapper.writeValueAsBytes(1);
        byte[] bytes = new byte[message.length + one.length];
        System.arraycopy(message, 0, bytes, 0, message.length);
        System.arraycopy(one, 0, bytes, message.length, one.length);
        assertRefusedBytes(format, MessageType.USER, bytes, "");
    }

    /** JSON objects are unordered: a message whose properties come in reverse, at every level, is the same message. */
    @ParameterizedTest
    @EnumSource(JacksonFormat.class)
    void propertiesInAnotherOrderAreTheSameMessage(JacksonFormat format) throws IOException {
        InfrastructureExecution reference = Samples.reference(MessageType.INFRA_EXECUTION);
        ObjectMapper mapper = format.mapper();
        byte[] bytes = mapper.writeValueAsBytes(reversed(mapper.valueToTree(reference)));
        @SuppressWarnings("unchecked")
        MessageCodec<InfrastructureExecution> codec =
                (MessageCodec<InfrastructureExecution>) JacksonJsonTest.codec(format, MessageType.INFRA_EXECUTION);
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = buffer(bytes, direct);
            assertEquals(reference, codec.decode(src, bytes.length));
            assertEquals(MessageType.INFRA_EXECUTION.checksum(reference), codec.traverse(src, bytes.length));
        }
    }

    private static JsonNode reversed(JsonNode node) {
        if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> fields = new ArrayList<>(node.properties());
            Collections.reverse(fields);
            ObjectNode copy = ((ObjectNode) node).objectNode();
            for (Map.Entry<String, JsonNode> field : fields) {
                copy.set(field.getKey(), reversed(field.getValue()));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = ((ArrayNode) node).arrayNode();
            node.forEach(element -> copy.add(reversed(element)));
            return copy;
        }
        return node;
    }

    /** The reference message of {@code type} as a tree, edited, written in {@code format}, refused by both reads. */
    private static void assertRefused(JacksonFormat format, MessageType<?> type, Consumer<ObjectNode> edit,
                                      String mentioned) throws IOException {
        ObjectMapper mapper = format.mapper();
        ObjectNode tree = mapper.valueToTree(Samples.reference(type));
        edit.accept(tree);
        assertRefusedBytes(format, type, mapper.writeValueAsBytes(tree), mentioned);
    }

    private static void assertRefusedBytes(JacksonFormat format, MessageType<?> type, byte[] bytes, String mentioned) {
        MessageCodec<?> codec = JacksonJsonTest.codec(format, type);
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = buffer(bytes, direct);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length),
                    codec.name() + " decode");
            assertTrue(decode.getMessage().startsWith(codec.name() + ": malformed input: "), decode.getMessage());
            assertTrue(decode.getMessage().contains(mentioned), decode.getMessage() + " names " + mentioned);
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length),
                    codec.name() + " traverse");
            assertTrue(traverse.getMessage().contains(mentioned), traverse.getMessage() + " names " + mentioned);
            assertEquals(3, src.position(), "position untouched");
        }
    }

    private static ByteBuffer buffer(byte[] bytes, boolean direct) {
        ByteBuffer buffer = direct ? ByteBuffer.allocateDirect(bytes.length + 3) : ByteBuffer.allocate(bytes.length + 3);
        buffer.put(3, bytes).position(3);
        return buffer;
    }
}
