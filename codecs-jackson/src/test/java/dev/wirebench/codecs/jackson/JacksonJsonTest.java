package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import com.fasterxml.jackson.dataformat.smile.databind.SmileMapper;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.kit.MeasurementContract;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes are the formats' standard encodings of the records as Jackson maps them: {@code jackson-json} is plain
 * JSON whose objects have the record's component names, in declaration order, with enums by name and maps as
 * objects; {@code jackson-smile} and {@code jackson-cbor} read, with plain mappers (no Blackbird), to the same tree.
 */
class JacksonJsonTest {

    private static final ObjectMapper JSON = new JsonMapper();
    private static final ObjectMapper SMILE = new SmileMapper();
    private static final ObjectMapper CBOR = new CBORMapper();

    @Test
    void theReferenceOrderIsCompactJsonInComponentOrder() {
        Order order = Samples.reference(MessageType.ORDER);
        assertEquals("{\"clOrdId\":\"ORD-20261121-000042\",\"account\":\"ACC-7781\",\"symbol\":\"AAPL\",\"side\":\"BUY\","
                        + "\"orderQty\":100,\"ordType\":\"LIMIT\",\"price\":187.25,\"timeInForce\":\"DAY\","
                        + "\"transactTime\":1763700000123456789}",
                new String(encode(JacksonFormat.JSON, MessageType.ORDER, order), StandardCharsets.UTF_8));
    }

    @Test
    void theReferenceMarketDataReadsAsJsonWithItsSymbol() throws IOException {
        MarketData reference = Samples.reference(MessageType.MARKET_DATA);
        JsonNode tree = JSON.readTree(encode(JacksonFormat.JSON, MessageType.MARKET_DATA, reference));
        assertEquals(reference.symbol(), tree.get("symbol").textValue());
        assertEquals(reference.entries().size(), tree.get("entries").size());
        assertEquals(reference.entries().get(0).side().name(), tree.get("entries").get(0).get("side").textValue());
    }

