package dev.wirebench.codecs.avro;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes that are not a message of the schema, or a datum no canonical record can hold: decode and traverse of both
 * formats, from heap and direct buffers, end in a {@link CodecException}. The declared lengths are the input the
 * hostile-input tier is about: Avro 1.12.2 must refuse them before it allocates for them (the tests run in a 512 MB
 * heap, where a 2 GB array is an {@code OutOfMemoryError}, which fails the test).
 */
class MalformedInputTest {

    @FunctionalInterface
    interface Fields {
        void write(BinaryEncoder out) throws IOException;
    }

    /** The raw bytes of a datum, written field by field. */
    static byte[] datum(Fields fields) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder out = EncoderFactory.get().directBinaryEncoder(bytes, null);
        fields.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    /** An order up to and including its side, as the side's enum index. */
    static byte[] orderWithSide(int side, double price) throws IOException {
        return datum(out -> {
            out.writeString("c");
            out.writeString("a");
            out.writeString("s");
            out.writeEnum(side);
            out.writeLong(1);
            out.writeEnum(1);
            out.writeDouble(price);
            out.writeEnum(0);
            out.writeLong(2);
        });
    }

    /** A user whose username declares {@code length} bytes and has three. */
    static byte[] userWithUsernameLength(long length) throws IOException {
        return datum(out -> {
            out.writeLong(1);
            out.writeLong(length);
            out.writeFixed(new byte[] {'a', 'b', 'c'});
        });
    }

    /** A user whose roles array declares {@code count} items in one block, and has one. */
    static byte[] userWithRoleCount(long count) throws IOException {
        return datum(out -> {
            out.writeLong(1);
            out.writeString("u");
            out.writeString("e");
            out.writeInt(30);
            out.writeBoolean(true);
            out.writeLong(3);
            out.writeLong(count);
            out.writeString("r");
        });
    }

    /** An infrastructure execution up to its metadata map, which declares {@code count} entries and has one. */
    static byte[] executionWithMetadataCount(long count) throws IOException {
        return datum(out -> {
            out.writeString("x");
            out.writeString("p");
            out.writeString("q");
            out.writeEnum(0);
            out.writeEnum(0);
            out.writeLong(0);
            out.writeLong(0);
            out.writeLong(0);
            out.writeLong(0); // instanceIds: empty
            out.writeLong(0); // approvals: empty
            out.writeLong(1); // one transformation...
            out.writeString("t");
            out.writeEnum(0);
            out.writeLong(0);
            out.writeLong(0);
            out.writeLong(count); // ...whose outputs declare count, as do the metadata below
            out.writeString("o");
            out.writeString("u");
            out.writeLong(1);
            out.writeLong(0);
            out.writeLong(0); // end of transformations
            out.writeLong(count);
            out.writeString("k");
            out.writeString("v");
        });
    }

