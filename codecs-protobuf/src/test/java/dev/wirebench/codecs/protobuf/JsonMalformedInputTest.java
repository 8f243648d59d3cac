package dev.wirebench.codecs.protobuf;

import com.google.protobuf.Struct;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import static dev.wirebench.codecs.protobuf.MalformedInputTest.assertRejected;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Input the {@code protobuf-json+guarded} codecs must reject, with a CodecException saying what was
 * wrong, from decode and traverse, heap and direct: what Gson's lenient parser would accept, nesting
 * that would recurse deep, invalid UTF-8, unsigned values that would make JsonFormat compute for
 * ever, and what protobuf JSON itself does not allow. And what the plain {@code protobuf-json}
 * codecs, without {@link JsonScan}, make of some of it: why they claim only the measurement tier.
 */
class JsonMalformedInputTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
            "{/* a comment */\"clOrdId\":\"A\"}   | unexpected '/'",
            "{\"clOrdId\":\"A\"} // a comment     | data after the top-level object",
            "{'clOrdId':'A'}                      | not a JSON value: 'clOrdId'",
            "{clOrdId:\"A\"}                      | not a JSON value: clOrdId",
            "{\"clOrdId\":A}                      | not a JSON value: A",
            "{\"clOrdId\":\"A\";\"account\":\"B\"}| unexpected ';'",
            "{\"clOrdId\"=\"A\"}                  | unexpected '='",
            "{\"price\":NaN}                      | not a JSON value: NaN",
            "{\"price\":01}                       | not a JSON value: 01",
            "{\"price\":1.}                       | not a JSON value: 1.",
            "{\"orderQty\":TRUE}                  | not a JSON value: TRUE",
            "{\"clOrdId\":1\"[[\"}                | not a JSON value: 1\"",
            "{\"clOrdId\":\"A\"}{\"account\":\"B\"}| data after the top-level object",
            ")]}' {\"clOrdId\":\"A\"}             | starts with ')'",
            "[{\"clOrdId\":\"A\"}]                | starts with '['",
            "\"A\"                                | starts with '\"'",
            "{\"clOrdId\":\"A\\x\"}               | an invalid escape \\'x'",
            "{\"clOrdId\":\"A\\u00G1\"}           | an invalid \\u escape",
            "{\"clOrdId\":\"A                      | ends inside a string",
            "{\"clOrdId\":\"A\"                   | ends before the top-level object is closed",
            "{1:\"A\"}                            | an object key must be a string"})
    void rejectsWhatGsonsLenientParserWouldAccept(String json, String what) {
        assertRejected(ProtobufCodec.order(JsonWire::guarded), bytes(json), what);
    }

    @Test
    void rejectsEmptyInputAndAnUnescapedControlCharacter() {
        assertRejected(ProtobufCodec.order(JsonWire::guarded), new byte[0], "the input is empty");
        assertRejected(ProtobufCodec.order(JsonWire::guarded), bytes("{\"clOrdId\":\"A\u0001\"}"),
                "an unescaped control character byte 0x01 in a string");
    }

    @Test
    void rejectsNestingDeeperThanTheSchemaNeedsBeforeParsing() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        assertRejected(ProtobufCodec.marketData(JsonWire::guarded), bytes("{\"entries\":" + deep + "}"),
                "nesting depth 4 exceeds the schema's maximum of 3");
        assertRejected(ProtobufCodec.order(JsonWire::guarded), bytes("{\"clOrdId\":{}}"),
                "nesting depth 2 exceeds the schema's maximum of 1");
        // infra-execution's deepest: { transformations [ { outputs [ { name
        MessageCodec<InfrastructureExecution> infra = ProtobufCodec.infrastructureExecution(JsonWire::guarded);
        assertRejected(infra, bytes("{\"transformations\":[{\"outputs\":[{\"name\":[]}]}]}"),
                "nesting depth 6 exceeds the schema's maximum of 5");
        byte[] deepest = bytes("{\"transformations\":[{\"outputs\":[{\"name\":\"x\"}]}]}");
        assertEquals("x", infra.decode(ByteBuffer.wrap(deepest), deepest.length)
                .transformations().get(0).outputs().get(0).name());
    }

    @Test
    void bracketsInsideStringsAreText() {
        byte[] json = bytes("{\"clOrdId\":\"[[[{{{\\\"]]]\"}");
        Order order = ProtobufCodec.order(JsonWire::guarded).decode(ByteBuffer.wrap(json), json.length);
        assertEquals("[[[{{{\"]]]", order.clOrdId());
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"C328", "ED A080", "C0AF", "F4908080", "E282", "FF"})
    void rejectsInvalidUtf8(String hex) {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        json.writeBytes(bytes("{\"clOrdId\":\""));
        json.writeBytes(HexFormat.of().parseHex(hex.replace(" ", "")));
        json.writeBytes(bytes("\"}"));
        assertRejected(ProtobufCodec.order(JsonWire::guarded), json.toByteArray(), "invalid UTF-8 at byte 12");
    }

    @ParameterizedTest(name = "{0}")
    // 10^999999999 is past BigInteger's range, which fails fast; exponents below it are the slow ones
    @ValueSource(strings = {"1e99999999", "\"1e99999999\"", "1E-99999999", "\"1e+000099999999\""})
    void rejectsAnUnsignedValueWithAHugeExponentQuickly(String level) {
        MessageCodec<MarketData> codec = ProtobufCodec.marketData(JsonWire::guarded);
        // JsonFormat would compute 10^99999999 through BigDecimal.toBigIntegerExact
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            assertRejected(codec, bytes("{\"entries\":[{\"level\":" + level + "}]}"),
                    "an unsigned integer with an exponent of more than 3 digits");
            // an escaped key may spell "level" once unescaped: its value is held to the same bound
            assertRejected(codec, bytes("{\"entries\":[{\"lev\\u0065l\":" + level + "}]}"),
                    "an unsigned integer with an exponent of more than 3 digits");
        });
        assertRejected(codec, bytes("{\"entries\":[{\"level\":\"1\\u006599999999\"}]}"),
                "an escape in an unsigned integer");
        // Gson reads a one-element array as its element
        assertRejected(codec, bytes("{\"entries\":[{\"level\":[1]}]}"), "an unsigned integer in brackets");
    }

    @Test
    void acceptsAnUnsignedValueWithASmallExponent() {
        byte[] json = bytes("{\"entries\":[{\"level\":2.55e2},{\"level\":\"25500E-2\"}]}");
        MarketData decoded = ProtobufCodec.marketData(JsonWire::guarded).decode(ByteBuffer.wrap(json), json.length);
        assertEquals(List.of(255, 255), decoded.entries().stream().map(e -> e.level()).toList());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "{\"clOrdId\":\"A\",\"venue\":\"X\"}    | Cannot find field: venue",
            "{\"side\":\"SIDE_SHORT\"}              | Invalid enum value: SIDE_SHORT",
            "{\"orderQty\":\"9223372036854775808\"} | Not an int64 value",
            "{\"orderQty\":1.5}                     | Not an int64 value",
            "{\"price\":1e400}                      | Out of range double value",
            "{\"clOrdId\":\"A\",\"cl_ord_id\":\"B\"}| has already been set",
            "{\"clOrdId\":{}}                       | nesting depth 2",
            "{\"transactTime\":true}                | Not an int64 value",
            "{\"side\":7}                           | OrderProto.side: 7 is not a known value (0..1)",
            "{\"price\":\"NaN\"}                    | OrderProto.price must be finite",
            "{\"price\":\"-Infinity\"}              | OrderProto.price must be finite"})
    void rejectsWhatProtobufJsonOrTheRecordDoesNotAllow(String json, String what) {
        assertRejected(ProtobufCodec.order(JsonWire::guarded), bytes(json), what);
    }

    // the plain codecs: JsonFormat alone

    @Test
    void thePlainCodecTakesWhatGsonsLenientParserTakes() {
        byte[] json = bytes("{/* a comment */'clOrdId':A;\"account\"=\"B\"}");
        Order order = ProtobufCodec.order(JsonWire::plain).decode(ByteBuffer.wrap(json), json.length);
        assertEquals(List.of("A", "B"), List.of(order.clOrdId(), order.account()));
    }

    /**
     * Without the scan, deep nesting overflows the stack in Gson's recursive tree building; Gson
     * catches its own StackOverflowError and JsonFormat reports it, so it still ends in a
     * CodecException, after the recursion instead of before it.
     */
    @Test
    void thePlainCodecRejectsDeepNestingOnlyAfterOverflowingTheStack() {
        String deep = "[".repeat(100_000) + "]".repeat(100_000);
        byte[] json = bytes("{\"entries\":" + deep + "}");
        MessageCodec<MarketData> plain = ProtobufCodec.marketData(JsonWire::plain);
        CodecException e = assertThrows(CodecException.class, () -> plain.decode(ByteBuffer.wrap(json), json.length));
        Throwable cause = e;
        while (cause != null && !(cause instanceof StackOverflowError)) {
            cause = cause.getCause();
        }
        assertTrue(cause instanceof StackOverflowError, "caused by a StackOverflowError: " + e);
    }

    /**
     * What keeps {@code protobuf-json} out of the hostile-input tier although it passes the kit's
     * truncations and corruptions: an unsigned value such as {@code 1e99999999} makes JsonFormat compute
     * for minutes (not run here; see rejectsAnUnsignedValueWithAHugeExponentQuickly for the guard).
     */
    @Test
    void onlyTheGuardedCodecsClaimTheHostileInputTier() {
        for (MessageCodec<?> codec : new ProtobufCodecProvider().codecs()) {
            Conformance expected = codec.format().equals(JsonWire.FORMAT) ? Conformance.MEASUREMENT : Conformance.HOSTILE_INPUT;
            assertEquals(expected, codec.conformance(), codec.name());
        }
    }

    @Test
    void refusesASchemaItCannotBound() {
        // google.protobuf.Value nests without limit
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> JsonWire.plain(Struct.getDefaultInstance()));
        assertTrue(e.getMessage().contains("google.protobuf.Value"), e.getMessage());
    }

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }
}
