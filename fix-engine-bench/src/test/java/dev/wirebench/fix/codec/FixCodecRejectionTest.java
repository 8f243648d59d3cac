package dev.wirebench.fix.codec;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What each codec refuses, and that it says why: the frame, the message type, the fields, SOH in a string. */
class FixCodecRejectionTest {

    private static final String BODY = "35=D|34=1|49=WBCLIENT|52=20251121-04:40:00.123|56=WBSERVER|1=ACC|11=C1|38=100|"
            + "40=2|44=187.25|54=1|55=AAPL|59=0|60=20251121-04:40:00.123456789|";

    static Stream<Arguments> codecs() {
        return Stream.of(Arguments.of(new QuickFixJOrderCodec()), Arguments.of(new PhiladelphiaOrderCodec()));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldAcceptTheHandFramedMessageTheOtherTestsBreak(MessageCodec<Order> codec) {
        byte[] fix = FixTestMessages.frame(BODY);
        assertTrue(codec.decode(ByteBuffer.wrap(fix), fix.length).clOrdId().equals("C1"));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRejectAWrongBodyLengthSayingSo(MessageCodec<Order> codec) {
        byte[] body = bytes(BODY);
        assertRejected(codec, FixTestMessages.frame(body, body.length - 1, 0), "BodyLength");
        assertRejected(codec, FixTestMessages.frame(body, body.length + 1, 0), "BodyLength");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRejectAWrongCheckSumSayingSo(MessageCodec<Order> codec) {
        byte[] body = bytes(BODY);
        assertRejected(codec, FixTestMessages.frame(body, body.length, 1), "CheckSum");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRejectAnotherBeginStringOrMessageType(MessageCodec<Order> codec) {
        byte[] fix44 = FixTestMessages.frame(BODY);
        byte[] fix42 = new String(fix44, StandardCharsets.US_ASCII).replace("FIX.4.4", "FIX.4.2").getBytes(StandardCharsets.US_ASCII);
        assertRejected(codec, fix42, "8=FIX.4.4");
        assertRejected(codec, FixTestMessages.frame(BODY.replace("35=D", "35=8")), "35");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRejectAMissingOrMalformedField(MessageCodec<Order> codec) {
        assertRejected(codec, FixTestMessages.frame(BODY.replace("55=AAPL|", "")), "55");
        assertRejected(codec, FixTestMessages.frame(BODY.replace("54=1|", "54=7|")), "Side");
        assertRejected(codec, FixTestMessages.frame(BODY.replace("44=187.25|", "44=1.8725e2|")), "Price");
        assertRejected(codec, FixTestMessages.frame(BODY.replace("38=100|", "38=1x|")), "");
        assertRejected(codec, FixTestMessages.frame(BODY.replace(".123456789", ".12345678x")), "");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRejectTrailingBytesAfterTheCheckSum(MessageCodec<Order> codec) {
        byte[] fix = FixTestMessages.frame(BODY);
        byte[] longer = Arrays.copyOf(fix, fix.length + 3);
        assertThrows(CodecException.class, () -> codec.decode(ByteBuffer.wrap(longer), longer.length));
        assertThrows(CodecException.class, () -> codec.traverse(ByteBuffer.wrap(longer), longer.length));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void shouldRefuseToEncodeAStringHoldingSoh(MessageCodec<Order> codec) {
        Order reference = Samples.reference(MessageType.ORDER);
        Order withSoh = new Order("A\u0001B", reference.account(), reference.symbol(), reference.side(), reference.orderQty(),
                reference.ordType(), reference.price(), reference.timeInForce(), reference.transactTime());
        ByteBuffer dst = ByteBuffer.allocate(4096);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codec.encode(withSoh, dst));
        assertTrue(e.getMessage().contains("clOrdId") && e.getMessage().contains("SOH"), e.getMessage());
        assertTrue(dst.position() == 0, "nothing consumed");
    }

    private static void assertRejected(MessageCodec<Order> codec, byte[] fix, String named) {
        CodecException decode = assertThrows(CodecException.class, () -> codec.decode(ByteBuffer.wrap(fix), fix.length));
        assertTrue(decode.getMessage().contains(named), codec.name() + " said: " + decode.getMessage());
        CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(ByteBuffer.wrap(fix), fix.length));
        assertTrue(traverse.getMessage().contains(named), codec.name() + " said: " + traverse.getMessage());
    }

    private static byte[] bytes(String body) {
        return body.replace('|', '\u0001').getBytes(StandardCharsets.US_ASCII);
    }
}