    static Stream<Arguments> declaredLengths() throws IOException {
        return Stream.of(
                Arguments.of("a 2 GB username", MessageType.USER, userWithUsernameLength(Integer.MAX_VALUE - 8)),
                Arguments.of("a username past what a Java array holds", MessageType.USER,
                        userWithUsernameLength(Long.MAX_VALUE)),
                Arguments.of("a negative username length", MessageType.USER, userWithUsernameLength(-2)),
                Arguments.of("2^31 - 9 roles", MessageType.USER, userWithRoleCount(Integer.MAX_VALUE - 8)),
                Arguments.of("2^62 roles", MessageType.USER, userWithRoleCount(1L << 62)),
                Arguments.of("a block of Long.MIN_VALUE roles", MessageType.USER, userWithRoleCount(Long.MIN_VALUE)),
                Arguments.of("a million roles", MessageType.USER, userWithRoleCount(1_000_000)),
                Arguments.of("2^31 - 9 outputs and metadata entries", MessageType.INFRA_EXECUTION,
                        executionWithMetadataCount(Integer.MAX_VALUE - 8)),
                Arguments.of("100 million outputs and metadata entries", MessageType.INFRA_EXECUTION,
                        executionWithMetadataCount(100_000_000)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("declaredLengths")
    void refusesADeclaredLengthTheBytesCannotHoldBeforeAllocatingForIt(String what, MessageType<?> type, byte[] bytes) {
        assertRejected(type, bytes, null);
    }

    @Test
    void rejectsAnEnumIndexTheSchemaDoesNotHave() throws IOException {
        assertRejected(MessageType.ORDER, orderWithSide(7, 1.0), "Enumeration out of range");
        assertRejected(MessageType.ORDER, orderWithSide(-1, 1.0), "Enumeration out of range");
    }

    @Test
    void rejectsABookLevelOutside0To255() throws IOException {
        for (int level : new int[] {256, -1}) {
            byte[] bytes = datum(out -> {
                out.writeLong(1);
                out.writeString("s");
                out.writeLong(2);
                out.writeLong(3);
                out.writeLong(1); // one entry
                out.writeLong(100);
                out.writeLong(5);
                out.writeEnum(0);
                out.writeInt(level);
                out.writeEnum(0);
                out.writeLong(0);
            });
            assertRejected(MessageType.MARKET_DATA, bytes, "BookEntryAvro.level: " + level + " is outside 0..255");
        }
    }

    @Test
    void rejectsANonFinitePrice() throws IOException {
        for (double price : new double[] {Double.NaN, Double.POSITIVE_INFINITY}) {
            assertRejected(MessageType.ORDER, orderWithSide(0, price), "OrderAvro.price: " + price + " is not finite");
        }
    }

    @Test
    void rejectsBytesAfterTheDatum() throws IOException {
        byte[] order = orderWithSide(0, 1.0);
        byte[] longer = java.util.Arrays.copyOf(order, order.length + 1);
        assertRejected(MessageType.ORDER, longer, "trailing bytes after the order datum");
    }

    @Test
    void rejectsATruncatedDatumAsTheEndOfInput() throws IOException {
        byte[] order = orderWithSide(0, 1.0);
        for (int length = 0; length < order.length; length++) {
            for (CodecException e : rejections(MessageType.ORDER, java.util.Arrays.copyOf(order, length))) {
                assertInstanceOf(EOFException.class, e.getCause(), "truncated to " + length + ": " + e);
            }
        }
    }

    /** What Avro reads without complaint, for the record: not errors, but not what a stricter format would take. */
    @Test
    void readsInvalidUtf8AsReplacementCharactersAndAnyBooleanByteButOneAsFalse() throws IOException {
        byte[] bytes = datum(out -> {
            out.writeLong(1);
            out.writeBytes(new byte[] {'a', (byte) 0xFF, 'b'}); // a string is its length and bytes, like bytes
            out.writeString("e");
            out.writeInt(30);
            out.writeFixed(new byte[] {2}); // a boolean byte of 2
            out.writeLong(3);
            out.writeLong(0);
        });
        User expected = new User(1, "a\uFFFDb", "e", 30, false, 3, List.of());
        for (MessageCodec<?> codec : codecs(MessageType.USER)) {
            assertEquals(expected, codec.decode(ByteBuffer.wrap(bytes), bytes.length), codec.name());
        }
    }

    private static void assertRejected(MessageType<?> type, byte[] bytes, String message) {
        for (CodecException e : rejections(type, bytes)) {
            assertTrue(e.getMessage() != null && (message == null || e.getMessage().contains(message)),
                    "expected '" + message + "' in: " + e.getMessage());
        }
    }

    /** Decode and traverse of both formats, heap and direct: each must throw a CodecException, which is returned. */
    private static List<CodecException> rejections(MessageType<?> type, byte[] bytes) {
        List<CodecException> rejections = new java.util.ArrayList<>();
        for (MessageCodec<?> codec : codecs(type)) {
            for (boolean direct : new boolean[] {false, true}) {
                ByteBuffer src = direct ? ByteBuffer.allocateDirect(bytes.length) : ByteBuffer.allocate(bytes.length);
                src.put(0, bytes);
                String where = codec.name() + (direct ? ", direct" : ", heap");
                rejections.add(assertThrows(CodecException.class, () -> codec.decode(src, bytes.length), where + " decode"));
                rejections.add(assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length), where + " traverse"));
                assertEquals(0, src.position(), where);
            }
        }
        return rejections;
    }

    private static List<MessageCodec<?>> codecs(MessageType<?> type) {
        return List.of(SpecificGenericInteropTest.codec(AvroCodec.SPECIFIC, type),
                SpecificGenericInteropTest.codec(AvroCodec.GENERIC, type));
    }
}
