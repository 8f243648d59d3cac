package dev.wirebench.smpp.transport;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.GenericNack;
import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@link PduFrameDecoder} in an {@link EmbeddedChannel}, fed a byte stream in reads of any sizes. Fuzzed by
 * {@code .ci/fuzz} ({@code JAZZER_FUZZ=1}); every test run replays the seeds and regression inputs in
 * {@code PduFrameDecoderFuzzTestInputs/<method>/} (seeds written by {@code SmppFuzzSeeds}).
 *
 * <p>An input is: one octet of flags (bit 7: messages in place; bit 6: a cap of {@value #SMALL_CAP} octets
 * rather than the default 64 KiB; bits 0 to 3: how many read sizes follow, k), k octets of read sizes (0 to
 * 255, taken in turn until the stream is used up; none, or all 0, is one read of it all), then the stream.
 */
class PduFrameDecoderFuzzTest {

    /** Between the 16- to 38-octet PDUs and the 132-octet submit_sm: a stream of fixtures meets it. */
    static final int SMALL_CAP = 128;
    static final int IN_PLACE = 0x80;
    static final int CAPPED = 0x40;

    /**
     * Whatever the stream and however it is cut into reads, the decoder passes on exactly what one pass
     * over the whole stream makes of it ({@link #expected}): a {@code Pdu} or an intact-framing
     * {@link DecodeFailure} per frame, or the frame itself (a slice of exactly command_length octets) for a
     * submit_sm or deliver_sm in place; after a command_length under 16 or over the cap one failure with the
     * framing broken, answered by generic_nack ESME_RINVCMDLEN, and nothing after it, whatever follows. It
     * throws nothing, never holds more than a partial frame and one read, and leaks nothing: once the frames
     * it passed on are released and the channel is closed, every buffer written in and every buffer the
     * channel allocated has been released. An input takes at most milliseconds: one that takes 5 s is a hang.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(5)
    void framesAnySplitOfAnyStream(byte[] input) {
        int flags = input.length > 0 ? input[0] & 0xFF : 0;
        boolean inPlace = (flags & IN_PLACE) != 0;
        int cap = (flags & CAPPED) != 0 ? SMALL_CAP : SmppCodec.DEFAULT_MAX_COMMAND_LENGTH;
        int sizeCount = Math.min(flags & 0x0F, Math.max(0, input.length - 1));
        int[] sizes = new int[sizeCount];
        for (int i = 0; i < sizeCount; i++) {
            sizes[i] = input[1 + i] & 0xFF;
        }
        int from = Math.min(input.length, 1 + sizeCount);
        byte[] stream = Arrays.copyOfRange(input, from, input.length);

        TrackingAllocator allocator = new TrackingAllocator();
        PduFrameDecoder decoder = new PduFrameDecoder(cap, inPlace);
        EmbeddedChannel channel = new EmbeddedChannel();
        channel.config().setAllocator(allocator);
        channel.pipeline().addLast(decoder);
        List<ByteBuf> written = new ArrayList<>();
        List<Object> passed = new ArrayList<>();
        int largestRead = 0;
        try {
            int at = 0;
            for (int i = 0; at < stream.length || i == 0; i++) {
                int size = sizes.length == 0 || allZero(sizes) ? stream.length : Math.min(sizes[i % sizes.length],
                        stream.length - at);
                ByteBuf read = allocator.heapBuffer(size).writeBytes(stream, at, size);
                written.add(read);
                largestRead = Math.max(largestRead, size);
                at += size;
                channel.writeInbound(read);
                drain(channel, passed);
            }
            assertFalse(channel.finish(), "the decoder passed something on when the channel closed");
            drain(channel, passed);
            channel.checkException();
        } catch (Exception e) {
            fail("the decoder threw " + e, e);
        } finally {
            channel.finishAndReleaseAll();
        }
        try {
            assertPassedOn(expected(stream, cap, inPlace), passed);
            // a partial frame (under cap octets) and the latest read
            assertTrue(decoder.maxBuffered() <= cap - 1 + largestRead, "held " + decoder.maxBuffered()
                    + " octets with a cap of " + cap + " and reads of at most " + largestRead);
        } finally {
            for (Object o : passed) {
                if (o instanceof ByteBuf frame) {
                    frame.release();
                }
            }
        }
        for (ByteBuf buf : written) {
            assertEquals(0, buf.refCnt(), "a buffer written in was not released");
        }
        for (ByteBuf buf : allocator.allocated) {
            assertEquals(0, buf.refCnt(), "a buffer the channel allocated (" + buf.capacity() + " octets) leaked");
        }
    }

    private static boolean allZero(int[] sizes) {
        for (int size : sizes) {
            if (size != 0) {
                return false;
            }
        }
        return true;
    }

    private static void drain(EmbeddedChannel channel, List<Object> passed) {
        for (Object o = channel.readInbound(); o != null; o = channel.readInbound()) {
            passed.add(o);
        }
    }

    /**
     * What the decoder must pass on for {@code stream}, read in one pass: each whole frame decoded (or, in
     * place, its octets), up to the first command_length it cannot frame by, for which a failure with the
     * framing broken ends the list; a partial frame at the end passes nothing.
     */
    static List<Object> expected(byte[] stream, int cap, boolean inPlace) {
        SmppCodec codec = new SmppCodec(cap);
        ByteBuf in = Unpooled.wrappedBuffer(stream);
        List<Object> expected = new ArrayList<>();
        while (in.readableBytes() >= 4) {
            long length = Integer.toUnsignedLong(in.getInt(in.readerIndex()));
            if (length < SmppCodec.HEADER_LENGTH || length > cap) {
                boolean header = length >= SmppCodec.HEADER_LENGTH && in.readableBytes() >= SmppCodec.HEADER_LENGTH;
                expected.add(new Unframed(length, header ? in.getInt(in.readerIndex() + 12) : 0));
                break;
            }
            if (in.readableBytes() < length) {
                break;
            }
            if (inPlace && MessageFlyweight.reads(in.getInt(in.readerIndex() + 4))) {
                expected.add(ByteBufUtil.getBytes(in.readSlice((int) length)));
                continue;
            }
            try {
                expected.add(codec.decode(in));
            } catch (SmppDecodeException e) {
                expected.add(DecodeFailure.of(e));
                in.skipBytes((int) length);
            }
        }
        return expected;
    }

    /**
     * The refusal of a command_length the stream cannot be framed by, and the sequence_number it may carry:
     * the header's, if the stream holds one behind a length of at least 16, else 0.
     */
    private record Unframed(long commandLength, int sequenceNumber) {
    }

    private static void assertPassedOn(List<Object> expected, List<Object> passed) {
        assertEquals(expected.size(), passed.size(), "passed on " + passed + " where one pass makes " + expected);
        for (int i = 0; i < expected.size(); i++) {
            Object want = expected.get(i);
            Object got = passed.get(i);
            String what = "item " + i + " of " + passed.size();
            if (want instanceof byte[] frame) {
                assertTrue(got instanceof ByteBuf, what + ": " + got + " where a frame was due");
                assertEquals(ByteBufUtil.hexDump(frame), ByteBufUtil.hexDump((ByteBuf) got), what);
            } else if (want instanceof Unframed unframed) {
                assertTrue(got instanceof DecodeFailure, what + ": " + got + " where a failure was due");
                DecodeFailure failure = (DecodeFailure) got;
                assertFalse(failure.framingIntact(), what + ": " + failure);
                assertEquals(CommandStatus.ESME_RINVCMDLEN, failure.commandStatus(), what + ": " + failure);
                assertEquals(0, failure.commandId(), what + ": " + failure);
                assertTrue(failure.message().startsWith("command_length " + unframed.commandLength + " is "),
                        what + ": " + failure);
                // the header's sequence_number if the whole header had come in with the length, else 0
                assertTrue(failure.sequenceNumber() == 0 || failure.sequenceNumber() == unframed.sequenceNumber,
                        what + ": " + failure);
                assertEquals(new GenericNack(CommandStatus.ESME_RINVCMDLEN, 0), failure.answer(), what);
            } else {
                assertEquals(want, got, what);
            }
        }
    }

    /** Unpooled buffers, each kept to check at the end that it was released; no leak-detecting wrapper. */
    private static final class TrackingAllocator extends AbstractByteBufAllocator {

        private static final ByteBufAllocator UNPOOLED = new UnpooledByteBufAllocator(false, true);

        final List<ByteBuf> allocated = new ArrayList<>();

        @Override
        protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
            return track(UNPOOLED.heapBuffer(initialCapacity, maxCapacity));
        }

        @Override
        protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
            return track(UNPOOLED.directBuffer(initialCapacity, maxCapacity));
        }

        @Override
        public boolean isDirectBufferPooled() {
            return false;
        }

        private ByteBuf track(ByteBuf buf) {
            allocated.add(buf);
            return buf;
        }
    }
}
