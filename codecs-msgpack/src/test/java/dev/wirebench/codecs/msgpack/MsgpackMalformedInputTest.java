package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessageInsufficientBufferException;
import org.msgpack.core.MessagePack;
import org.msgpack.core.MessagePacker;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;

import static dev.wirebench.codecs.msgpack.MsgpackStandardBytesTest.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes encode did not produce: decode and traverse reject them alike, heap and direct, with a CodecException that
 * says what was wrong. And why the codecs read field by field rather than through msgpack-core's generic
 * {@code unpackValue}, which allocates what a header declares before it finds the bytes missing.
 */
class MsgpackMalformedInputTest {

    @FunctionalInterface
    private interface Packing {
        void pack(MessagePacker p) throws IOException;
    }

    /** A user with its fields as given, then whatever {@code rest} packs in place of the roles. */
    private static byte[] user(int fields, Packing rest) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(fields).packLong(1).packString("u").packString("e").packInt(2).packBoolean(true).packLong(3);
        rest.pack(p);
        return p.toByteArray();
    }

    @Test
    void trailingBytesAreRejected() {
        byte[] whole = encode(new MsgpackUserCodec(), Samples.reference(MessageType.USER));
        byte[] longer = Arrays.copyOf(whole, whole.length + 1);
        rejected(new MsgpackUserCodec(), longer, "trailing bytes: 1 after the end of the message");
    }

    @Test
    void aRecordArrayOfAnotherSizeIsRejected() throws IOException {
        rejected(new MsgpackUserCodec(), user(8, p -> p.packArrayHeader(0).packNil()),
                "User: an array of 8 values, expected 7");
        rejected(new MsgpackUserCodec(), user(6, p -> { }), "User: an array of 6 values, expected 7");
    }

    @Test
    void emptyAndTruncatedInputIsRejected() {
        rejected(new MsgpackOrderCodec(), new byte[0], "truncated");
        byte[] whole = encode(new MsgpackOrderCodec(), Samples.reference(MessageType.ORDER));
        rejected(new MsgpackOrderCodec(), Arrays.copyOf(whole, whole.length - 1), "truncated");
    }

    @Test
    void aListSizeTheBytesLeftCannotHoldIsRejectedBeforeAnythingIsAllocated() throws IOException {
        rejected(new MsgpackUserCodec(), user(7, p -> p.packArrayHeader(Integer.MAX_VALUE)),
                "User.roles: 2147483647 elements in the 0 bytes left");
        rejected(new MsgpackUserCodec(), user(7, p -> p.packArrayHeader(5).packString("a").packString("b")),
                "User.roles: 5 elements in the 4 bytes left");
    }

    @Test
    void aHugeDeclaredStringIsTruncatedInput() throws IOException {
        rejected(new MsgpackUserCodec(), user(7, p -> p.packArrayHeader(1).packRawStringHeader(Integer.MAX_VALUE)),
                "truncated");
    }

    @Test
    void binWhereAStringBelongsIsRejected() throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(7).packLong(1).packBinaryHeader(1).writePayload(new byte[] {'u'});
        rejected(new MsgpackUserCodec(), p.toByteArray(), "String");
    }

    @Test
    void anUnknownEnumOrdinalNamesTheField() throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(9).packString("a").packString("b").packString("c").packInt(2);
        rejected(new MsgpackOrderCodec(), p.toByteArray(), "Order.side: 2 is not a known value (0..1)");
    }

    @Test
    void aNonFinitePriceIsRejected() throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(9).packString("a").packString("b").packString("c").packInt(0).packLong(1).packInt(0)
                .packDouble(Double.NaN).packInt(0).packLong(1);
        rejected(new MsgpackOrderCodec(), p.toByteArray(), "price");
    }

    @Test
    void aLevelAbove255IsRejected() throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(5).packLong(1).packString("s").packLong(2).packLong(3)
                .packArrayHeader(1).packArrayHeader(5).packLong(1).packLong(1).packInt(0).packInt(256).packInt(0);
        rejected(new MsgpackMarketDataCodec(), p.toByteArray(), "level");
    }

    @Test
    void anIntegerTooLargeForItsFieldIsRejected() throws IOException {
        rejected(new MsgpackUserCodec(), integerAge(1L << 40), "MessageIntegerOverflowException");
    }

    private static byte[] integerAge(long age) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packArrayHeader(7).packLong(1).packString("u").packString("e").packLong(age).packBoolean(true).packLong(3)
                .packArrayHeader(0);
        return p.toByteArray();
    }

    /** The record cannot hold both values of a key; traverse, which builds no map, does not see it. */
    @Test
    void decodeRejectsAMapKeyMetTwice() throws IOException {
        byte[] bytes = encode(new MsgpackInfrastructureExecutionCodec(), Samples.reference(MessageType.INFRA_EXECUTION));
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        p.packMapHeader(2).packString("k").packString("1").packString("k").packString("2");
        byte[] duplicate = p.toByteArray();
        // the reference's outputs map follows its metadata: swap the metadata for the map with a repeated key
        byte[] metadata = metadataOf(bytes);
        int at = indexOf(bytes, metadata);
        byte[] corrupted = new byte[bytes.length - metadata.length + duplicate.length];
        System.arraycopy(bytes, 0, corrupted, 0, at);
        System.arraycopy(duplicate, 0, corrupted, at, duplicate.length);
        System.arraycopy(bytes, at + metadata.length, corrupted, at + duplicate.length, bytes.length - at - metadata.length);
        CodecException e = assertThrows(CodecException.class,
                () -> new MsgpackInfrastructureExecutionCodec().decode(ByteBuffer.wrap(corrupted), corrupted.length));
        assertTrue(e.getMessage().contains("InfrastructureExecution.metadata: the key 'k' appears twice"), e.getMessage());
        new MsgpackInfrastructureExecutionCodec().traverse(ByteBuffer.wrap(corrupted), corrupted.length);
    }

    /** Read-only heap buffers have no accessible array: they are copied like direct ones, and cannot be written. */
    @Test
    void readOnlyBuffersAreReadButNotWritten() {
        User user = Samples.reference(MessageType.USER);
        byte[] bytes = encode(new MsgpackUserCodec(), user);
        ByteBuffer readOnly = ByteBuffer.wrap(bytes).asReadOnlyBuffer();
        MsgpackUserCodec codec = new MsgpackUserCodec();
        assertEquals(user, codec.decode(readOnly, bytes.length));
        assertEquals(MessageType.USER.checksum(user), codec.traverse(readOnly, bytes.length));
        assertThrows(java.nio.ReadOnlyBufferException.class, () -> codec.encode(user, ByteBuffer.allocate(100).asReadOnlyBuffer()));
    }

    /**
     * msgpack-core's generic reader takes a header at its word: five bytes declaring an array of 2^31 - 1 values
     * end in an OutOfMemoryError, and five declaring a 64 MiB string allocate it before the input runs out. The
     * codecs never call it; this test says when a release changes that, so the README can be updated.
     */
    @Test
    void msgpackCoresGenericReaderAllocatesWhatAHeaderDeclares() {
        byte[] hugeArray = HexFormat.of().parseHex("dd7fffffff");
        assertThrows(OutOfMemoryError.class, () -> MessagePack.newDefaultUnpacker(hugeArray).unpackValue());
        byte[] bigString = HexFormat.of().parseHex("db03ffffff");
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        assertThrows(MessageInsufficientBufferException.class, () -> MessagePack.newDefaultUnpacker(bigString).unpackValue());
        long allocated = threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before;
        assertTrue(allocated >= 0x03ffffff, "allocated " + allocated + " bytes");
    }

    private static void rejected(MessageCodec<?> codec, byte[] bytes, String what) {
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(bytes.length + 3) : ByteBuffer.allocate(bytes.length + 3);
            src.put(3, bytes).position(3);
            String where = codec.name() + (direct ? ", direct" : ", heap") + ": " + HexFormat.of().formatHex(bytes);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length), where);
            assertTrue(decode.getMessage().contains(what), where + " decode said: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length), where);
            assertTrue(traverse.getMessage().contains(what), where + " traverse said: " + traverse.getMessage());
            assertEquals(3, src.position());
        }
    }

    /** The reference execution's metadata map as packed, found by packing it alone. */
    private static byte[] metadataOf(byte[] message) throws IOException {
        MessageBufferPacker p = MessagePack.newDefaultBufferPacker();
        var metadata = Samples.reference(MessageType.INFRA_EXECUTION).metadata();
        p.packMapHeader(metadata.size());
        for (var e : metadata.entrySet()) {
            p.packString(e.getKey()).packString(e.getValue());
        }
        return p.toByteArray();
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        outer:
        for (int i = 0; i + part.length <= bytes.length; i++) {
            for (int j = 0; j < part.length; j++) {
                if (bytes[i + j] != part[j]) {
                    continue outer;
                }
            }
            return i;
        }
        throw new AssertionError("not found");
    }
}
