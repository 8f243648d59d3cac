package dev.wirebench.codecs.quickbuf;

import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.protobuf.ProtobufCodecProvider;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The {@code quickbuf-json} format: what QuickBuffers prints, that it is standard JSON, and how far it
 * is protobuf JSON: for market data, users and orders, codecs-protobuf's {@code protobuf-json} (protobuf's
 * {@code JsonFormat}) reads QuickBuffers' JSON back to the record, and QuickBuffers reads protobuf's;
 * for the infrastructure execution neither reads the other's, as QuickBuffers prints its maps and
 * Timestamps as the messages they are on the wire.
 */
class QuickbufJsonTest {

    // not the kit's seed: other random messages than the conformance kit draws
    private static final long SEED = 2026L;
    private static final int RANDOM_MESSAGES = 300;

    private static final Codecs REGISTRY = Codecs.of(List.of(new ProtobufCodecProvider(), new QuickbufCodecProvider()));

    @Test
    void referenceOrderIsCompactJsonInQuickBuffersFieldOrder() {
        // lowerCamelCase names, enums by name, 64-bit integers as numbers; fields at proto3's default
        // (side BUY and time in force DAY, the enums' zero values) are left out, as protobuf JSON does
        assertEquals("{\"price\":187.25,\"transactTime\":1763700000123456789,\"orderQty\":100,"
                        + "\"ordType\":\"ORD_TYPE_LIMIT\",\"clOrdId\":\"ORD-20261121-000042\",\"account\":\"ACC-7781\","
                        + "\"symbol\":\"AAPL\"}",
                text(codec("quickbuf-json/order"), Samples.reference(MessageType.ORDER)));
    }

