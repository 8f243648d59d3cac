package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static dev.wirebench.codecs.msgpack.MsgpackStandardBytesTest.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** One small message of each type is exactly the bytes of the README's layout; the reference sizes are the README's. */
class MsgpackLayoutTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void anOrderIsAFixarrayOfNineWithOrdinalsAndAFloat64() {
        Order order = new Order("A", "B", "C", Side.SELL, 100, OrdType.LIMIT, 1.5, TimeInForce.DAY, 1);
        assertBytes("99" // fixarray of 9
                + "a141" + "a142" + "a143" // fixstr "A", "B", "C"
                + "01" // side SELL: positive fixint 1
                + "64" // orderQty 100
                + "01" // ordType LIMIT
                + "cb3ff8000000000000" // price 1.5 as float64
                + "00" // timeInForce DAY
                + "01", // transactTime 1
                new MsgpackOrderCodec(), order);
    }

    @Test
    void aUserTakesTheSmallestIntegerEncodingsAndStrHeaders() {
        User user = new User(-1, "", "x".repeat(32), 200, true, 1L << 32, List.of("r"));
        assertBytes("97" // fixarray of 7
                + "ff" // id -1: negative fixint
                + "a0" // "": fixstr of 0
                + "d920" + "78".repeat(32) // 32 bytes: str8
                + "ccc8" // age 200: uint8
                + "c3" // true
                + "cf0000000100000000" // 2^32: uint64
                + "91a172", // roles: fixarray of 1, "r"
                new MsgpackUserCodec(), user);
    }

    @Test
    void marketDataEntriesAreNestedArrays() {
        MarketData m = new MarketData(7, "ES", 65536, -33,
                List.of(new BookEntry(-129, 0, Side.BUY, 255, EntryType.TRADE)));
        assertBytes("95" + "07" + "a24553"
                + "ce00010000" // 65536: uint32
                + "d0df" // -33: int8
                + "91" + "95" + "d1ff7f" + "00" + "00" + "ccff" + "03", // [[-129 (int16), 0, BUY, 255, TRADE]]
                new MsgpackMarketDataCodec(), m);
    }

    @Test
    void anInfrastructureExecutionHasNestedArraysAndMapsInInsertionOrder() {
        InfrastructureExecution x = new InfrastructureExecution("e", "p", "j", ExecutionStatus.FAILED,
                TriggerType.API, 1, 2, 3, List.of("i"),
                List.of(new Approval(new UserInfo("u", "d", "m", "t"), ApprovalDecision.REJECTED, 4, "c")),
                List.of(new Transformation("n", TransformationStatus.SKIPPED, 5, 6,
                        List.of(new TransformationOutput("o", "s", 7)))),
                Map.of("k", "v"), Map.of(), false, true, false, "");
        assertBytes("dc0011" // 17 components: array16
                + "a165" + "a170" + "a16a" + "04" + "03" + "01" + "02" + "03"
                + "91a169" // instanceIds
                + "91" + "94" + "94a175a164a16da174" + "02" + "04" + "a163" // approvals
                + "91" + "95" + "a16e" + "04" + "05" + "06" + "91" + "93a16fa17307" // transformations
                + "81a16ba176" // metadata: fixmap of 1
                + "80" // outputs: fixmap of 0
                + "c2" + "c3" + "c2" + "a0",
                new MsgpackInfrastructureExecutionCodec(), x);
    }

    @Test
    void referenceSizesAreTheReadmes() {
        assertEquals(96, size(new MsgpackMarketDataCodec(), Samples.reference(MessageType.MARKET_DATA)));
        assertEquals(64, size(new MsgpackUserCodec(), Samples.reference(MessageType.USER)));
        assertEquals(57, size(new MsgpackOrderCodec(), Samples.reference(MessageType.ORDER)));
        assertEquals(2127, size(new MsgpackInfrastructureExecutionCodec(), Samples.reference(MessageType.INFRA_EXECUTION)));
    }

    private static <T> void assertBytes(String hex, MessageCodec<T> codec, T message) {
        byte[] bytes = encode(codec, message);
        assertEquals(hex, HEX.formatHex(bytes), codec.name());
        assertEquals(message, codec.decode(java.nio.ByteBuffer.wrap(bytes), bytes.length), codec.name());
    }

    private static <T> int size(MessageCodec<T> codec, T message) {
        return encode(codec, message).length;
    }
}
