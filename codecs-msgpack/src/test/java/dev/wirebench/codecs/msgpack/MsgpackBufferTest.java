package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The paths of RangeOutput and RangeInput the kit's small messages do not reach: a message larger than the
 * direct-buffer scratch (8 KiB) and strings longer than the packer's flush threshold (8 KiB, written around its
 * buffer), heap slices with an array offset, a failed encode followed by one elsewhere, and what a call on a new
 * range costs.
 */
class MsgpackBufferTest {

    private static final byte SENTINEL = 0x5A;

    /** About 30 KB: a 20,000-char username (str16, past the flush threshold), 9,000 non-ASCII chars and 300 roles. */
    private static User big() {
        List<String> roles = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            roles.add("role-" + i);
        }
        return new User(7, "u".repeat(20_000), "é".repeat(9_000), 40, true, 9, roles);
    }

    @Test
    void aLargeMessageFitsExactlyAndOverflowsWithoutWritingPastTheLimit() {
        User user = big();
        MsgpackUserCodec codec = new MsgpackUserCodec();
        byte[] expected = MsgpackStandardBytesTest.encode(codec, user);
        int n = expected.length;
        assertTrue(n > 30_000, "size " + n);
        List<Integer> sizes = new ArrayList<>(List.of(0, 1, 8191, 8192, 8193, 20_005, 20_006, n / 2, n - 9, n - 1));
        for (boolean direct : new boolean[] {false, true}) {
            for (int size : sizes) {
                ByteBuffer small = filled(5 + n + 64, direct);
                small.position(5).limit(5 + size);
                assertThrows(BufferOverflowException.class, () -> codec.encode(user, small), size + " bytes");
                assertEquals(5, small.position());
                small.limit(small.capacity());
                for (int i = 5 + size; i < small.capacity(); i++) {
                    assertEquals(SENTINEL, small.get(i), "byte " + i + " past a limit of " + size + (direct ? ", direct" : ""));
                }
            }
            ByteBuffer exact = filled(5 + n + 64, direct);
            exact.position(5).limit(5 + n);
            assertEquals(n, codec.encode(user, exact));
            byte[] bytes = new byte[n];
            exact.get(5, bytes);
            assertArrayEquals(expected, bytes, direct ? "direct" : "heap");
            assertEquals(SENTINEL, exact.limit(exact.capacity()).get(5 + n));
            exact.position(5);
            assertEquals(user, codec.decode(exact, n));
            assertEquals(MessageType.USER.checksum(user), codec.traverse(exact, n));
        }
    }

    /** After an overflow the packer may hold a buffer over the first destination: the next encode must not write there. */
    @Test
    void anEncodeAfterAnOverflowWritesNothingIntoTheFirstDestination() {
        InfrastructureExecution x = Samples.reference(MessageType.INFRA_EXECUTION);
        MsgpackInfrastructureExecutionCodec codec = new MsgpackInfrastructureExecutionCodec();
        for (boolean direct : new boolean[] {false, true}) {
            for (int size : new int[] {1, 100, 1000, 2000}) {
                ByteBuffer first = filled(4096, direct);
                first.limit(size);
                assertThrows(BufferOverflowException.class, () -> codec.encode(x, first));
                first.limit(first.capacity());
                byte[] after = new byte[first.capacity()];
                first.get(0, after);
                ByteBuffer second = ByteBuffer.allocate(4096);
                int n = codec.encode(x, second);
                byte[] now = new byte[first.capacity()];
                first.get(0, now);
                assertArrayEquals(after, now, "the first buffer changed after an overflow at " + size);
                second.position(0);
                assertEquals(x, codec.decode(second, n));
            }
        }
    }

    @Test
    void heapSlicesWithAnArrayOffsetAreReadAndWrittenInPlace() {
        User user = Samples.reference(MessageType.USER);
        MsgpackUserCodec codec = new MsgpackUserCodec();
        byte[] backing = new byte[300];
        Arrays.fill(backing, SENTINEL);
        ByteBuffer slice = ByteBuffer.wrap(backing, 17, 200).slice();
        slice.position(3);
        int n = codec.encode(user, slice);
        assertArrayEquals(MsgpackStandardBytesTest.encode(codec, user), Arrays.copyOfRange(backing, 20, 20 + n));
        assertEquals(SENTINEL, backing[19]);
        assertEquals(SENTINEL, backing[20 + n]);
        slice.position(3);
        assertEquals(user, codec.decode(slice, n));
        assertEquals(MessageType.USER.checksum(user), codec.traverse(slice, n));
    }

    /**
     * A MessageBuffer cannot be re-aimed: a call on a range other than the last one's makes a new one, 32 bytes
     * with compressed oops (a header, the array, the address, the size, the reference), once for encode and once
     * for traverse. Printed for the README; checked to be that one object and no more.
     */
    @Test
    void aCallOnANewRangeCostsOneMessageBuffer() {
        User user = Samples.reference(MessageType.USER);
        MsgpackUserCodec codec = new MsgpackUserCodec();
        ByteBuffer buffer = ByteBuffer.allocate(4096);
        int n = codec.encode(user, buffer);
        long checksum = MessageType.USER.checksum(user);
        int calls = 10_000;
        for (int round = 0; round < 3; round++) { // warm
            perCall(() -> codec.encode(user, buffer.clear().position(1 + (buffer.capacity() & 7))), calls);
        }
        double encode = perCall(() -> {
            buffer.clear().position(counter++ & 1023);
            codec.encode(user, buffer);
        }, calls);
        byte[] message = new byte[n];
        buffer.clear();
        codec.encode(user, buffer);
        buffer.get(0, message);
        for (int i = 0; i < 2048; i += n) {
            buffer.put(i, message);
        }
        double traverse = perCall(() -> {
            int at = (counter++ % (2048 / n)) * n;
            if (codec.traverse(buffer.limit(buffer.capacity()).position(at), n) != checksum) {
                throw new AssertionError("checksum");
            }
        }, calls);
        System.out.printf("msgpack/user on a new range each call: encode %.1f B/call, traverse %.1f B/call%n", encode, traverse);
        assertTrue(encode >= 24 && encode <= 48, "encode " + encode + " B/call");
        assertTrue(traverse >= 24 && traverse <= 48, "traverse " + traverse + " B/call");
    }

    private int counter;

    private static double perCall(Runnable call, int calls) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        long before = threads.getThreadAllocatedBytes(Thread.currentThread().getId());
        for (int i = 0; i < calls; i++) {
            call.run();
        }
        return (double) (threads.getThreadAllocatedBytes(Thread.currentThread().getId()) - before) / calls;
    }

    private static ByteBuffer filled(int capacity, boolean direct) {
        ByteBuffer b = direct ? ByteBuffer.allocateDirect(capacity) : ByteBuffer.allocate(capacity);
        for (int i = 0; i < capacity; i++) {
            b.put(i, SENTINEL);
        }
        return b;
    }
}
