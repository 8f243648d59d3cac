package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The message header is checked before anything else is read, and a mismatch says which field is wrong. */
class SbeHeaderTest {

    // messageHeader: blockLength, templateId, schemaId, version; uint16 little-endian each
    private static final int TEMPLATE_ID = 2;
    private static final int SCHEMA_ID = 4;
    private static final int VERSION = 6;

    private final MessageCodec<Order> codec = new SbeOrderCodec();

    @Test
    void rejectsAWrongTemplateIdWithCodecException() {
        assertRejected(withHeaderField(TEMPLATE_ID, 99), "template id 99 in the header, expected 3 (Order)");
    }

    @Test
    void rejectsAnotherMessageOfTheSchemaWithCodecException() {
        ByteBuffer user = ByteBuffer.allocate(256);
        int n = new SbeUserCodec().encode(Samples.reference(MessageType.USER), user);
        assertRejected(user.flip().limit(n), "template id 2 in the header, expected 3 (Order)");
    }

    @Test
    void rejectsAWrongSchemaIdWithCodecException() {
        assertRejected(withHeaderField(SCHEMA_ID, 7), "schema id 7 in the header, expected 2026");
    }

    @Test
    void rejectsAnUnknownSchemaVersionWithCodecException() {
        assertRejected(withHeaderField(VERSION, 1), "schema version 1 in the header");
    }

    @Test
    void rejectsInputShorterThanTheHeaderWithCodecException() {
        assertRejected(ByteBuffer.allocate(5), "5 bytes cannot hold the 8-byte SBE message header");
    }

    private ByteBuffer withHeaderField(int at, int value) {
        ByteBuffer bytes = ByteBuffer.allocate(256);
        int n = codec.encode(Samples.reference(MessageType.ORDER), bytes);
        bytes.order(ByteOrder.LITTLE_ENDIAN).putShort(at, (short) value);
        return bytes.order(ByteOrder.BIG_ENDIAN).flip().limit(n);
    }

    private void assertRejected(ByteBuffer bytes, String expected) {
        int length = bytes.remaining();
        CodecException decode = assertThrows(CodecException.class, () -> codec.decode(bytes, length));
        assertTrue(decode.getMessage().contains(expected), decode.getMessage());
        CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(bytes, length));
        assertTrue(traverse.getMessage().contains(expected), traverse.getMessage());
        assertEquals(0, bytes.position(), "a rejected message must leave the position where it was");
    }
}
