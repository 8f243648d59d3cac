package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import org.apache.fory.Fory;
import org.apache.fory.builder.Generated;
import org.apache.fory.config.Language;
import org.apache.fory.serializer.Serializer;
import org.apache.fory.type.Types;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import java.util.function.BiFunction;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the codecs put on the wire: what a plain Fory writes, registered ids, generated serializers, enum ordinals. */
class ForyWireTest {

    static Stream<ForyCodec<?>> codecs() {
        return new ForyCodecProvider().codecs().stream().map(c -> (ForyCodec<?>) c);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void writesWhatAPlainForyWritesAndReads(ForyCodec<?> codec) {
        Language language = codec.format().startsWith(ForyCodec.XLANG_FORMAT) ? Language.XLANG : Language.JAVA;
        // a Fory configured as the codec's is, used through its byte[] API
        Fory plain = ForyCodec.newFory(codec.messageType(), language);
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            byte[] bytes = encode(codec, sample.message());
            assertArrayEquals(plain.serialize(sample.message()), bytes, codec.name() + " " + sample.name());
            assertEquals(sample.message(), plain.deserialize(bytes), codec.name() + " " + sample.name());
        }
    }

    /** Header byte (xlang flag), the root's not-null flag, STRUCT and the fixed id of the record: no class names. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void startsWithTheRegisteredIdOfTheRecord(ForyCodec<?> codec) {
        byte[] bytes = encode(codec, Samples.fixtures(codec.messageType()).get(0).message());
        int header = codec.format().startsWith(ForyCodec.XLANG_FORMAT) ? 1 : 0;
        assertEquals(header, bytes[0], codec.name() + ": header bitmap");
        assertEquals(Fory.NOT_NULL_VALUE_FLAG, bytes[1], codec.name() + ": root flag");
        assertEquals(Types.STRUCT, bytes[2], codec.name() + ": root type");
        assertEquals(ForyTypes.id(codec.messageType().javaType()), bytes[3], codec.name() + ": registered id");
    }

    /**
     * With synchronous compilation the first call generates every serializer the message needs, on
     * the calling thread; the same generated instances serve every later call (nothing is swapped in
     * during a measurement).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void generatesItsSerializersOnTheFirstCallAndKeepsThem(ForyCodec<?> codec) {
        Object reference = Samples.fixtures(codec.messageType()).get(0).message();
        encode(codec, reference);
        List<Serializer<?>> first = new ArrayList<>();
        for (Class<?> cls : ForyTypes.of(codec.messageType())) {
            Serializer<?> serializer = codec.fory().getTypeResolver().getSerializer(cls);
            if (cls.isRecord()) {
                assertInstanceOf(Generated.class, serializer, codec.name() + ": " + cls.getSimpleName() + " serializer");
            }
            first.add(serializer);
        }
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        for (int i = 0; i < 2_000; i++) {
            buffer.clear();
            int n = raw(codec).encode(reference, buffer);
            assertEquals(reference, codec.decode(buffer.position(0), n));
        }
        List<Class<?>> classes = ForyTypes.of(codec.messageType());
        for (int i = 0; i < classes.size(); i++) {
            assertSame(first.get(i), codec.fory().getTypeResolver().getSerializer(classes.get(i)),
                    codec.name() + ": " + classes.get(i).getSimpleName() + " serializer was replaced");
        }
    }

    /**
     * Fory writes an enum as its ordinal (a varuint: one byte here), the numbering {@link Ordinals}
     * holds every format to, and refuses an ordinal the enum does not have.
     */
    @ParameterizedTest(name = "{0}")
    @EnumSource(Language.class)
    void writesEnumsAsTheirOrdinalsAndRefusesUnknownOnes(Language language) {
        ForyCodec<Order> codec = new ForyCodec<>(MessageType.ORDER, language, false);
        Order reference = (Order) Samples.fixtures(MessageType.ORDER).get(0).message();
        checkEnum(codec, reference, Ordinals.SIDES, (o, e) -> new Order(o.clOrdId(), o.account(), o.symbol(), e,
                o.orderQty(), o.ordType(), o.price(), o.timeInForce(), o.transactTime()));
        checkEnum(codec, reference, Ordinals.ORD_TYPES, (o, e) -> new Order(o.clOrdId(), o.account(), o.symbol(),
                o.side(), o.orderQty(), e, o.price(), o.timeInForce(), o.transactTime()));
        checkEnum(codec, reference, Ordinals.TIMES_IN_FORCE, (o, e) -> new Order(o.clOrdId(), o.account(),
                o.symbol(), o.side(), o.orderQty(), o.ordType(), o.price(), e, o.transactTime()));
    }

    private static <E extends Enum<E>> void checkEnum(ForyCodec<Order> codec, Order reference, E[] constants,
                                                      BiFunction<Order, E, Order> with) {
        String what = codec.name() + " " + constants[0].getDeclaringClass().getSimpleName();
        byte[] first = encode(codec, with.apply(reference, constants[0]));
        int at = -1;
        for (E constant : constants) {
            byte[] bytes = encode(codec, with.apply(reference, constant));
            assertEquals(first.length, bytes.length, what);
            int[] differ = differences(first, bytes);
            if (constant.ordinal() > 0) {
                assertEquals(1, differ.length, what + " " + constant + ": one byte changes");
                at = differ[0];
                assertEquals(constant.ordinal(), bytes[at], what + " " + constant + " on the wire");
            }
        }
        byte[] unknown = first.clone();
        unknown[at] = (byte) constants.length;
        ByteBuffer src = ByteBuffer.wrap(unknown);
        CodecException e = assertThrows(CodecException.class, () -> codec.decode(src, unknown.length),
                what + " ordinal " + constants.length);
        assertTrue(e.getMessage().contains("Enum tag " + constants.length), e.getMessage());
        assertThrows(CodecException.class, () -> codec.traverse(src, unknown.length));
    }

    private static int[] differences(byte[] a, byte[] b) {
        return IntStream.range(0, a.length).filter(i -> a[i] != b[i]).toArray();
    }

    static byte[] encode(MessageCodec<?> codec, Object message) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = raw(codec).encode(message, buffer);
        return Arrays.copyOf(buffer.array(), n);
    }

    static String hex(MessageCodec<?> codec, Object message) {
        return HexFormat.of().formatHex(encode(codec, message));
    }

    @SuppressWarnings("unchecked")
    static MessageCodec<Object> raw(MessageCodec<?> codec) {
        return (MessageCodec<Object>) codec;
    }
}
