package dev.wirebench.codecs.jackson;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Text with an unpaired surrogate, which the Smile and CBOR parsers read and their generators refuse to write (the
 * fuzzer's finding: CBOR text holding the UTF-8 bytes of a surrogate). Decode reads it as Jackson does, traverse hashes
 * the same text, and encode refuses such a record with an IllegalArgumentException: no guard of ours scans the text on
 * the measured path. JSON writes it as an escape and reads it back.
 */
class UnpairedSurrogateTest {

    private static final User REFERENCE = Samples.reference(MessageType.USER);

    @Test
    void jsonWritesAndReadsAnUnpairedSurrogateAsAnEscape() {
        User lone = new User(1, "x" + (char) 0xDD97, "e", 2, true, 3, List.of());
        MessageCodec<User> codec = codec(JacksonFormat.JSON);
        byte[] json = encode(JacksonFormat.JSON, lone);
        assertTrue(new String(json, StandardCharsets.UTF_8).contains("\"username\":\"x\\uDD97\""));
        assertEquals(lone, codec.decode(ByteBuffer.wrap(json), json.length));
        assertEquals(MessageType.USER.checksum(lone), codec.traverse(ByteBuffer.wrap(json), json.length));
    }

    @Test
    void theUtf8BytesOfASurrogateInCborDecodeToAnUnpairedSurrogateThatTraverseHashesAlike() {
        String hex = HexFormat.of().formatHex(encode(JacksonFormat.CBOR, REFERENCE));
        String jdoe = "64" + HexFormat.of().formatHex("jdoe".getBytes(StandardCharsets.US_ASCII));
        assertTrue(hex.contains(jdoe), hex);
        byte[] bytes = HexFormat.of().parseHex(hex.replace(jdoe, "63edb697"));
        MessageCodec<User> codec = codec(JacksonFormat.CBOR);
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(bytes.length) : ByteBuffer.allocate(bytes.length);
            src.put(0, bytes);
            User decoded = codec.decode(src, bytes.length);
            assertEquals(String.valueOf((char) 0xDD97), decoded.username());
            assertEquals(MessageType.USER.checksum(decoded), codec.traverse(src, bytes.length));
            assertThrows(IllegalArgumentException.class, () -> codec.encode(decoded, ByteBuffer.allocate(1024)));
        }
    }

    @ParameterizedTest
    @EnumSource(value = JacksonFormat.class, names = {"SMILE", "CBOR"})
    void smileAndCborEncodeRefuseAStringWithAnUnpairedSurrogate(JacksonFormat format) {
        User lone = new User(1, "x" + (char) 0xDD97, "e", 2, true, 3, List.of());
        MessageCodec<User> codec = codec(format);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> codec.encode(lone, ByteBuffer.allocate(1024)));
        assertTrue(e.getMessage().startsWith(codec.name() + ": cannot write the user: "), e.getMessage());
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<User> codec(JacksonFormat format) {
        return (MessageCodec<User>) JacksonJsonTest.codec(format, MessageType.USER);
    }

    private static byte[] encode(JacksonFormat format, User user) {
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        int n = codec(format).encode(user, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }
}
