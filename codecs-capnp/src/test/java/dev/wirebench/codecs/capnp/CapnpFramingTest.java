package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.capnp.generated.UserSchema;
import org.capnproto.ArrayOutputStream;
import org.capnproto.BuilderArena;
import org.capnproto.MessageBuilder;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static dev.wirebench.codecs.capnp.WireBytes.assertRejected;
import static dev.wirebench.codecs.capnp.WireBytes.codec;
import static dev.wirebench.codecs.capnp.WireBytes.encode;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The framing step: segment tables, packing, the reused builder, and messages other writers produce. */
class CapnpFramingTest {

    /** 3,000 book entries: about 72 KiB, nine times the first segment the builder starts with. */
    private static final MarketData LARGE = largeMarketData();

    private static MarketData largeMarketData() {
        List<BookEntry> entries = new ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            entries.add(new BookEntry(i * 1_000L, i, i % 2 == 0 ? Side.BUY : Side.SELL, i % 256, EntryType.CHANGE));
        }
        return new MarketData(7, "LARGE", 8, 9, entries);
    }

    @ParameterizedTest
    @EnumSource(Framing.class)
    void encodesAMessageLargerThanTheFirstSegmentAsOneSegmentAndStably(Framing framing) {
        MessageCodec<MarketData> codec = codec(framing, MessageType.MARKET_DATA);
        byte[] large = encode(codec, LARGE);
        byte[] standard = framing == Framing.STANDARD ? large : encode(codec(Framing.STANDARD, MessageType.MARKET_DATA), LARGE);
        assertEquals(0, WireBytes.word(standard, 0) & 0xFFFFFFFFL, "segment count - 1");
        assertEquals(LARGE, codec.decode(ByteBuffer.wrap(large), large.length));
        encode(codec, Samples.reference(MessageType.MARKET_DATA));
        assertArrayEquals(large, encode(codec, LARGE), "the grown builder must give the same bytes");
    }

    @Test
    void reusesItsBuilderAndGrowsTheFirstSegmentOnlyForALargerMessage() {
        ReusableMessageBuilder builder = new ReusableMessageBuilder();
        MessageBuilder first = builder.reset();
        assertEquals(ReusableMessageBuilder.FIRST_SEGMENT_BYTES, builder.capacity());
        first.initRoot(UserSchema.User.factory).setId(42);
        assertTrue(first == builder.reset() && !builder.spilled(), "a message that fit keeps its builder");
        new MarketDataMapping().write(LARGE, builder.reset());
        assertTrue(builder.spilled());
        MessageBuilder grown = builder.reset();
        assertTrue(grown != first && builder.capacity() > 9 * ReusableMessageBuilder.FIRST_SEGMENT_BYTES);
        new MarketDataMapping().write(LARGE, grown);
        assertTrue(!builder.spilled() && grown.getSegmentsForOutput().length == 1);
    }

    /** Another writer may use many small segments (far pointers between them): both codecs must read that. */
    @ParameterizedTest
    @EnumSource(Framing.class)
    void decodesAMultiSegmentMessageWrittenByTheRuntime(Framing framing) throws IOException {
        Order order = Samples.reference(MessageType.ORDER);
        MessageBuilder builder = new MessageBuilder(4, BuilderArena.AllocationStrategy.FIXED_SIZE);
        new OrderMapping().write(order, builder);
        assertTrue(builder.getSegmentsForOutput().length > 2, "the runtime was meant to spread the message");
        ByteBuffer out = ByteBuffer.allocate(1 << 12);
        ArrayOutputStream stream = new ArrayOutputStream(out);
        if (framing == Framing.STANDARD) {
            Serialize.write(stream, builder);
        } else {
            SerializePacked.write(stream, builder);
        }
        byte[] bytes = Arrays.copyOf(out.array(), stream.buf.position());
        MessageCodec<Order> codec = codec(framing, MessageType.ORDER);
        assertEquals(order, codec.decode(ByteBuffer.wrap(bytes), bytes.length));
        assertEquals(MessageType.ORDER.checksum(order), codec.traverse(ByteBuffer.allocateDirect(bytes.length)
                .put(bytes).flip(), bytes.length));
    }

    @Test
    void keepsTheSignOfNegativeZeroPrice() {
        Order negativeZero = new Order("A", "B", "C", Side.SELL, 1, OrdType.LIMIT, -0.0,
                TimeInForce.DAY, 1L);
        for (Framing framing : Framing.values()) {
            MessageCodec<Order> codec = codec(framing, MessageType.ORDER);
            byte[] bytes = encode(codec, negativeZero);
            Order decoded = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
            assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(decoded.price()));
            assertEquals(MessageType.ORDER.checksum(negativeZero), codec.traverse(ByteBuffer.wrap(bytes), bytes.length));
        }
    }

    @Test
    void standardFramingHoldsTheSegmentTableToTheBytes() {
        MessageCodec<Order> codec = codec(Framing.STANDARD, MessageType.ORDER);
        byte[] bytes = encode(codec, Samples.reference(MessageType.ORDER));
        assertRejected(codec, Arrays.copyOf(bytes, bytes.length + 8), "segment table describes " + bytes.length
                + " bytes, the message has " + (bytes.length + 8));
        assertRejected(codec, Arrays.copyOf(bytes, bytes.length + 3), "not a whole number of 8-byte words");
        assertRejected(codec, Arrays.copyOf(bytes, 4), "shorter than the 8-byte segment table");
        byte[] count = bytes.clone();
        WireBytes.putWord(count, 0, WireBytes.word(count, 0) | 0xFFFFFFFFL);
        assertRejected(codec, count, "segment count 4294967295 + 1 outside 1..512");
        byte[] many = bytes.clone();
        WireBytes.putWord(many, 0, 511);
        assertRejected(codec, many, "segment table of 512 segments (2056 bytes) runs past");
        byte[] huge = bytes.clone();
        WireBytes.putWord(huge, 0, 0x7FFFFFFFL << 32);
        assertRejected(codec, huge, "segment table describes 17179869184 bytes, the message has");
    }

    @Test
    void guardedPackedFramingHoldsTheSegmentTableToWhatTheBytesUnpackTo() {
        MessageCodec<Order> codec = codec(Framing.PACKED_GUARDED, MessageType.ORDER);
        byte[] bytes = encode(codec, Samples.reference(MessageType.ORDER));
        byte[] oneMoreWord = Arrays.copyOf(bytes, bytes.length + 2); // tag 0, run 0: one zero word
        assertRejected(codec, oneMoreWord, "segment table describes 14 words, the message unpacks to 15");
        assertRejected(codec, new byte[0], "empty input");
        assertRejected(codec, Arrays.copyOf(bytes, bytes.length - 1), "cut short");
    }

    /**
     * Each (tag 0, run 255) pair unpacks to 256 zero words: 66 KB of them stand for 130 MiB. The
     * codec must refuse before the runtime allocates the segment, quickly and without an OutOfMemoryError.
     */
    @Test
    void refusesAZeroRunBombBeforeTheRuntimeAllocatesIt() {
        int pairs = 33_000;
        byte[] bomb = new byte[2 + 8 + 2 * pairs];
        bomb[0] = (byte) 0xF0; // table word: count 0, segment size 0x00FFFFFF words
        bomb[1] = (byte) 0xFF;
        bomb[2] = (byte) 0xFF;
        bomb[3] = (byte) 0xFF;
        bomb[4] = 0;
        for (int i = 0; i < pairs; i++) {
            bomb[5 + 2 * i] = 0;
            bomb[6 + 2 * i] = (byte) 0xFF;
        }
        byte[] input = Arrays.copyOf(bomb, 5 + 2 * pairs);
        assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> assertRejected(codec(Framing.PACKED_GUARDED, MessageType.ORDER), input,
                        "unpacks to more than 8388608 words"));
    }

    @Test
    void packedBytesUnpackToTheSizeOfTheStandardFraming() {
        for (MessageType<?> type : MessageType.all()) {
            for (Object message : Samples.random(type, 7L, 200)) {
                byte[] standard = encodeRaw(codec(Framing.STANDARD, type), message);
                byte[] packed = encodeRaw(codec(Framing.PACKED, type), message);
                assertArrayEquals(packed, WireBytes.pack(standard), "the codec packs as the runtime does");
                assertEquals(standard.length / 8, PackedBytes.unpackedWords(ByteBuffer.wrap(packed), 0, packed.length));
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Framing.class)
    void aMessageTooLargeForTheDestinationLeavesTheCodecUsable(Framing framing) {
        MessageCodec<MarketData> codec = codec(framing, MessageType.MARKET_DATA);
        ByteBuffer small = ByteBuffer.allocate(100);
        assertThrows(BufferOverflowException.class, () -> codec.encode(LARGE, small));
        assertEquals(0, small.position());
        byte[] bytes = encode(codec, LARGE);
        assertEquals(LARGE, codec.decode(ByteBuffer.wrap(bytes), bytes.length));
        if (framing != Framing.PACKED) { // the plain packed reader may spin forever on a truncation
            assertThrows(CodecException.class, () -> codec.decode(ByteBuffer.wrap(bytes), bytes.length - 1));
        }
    }

    @Test
    void onlyThePlainPackedFramingLeavesTheHostileInputTierOut() {
        for (MessageCodec<?> codec : new CapnpCodecProvider().codecs()) {
            Conformance expected = codec.format().equals("capnp-packed") ? Conformance.MEASUREMENT : Conformance.HOSTILE_INPUT;
            assertEquals(expected, codec.conformance(), codec.name());
        }
        // what the guarded framing refuses and the plain one would hand the runtime to spin on
        assertRejected(codec(Framing.PACKED_GUARDED, MessageType.ORDER), new byte[0], "empty input");
    }

    @SuppressWarnings("unchecked")
    private static byte[] encodeRaw(MessageCodec<?> codec, Object message) {
        return encode((MessageCodec<Object>) codec, message);
    }
}