    @Test
    void extremeNumbersAndNegativeZeroAreJsonNumbers() {
        Order extremes = fixture(MessageType.ORDER, "extremes");
        String json = new String(encode(JacksonFormat.JSON, MessageType.ORDER, extremes), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"orderQty\":9223372036854775807,"), json);
        assertTrue(json.contains("\"price\":1.7976931348623157E308,"), json);
        assertTrue(json.contains("\"transactTime\":-9223372036854775808}"), json);
        String unicode = new String(encode(JacksonFormat.JSON, MessageType.ORDER, fixture(MessageType.ORDER, "unicode")),
                StandardCharsets.UTF_8);
        assertTrue(unicode.contains("\"price\":-0.0,"), unicode);
        assertTrue(unicode.contains("\"symbol\":\"7203.T\uD83D\uDE97\""), "non-ASCII as raw UTF-8: " + unicode);
    }

    /** Every fixture and some random messages of every type, field by field against the record, recursively. */
    @Test
    void everyObjectHasTheRecordsComponentNamesInOrder() throws IOException {
        for (MessageType<?> type : MessageType.all()) {
            for (Object message : messages(type)) {
                JsonNode tree = JSON.readTree(encode(JacksonFormat.JSON, type, message));
                assertMatches(message, tree, type.id());
            }
        }
    }

    @Test
    void smileAndCborCarryTheSameTreeAsJson() throws IOException {
        for (MessageType<?> type : MessageType.all()) {
            for (Object message : messages(type)) {
                JsonNode json = JSON.readTree(encode(JacksonFormat.JSON, type, message));
                assertEquals(json, SMILE.readTree(encode(JacksonFormat.SMILE, type, message)), type.id() + " as Smile");
                assertEquals(json, CBOR.readTree(encode(JacksonFormat.CBOR, type, message)), type.id() + " as CBOR");
            }
        }
    }

    @Test
    void smileStartsWithItsHeaderAndCborIsAnIndefiniteMap() {
        Order order = Samples.reference(MessageType.ORDER);
        byte[] smile = encode(JacksonFormat.SMILE, MessageType.ORDER, order);
        assertArrayEquals(new byte[] {':', ')', '\n'}, new byte[] {smile[0], smile[1], smile[2]});
        byte[] cbor = encode(JacksonFormat.CBOR, MessageType.ORDER, order);
        assertEquals((byte) 0xBF, cbor[0], "a map of indefinite length");
        assertEquals((byte) 0xFF, cbor[cbor.length - 1], "closed by a break");
    }

    /** {@code value} as the record mapping writes it: records as objects by component, in order. */
    private static void assertMatches(Object value, JsonNode node, String path) {
        if (value instanceof Record record) {
            assertTrue(node.isObject(), path + " is an object");
            List<String> names = new ArrayList<>();
            node.fieldNames().forEachRemaining(names::add);
            RecordComponent[] components = record.getClass().getRecordComponents();
            List<String> expected = new ArrayList<>();
            for (RecordComponent component : components) {
                expected.add(component.getName());
            }
            assertEquals(expected, names, path + ": the component names in declaration order");
            for (RecordComponent component : components) {
                try {
                    assertMatches(component.getAccessor().invoke(record), node.get(component.getName()),
                            path + "." + component.getName());
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        } else if (value instanceof List<?> list) {
            assertTrue(node.isArray(), path + " is an array");
            assertEquals(list.size(), node.size(), path);
            for (int i = 0; i < list.size(); i++) {
                assertMatches(list.get(i), node.get(i), path + "[" + i + "]");
            }
        } else if (value instanceof Map<?, ?> map) {
            assertTrue(node.isObject(), path + " is an object");
            assertEquals(map.size(), node.size(), path);
            Iterator<Map.Entry<String, JsonNode>> fields = node.properties().iterator();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                Map.Entry<String, JsonNode> field = fields.next();
                assertEquals(entry.getKey(), field.getKey(), path + ": keys in insertion order");
                assertEquals(entry.getValue(), field.getValue().textValue(), path + "." + entry.getKey());
            }
        } else if (value instanceof Enum<?> constant) {
            assertEquals(constant.name(), node.textValue(), path + ": an enum by its name");
        } else if (value instanceof String string) {
            assertEquals(string, node.textValue(), path);
        } else if (value instanceof Double number) {
            assertTrue(node.isDouble(), path + " is a floating-point number");
            assertEquals(Double.doubleToLongBits(number), Double.doubleToLongBits(node.doubleValue()), path);
        } else if (value instanceof Long || value instanceof Integer) {
            assertTrue(node.isIntegralNumber(), path + " is an integer");
            assertEquals(((Number) value).longValue(), node.longValue(), path);
        } else if (value instanceof Boolean bool) {
            assertTrue(node.isBoolean(), path + " is a boolean");
            assertEquals(bool, node.booleanValue(), path);
        } else {
            throw new AssertionError(path + ": no check for " + value.getClass());
        }
    }

    private static List<Object> messages(MessageType<?> type) {
        List<Object> messages = new ArrayList<>();
        for (Sample<?> sample : Samples.fixtures(type)) {
            messages.add(sample.message());
        }
        messages.addAll(Samples.random(type, MeasurementContract.SEED, 50));
        return messages;
    }

    private static <T> T fixture(MessageType<T> type, String name) {
        return Samples.fixtures(type).stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().message();
    }

    /** The bytes the codec of {@code type} in {@code format} writes for {@code message}. */
    static byte[] encode(JacksonFormat format, MessageType<?> type, Object message) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> codec = (MessageCodec<Object>) codec(format, type);
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        byte[] bytes = new byte[n];
        buffer.get(0, bytes);
        return bytes;
    }

    static MessageCodec<?> codec(JacksonFormat format, MessageType<?> type) {
        return new JacksonCodecProvider().codecs().stream()
                .filter(c -> c.format().equals(format.format()) && c.messageType() == type)
                .findFirst().orElseThrow();
    }
}
