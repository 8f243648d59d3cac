package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.io.Output;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Why the codecs claim {@code MEASUREMENT} and not {@code HOSTILE_INPUT}: bytes nobody encoded, each a
 * {@code kryo/user} message of a few bytes built around the empty user, {@code 00 00 00 81 00 1e 01 81}
 * ({@code active age createdAt email id}, then roles as an empty {@code ListN}, then username). Each test shows
 * what plain Kryo does with them; if one fails, Kryo changed and the README's tier section needs another look.
 */
class KryoHostileInputTest {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    /** The class of a list's elements is on the wire, and nothing checks it against the record's generic type. */
    @Test
    void aListOfStringsCanComeBackHoldingAnInteger() {
        // roles: ListN, one element, all of class int (id 0 + 2), the element 1 as a zig-zag varint
        byte[] bytes = HexFormat.of().parseHex("00000081001e82020281");
        MessageCodec<User> codec = userCodec();
        User user = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
        List<?> roles = user.roles();
        assertEquals(List.of(1), roles);
        assertInstanceOf(Integer.class, roles.get(0));
        // the record is wrong typed, and whoever reads a role fails far from the decode: here the checksum
        assertThrows(ClassCastException.class, () -> codec.traverse(ByteBuffer.wrap(bytes), bytes.length));
    }

    /**
     * A count is allocated for before any element is read: Kryo's list serializer makes an ArrayList of that
     * capacity. For 2^31 - 2 the JVM refuses at once; Kryo's RecordSerializer catches every Throwable a
     * component throws, the OutOfMemoryError included, and rethrows it as a KryoException, so it arrives as
     * a CodecException. A smaller count that fits the heap is allocated, then the input runs out.
     */
    @Test
    void aHugeListCountIsAnOutOfMemoryErrorThatKryoTurnsIntoAnException() {
        byte[] bytes = HexFormat.of().parseHex("00000081001e" + flagged(Integer.MAX_VALUE) + "0381");
        CodecException e = assertThrows(CodecException.class, () -> userCodec().decode(ByteBuffer.wrap(bytes), bytes.length));
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                return;
            }
        }
        fail("no OutOfMemoryError behind " + e);
    }

    /** A string's declared char count sizes Kryo's char scratch array before a char is read. */
    @Test
    void anElevenByteMessageMakesDecodeAllocateWhatItsStringLengthClaims() {
        int chars = 1 << 24;
        byte[] bytes = HexFormat.of().parseHex("000000" + flagged(chars + 1) + "001e0181");
        assertEquals(11, bytes.length);
        MessageCodec<User> codec = userCodec();
        long before = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId());
        assertThrows(CodecException.class, () -> codec.decode(ByteBuffer.wrap(bytes), bytes.length));
        long allocated = THREADS.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated >= 2L * chars, "decode of " + bytes.length + " bytes allocated " + allocated + " bytes");
    }

    /** A positive varint with Kryo's flag bit set, as Kryo writes a string's or a list's length. */
    private static String flagged(int value) {
        Output output = new Output(8);
        output.writeVarIntFlag(true, value, true);
        return HexFormat.of().formatHex(output.toBytes());
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<User> userCodec() {
        for (MessageCodec<?> codec : new KryoCodecProvider().codecs()) {
            if (codec.messageType() == MessageType.USER) {
                return (MessageCodec<User>) codec;
            }
        }
        throw new AssertionError("no kryo/user codec");
    }
}
