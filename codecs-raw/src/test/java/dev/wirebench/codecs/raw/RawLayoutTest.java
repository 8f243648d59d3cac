package dev.wirebench.codecs.raw;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
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

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bytes are exactly the layout the README documents, whatever kind of buffer, byte order or
 * array offset they are written to or read from; the reference sizes are the README's.
 */
class RawLayoutTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void writesMarketDataAsDocumented() {
        MarketData m = new MarketData(1L, "ES", 2L, 3L, List.of(new BookEntry(4L, 5L, Side.SELL, 255, EntryType.TRADE)));
        assertLayout(new RawMarketDataCodec(), m,
                "01",                                       // message id
                "0100000000000000",                         // instrumentId
                "02000000", "4553",                         // symbol
                "0200000000000000", "0300000000000000",     // sequenceNumber, timestamp
                "01000000",                                 // entries
                "0400000000000000", "0500000000000000", "01", "ff", "03"); // price, quantity, side, level, entryType
    }

    @Test
    void writesUserAsDocumented() {
        User u = new User(9L, "u", "", 30, true, 10L, List.of("a", "bc"));
        assertLayout(new RawUserCodec(), u,
                "02", "0900000000000000", "01000000", "75", "00000000", "1e000000", "01", "0a00000000000000",
                "02000000", "01000000", "61", "02000000", "6263");
    }

    @Test
    void writesOrderAsDocumented() {
        Order o = new Order("A", "", "é", Side.SELL, 5L, OrdType.LIMIT, 1.5, TimeInForce.IMMEDIATE_OR_CANCEL, 7L);
        assertLayout(new RawOrderCodec(), o,
                "03", "01000000", "41", "00000000", "02000000", "c3a9",
                "01", "0500000000000000", "01", "000000000000f83f", "02", "0700000000000000");
    }

    @Test
    void writesInfrastructureExecutionAsDocumented() {
        InfrastructureExecution x = new InfrastructureExecution("e", "p", "q", ExecutionStatus.RUNNING,
                TriggerType.WEBHOOK, 1L, 2L, 3L, List.of("i"),
                List.of(new Approval(new UserInfo("u", "n", "m", "t"), ApprovalDecision.APPROVED, 4L, "c")),
                List.of(new Transformation("s", TransformationStatus.DONE, 5L, 6L,
                        List.of(new TransformationOutput("o", "r", 7L)))),
                Map.of("k", "v"), Map.of("x", "y"), true, false, true, "!");
        assertLayout(new RawInfrastructureExecutionCodec(), x,
                "04", "0100000065", "0100000070", "0100000071",                     // ids
                "02", "02",                                                         // status, trigger
                "0100000000000000", "0200000000000000", "0300000000000000",         // started, stopped, approved
                "01000000", "0100000069",                                           // instanceIds
                "01000000", "0100000075", "010000006e", "010000006d", "0100000074", // approvals: approver
                "01", "0400000000000000", "0100000063",                             // decision, decidedAt, comment
                "01000000", "0100000073", "02", "0500000000000000", "0600000000000000", // transformations
                "01000000", "010000006f", "0100000072", "0700000000000000",         // its outputs
                "01000000", "010000006b", "0100000076",                             // metadata
                "01000000", "0100000078", "0100000079",                             // outputs
                "01", "00", "01",                                                   // dryRun, rollback, approval
                "0100000021");                                                      // errorMessage
    }

    @Test
    void referenceSamplesHaveTheDocumentedSizes() {
        assertEquals(132, referenceSize(new RawMarketDataCodec()));
        assertEquals(87, referenceSize(new RawUserCodec()));
        assertEquals(71, referenceSize(new RawOrderCodec()));
        assertEquals(2423, referenceSize(new RawInfrastructureExecutionCodec()));
    }

    /** Same bytes into a heap buffer of either byte order, a direct one, and a heap slice with an array offset. */
    private static <T> void assertLayout(MessageCodec<T> codec, T message, String... hex) {
        byte[] expected = HEX.parseHex(String.join("", hex));
        ByteBuffer slice = ByteBuffer.allocate(256).position(5).slice();
        for (ByteBuffer buffer : List.of(ByteBuffer.allocate(256), ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN),
                ByteBuffer.allocateDirect(256), ByteBuffer.allocateDirect(256).order(ByteOrder.LITTLE_ENDIAN), slice)) {
            ByteOrder order = buffer.order();
            buffer.position(3);
            int n = codec.encode(message, buffer);
            byte[] actual = new byte[n];
            buffer.get(3, actual);
            assertEquals(HEX.formatHex(expected), HEX.formatHex(actual), codec.name() + " into " + buffer);
            assertEquals(order, buffer.order(), "encode changed the byte order");
            buffer.position(3);
            assertEquals(message, codec.decode(buffer, n));
            assertEquals(codec.messageType().checksum(message), codec.traverse(buffer, n));
            assertEquals(3, buffer.position());
            assertEquals(order, buffer.order(), "decode changed the byte order");
        }
        // a read-only buffer has no accessible array: it is read through the buffer
        ByteBuffer readOnly = ByteBuffer.wrap(expected).asReadOnlyBuffer();
        assertEquals(message, codec.decode(readOnly, expected.length));
        assertEquals(codec.messageType().checksum(message), codec.traverse(readOnly, expected.length));
    }

    private static <T> int referenceSize(MessageCodec<T> codec) {
        int size = codec.encode(Samples.reference(codec.messageType()), ByteBuffer.allocate(1 << 16));
        StringBuilder others = new StringBuilder();
        for (Sample<T> sample : Samples.fixtures(codec.messageType())) {
            others.append(' ').append(sample.name()).append(' ')
                    .append(codec.encode(sample.message(), ByteBuffer.allocate(1 << 16)));
        }
        System.out.println(codec.name() + ":" + others + " bytes");
        return size;
    }
}
