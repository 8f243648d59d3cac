package dev.wirebench.codecs.avro;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codecs.avro.generated.InfrastructureExecutionAvro;
import dev.wirebench.codecs.avro.generated.MarketDataAvro;
import dev.wirebench.codecs.avro.generated.OrderAvro;
import dev.wirebench.codecs.avro.generated.UserAvro;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The bytes are a plain Avro binary datum of the schema in {@code schemas/avro}: no container file header, no
 * single-object marker ({@code C3 01} and a fingerprint), nothing but the fields in schema order. What a reader in
 * another language does with the {@code .avsc} file (fastavro's {@code schemaless_reader}) is what this test does with
 * Avro's generic reader on the file's own schema, without the Java-only {@code avro.java.string} property.
 */
class WireFormatTest {

    private static final Path SCHEMAS = Path.of(System.getProperty("wirebench.schemas", "../schemas"), "avro");

    @Test
    void aSmallOrderIsItsFieldsInSchemaOrderAndNothingElse() {
        Order order = new Order("A", "", "", Side.SELL, 1L, OrdType.LIMIT, 0.5, TimeInForce.DAY, -1L);
        String expected = "02" + "41"        // clOrdId: length 1 (zig-zag varint 2), "A"
                + "00"                       // account: ""
                + "00"                       // symbol: ""
                + "02"                       // side: symbol index 1, SELL
                + "02"                       // orderQty: 1, zig-zag
                + "02"                       // ordType: index 1, LIMIT
                + "000000000000e03f"         // price: 0.5, IEEE 754 little-endian
                + "00"                       // timeInForce: index 0, DAY
                + "01";                      // transactTime: -1, zig-zag
        for (String format : new String[] {AvroCodec.SPECIFIC, AvroCodec.GENERIC}) {
            @SuppressWarnings("unchecked")
            MessageCodec<Object> codec = (MessageCodec<Object>) SpecificGenericInteropTest.codec(format, MessageType.ORDER);
            assertEquals(expected, HexFormat.of().formatHex(SpecificGenericInteropTest.encode(codec, order)), format);
        }
    }

    static Stream<Arguments> messages() {
        return Stream.of(
                Arguments.of(MessageType.MARKET_DATA, "market_data.avsc", MarketDataAvro.getClassSchema()),
                Arguments.of(MessageType.USER, "user.avsc", UserAvro.getClassSchema()),
                Arguments.of(MessageType.ORDER, "order.avsc", OrderAvro.getClassSchema()),
                Arguments.of(MessageType.INFRA_EXECUTION, "infrastructure_execution.avsc",
                        InfrastructureExecutionAvro.getClassSchema()));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("messages")
    void theSchemaFileReadsTheBytesAsOneWholeDatum(MessageType<?> type, String file, Schema generated) throws IOException {
        Schema schema = parse(file);
        // the build compiled the same schema: equal up to docs and Java-only properties (Parsing Canonical Form)
        assertEquals(SchemaNormalization.parsingFingerprint64(schema), SchemaNormalization.parsingFingerprint64(generated),
                file + " and the generated " + generated.getName());
        GenericDatumReader<GenericRecord> reader = new GenericDatumReader<>(schema);
        for (String format : new String[] {AvroCodec.SPECIFIC, AvroCodec.GENERIC}) {
            @SuppressWarnings("unchecked")
            MessageCodec<Object> codec = (MessageCodec<Object>) SpecificGenericInteropTest.codec(format, type);
            for (Sample<?> sample : Samples.fixtures(type)) {
                String what = format + "/" + type.id() + " fixture " + sample.name();
                byte[] bytes = SpecificGenericInteropTest.encode(codec, sample.message());
                BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, null);
                GenericRecord datum = reader.read(null, decoder);
                assertTrue(decoder.isEnd(), what + ": bytes left after the datum");
                // the same values as avro-generic reads (Strings there, Utf8 here; maps in no particular order)
                GenericRecord expected = generic(type).decodeNative(ByteBuffer.wrap(bytes), bytes.length);
                assertEquals(plain(expected), plain(datum), what + ": read through " + file);
            }
        }
    }

    @SuppressWarnings("unchecked")
    private static NativeModel<?, GenericRecord> generic(MessageType<?> type) {
        return (NativeModel<?, GenericRecord>) SpecificGenericInteropTest.codec(AvroCodec.GENERIC, type)
                .nativeModel().orElseThrow();
    }

    /** A datum as lists, sorted maps, strings and boxed numbers, comparable across string types and map orders. */
    private static Object plain(Object value) {
        if (value instanceof GenericRecord record) {
            List<Object> fields = new ArrayList<>();
            for (Schema.Field field : record.getSchema().getFields()) {
                fields.add(field.name() + "=" + plain(record.get(field.pos())));
            }
            return fields;
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> sorted = new TreeMap<>();
            map.forEach((k, v) -> sorted.put(k.toString(), plain(v)));
            return sorted;
        }
        if (value instanceof List<?> list) {
            return list.stream().map(WireFormatTest::plain).toList();
        }
        if (value instanceof CharSequence || value instanceof GenericEnumSymbol<?>) {
            return value.toString();
        }
        return value;
    }

    /** The message's file after Side.avsc, the one named type two messages share. */
    private static Schema parse(String file) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        parser.parse(Files.readString(SCHEMAS.resolve("Side.avsc")));
        return parser.parse(Files.readString(SCHEMAS.resolve(file)));
    }
}