    @Test
    void negativeZeroIsPrintedAsMinusZeroAndReadBack() {
        Order order = new Order("", "", "", Side.SELL, Long.MAX_VALUE, OrdType.MARKET, -0.0, TimeInForce.DAY,
                Long.MIN_VALUE);
        MessageCodec<Object> json = codec("quickbuf-json/order");
        String text = text(json, order);
        // QuickBuffers alone prints "price":0; the order mapping writes the sign back
        assertEquals("{\"price\":-0.0,\"transactTime\":-9223372036854775808,\"orderQty\":9223372036854775807,"
                + "\"side\":\"SIDE_SELL\"}", text);
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        Order decoded = (Order) json.decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(decoded.price()));
        assertEquals(order, decoded);
    }

    @Test
    void referenceInfrastructureExecutionPrintsTimestampsAndMapsAsMessages() {
        String text = text(codec("quickbuf-json/infra-execution"), Samples.reference(MessageType.INFRA_EXECUTION));
        assertTrue(text.contains("\"startedAt\":{\"seconds\":1763700000}"), text);
        assertTrue(text.contains("\"metadata\":[{\"key\":\"team\",\"value\":\"payments-core\"},"), text);
    }

    static Stream<Arguments> types() {
        return MessageType.all().stream().map(t -> Arguments.of(Named.of(t.id(), t)));
    }

    /** UTF-8, no raw control character, and one RFC 8259 value: what Gson's strict reader takes, and nothing after it. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("types")
    void printsStrictJson(MessageType<?> type) throws IOException {
        MessageCodec<Object> json = codec("quickbuf-json/" + type.id());
        for (Object message : messages(type)) {
            byte[] bytes = encode(json, message);
            String text;
            try {
                text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            } catch (CharacterCodingException e) {
                throw new AssertionError(type.id() + ": not UTF-8: " + Arrays.toString(bytes), e);
            }
            for (byte b : bytes) {
                assertTrue(b < 0 || b >= 0x20, type.id() + ": a raw control character in " + text);
            }
            JsonReader reader = new JsonReader(new StringReader(text));
            reader.setLenient(false);
            walk(reader);
            assertEquals(JsonToken.END_DOCUMENT, reader.peek(), text);
        }
    }

    private static void walk(JsonReader reader) throws IOException {
        switch (reader.peek()) {
            case BEGIN_OBJECT -> {
                reader.beginObject();
                while (reader.hasNext()) {
                    reader.nextName();
                    walk(reader);
                }
                reader.endObject();
            }
            case BEGIN_ARRAY -> {
                reader.beginArray();
                while (reader.hasNext()) {
                    walk(reader);
                }
                reader.endArray();
            }
            case STRING, NUMBER -> reader.nextString();
            case BOOLEAN -> reader.nextBoolean();
            case NULL -> reader.nextNull();
            default -> fail("unexpected " + reader.peek());
        }
    }

    static Stream<Arguments> protobufJsonTypes() {
        return Stream.of(MessageType.MARKET_DATA, MessageType.USER, MessageType.ORDER)
                .map(t -> Arguments.of(Named.of(t.id(), t)));
    }

    /**
     * protobuf JSON prints 64-bit integers as strings and QuickBuffers as numbers; both parsers take both.
     * {@code protobuf-json} is JsonFormat with codecs-protobuf's repair of the sign of -0.0, which
     * JsonFormat alone loses.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("protobufJsonTypes")
    void protobufJsonAndQuickbufJsonReadEachOther(MessageType<?> type) {
        MessageCodec<Object> quickbuf = codec("quickbuf-json/" + type.id());
        MessageCodec<Object> protobuf = codec("protobuf-json/" + type.id());
        List<Object> messages = messages(type);
        for (int i = 0; i < messages.size(); i++) {
            Object message = messages.get(i);
            String what = type.id() + " message " + i;
            byte[] fromQuickbuf = encode(quickbuf, message);
            byte[] fromProtobuf = encode(protobuf, message);
            assertEquals(message, protobuf.decode(ByteBuffer.wrap(fromQuickbuf), fromQuickbuf.length),
                    what + ": protobuf-json reading " + new String(fromQuickbuf, StandardCharsets.UTF_8));
            assertEquals(message, quickbuf.decode(ByteBuffer.wrap(fromProtobuf), fromProtobuf.length),
                    what + ": quickbuf-json reading " + new String(fromProtobuf, StandardCharsets.UTF_8));
        }
    }

    /**
     * Not protobuf JSON for the infrastructure execution: QuickBuffers has no special form for
     * Timestamp (protobuf JSON: an RFC 3339 string) nor for maps (a JSON object), so neither parser
     * takes the other's text. Should a QuickBuffers version add them, this test says so.
     */
    @Test
    void infrastructureExecutionIsNotProtobufJson() {
        MessageCodec<Object> quickbuf = codec("quickbuf-json/infra-execution");
        MessageCodec<Object> protobuf = codec("protobuf-json/infra-execution");
        Object reference = Samples.reference(MessageType.INFRA_EXECUTION);
        byte[] fromQuickbuf = encode(quickbuf, reference);
        byte[] fromProtobuf = encode(protobuf, reference);
        CodecException byProtobuf = assertThrows(CodecException.class,
                () -> protobuf.decode(ByteBuffer.wrap(fromQuickbuf), fromQuickbuf.length));
        CodecException byQuickbuf = assertThrows(CodecException.class,
                () -> quickbuf.decode(ByteBuffer.wrap(fromProtobuf), fromProtobuf.length));
        System.out.println("protobuf-json reading quickbuf-json: " + byProtobuf.getMessage());
        System.out.println("quickbuf-json reading protobuf-json: " + byQuickbuf.getMessage());
    }

    private static List<Object> messages(MessageType<?> type) {
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, SEED, RANDOM_MESSAGES));
        return messages;
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<Object> codec(String name) {
        return (MessageCodec<Object>) REGISTRY.create(name);
    }

    private static byte[] encode(MessageCodec<Object> codec, Object message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }

    private static String text(MessageCodec<Object> codec, Object message) {
        return new String(encode(codec, message), StandardCharsets.UTF_8);
    }
}
