package dev.wirebench.fix.codec;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageParser;
import com.paritytrading.philadelphia.FIXRuntimeException;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Utf8;
import dev.wirebench.codec.message.Order;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static com.paritytrading.philadelphia.fix44.FIX44Tags.Account;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.ClOrdID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.MsgSeqNum;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.MsgType;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.OrdType;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.OrderQty;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.Price;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.SenderCompID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.SendingTime;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.Side;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.Symbol;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.TargetCompID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.TimeInForce;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.TransactTime;

/**
 * {@code fix-philadelphia/order}: a FIX 4.4 NewOrderSingle built in one reused {@link FIXMessage} and
 * parsed by Philadelphia's {@link FIXMessageParser} straight from the caller's buffer. Garbage-free
 * on encode and traverse; see the package documentation for the tier.
 */
final class PhiladelphiaOrderCodec extends AbstractMessageCodec<Order> {

    static final String FORMAT = "fix-philadelphia";

    /** Bytes a value may take; Philadelphia's values are fixed-size arrays. Fits any price text. */
    static final int FIELD_CAPACITY = 1024;
    /** Fields in the body the parser keeps: 14 are ours, the rest is room for what a peer adds. */
    private static final int MAX_FIELD_COUNT = 32;

    private final FIXMessage message = new FIXMessage(MAX_FIELD_COUNT, FIELD_CAPACITY);
    private final FIXMessageParser parser;
    /** The parser's one message, as its listener last received it. */
    private FIXMessage parsed;
    /** Body bytes, written before the header because BodyLength must know their count. */
    private final ByteBuffer body = ByteBuffer.allocate(MAX_FIELD_COUNT * (FIELD_CAPACITY + 8));
    /** UTF-8 of one string value, and the price and time text, on their way into a FIXValue. */
    private final Latin1View text = new Latin1View(FIELD_CAPACITY);
    /** A string value's bytes on their way out of a FIXValue. */
    private final byte[] valueBytes = new byte[FIELD_CAPACITY];

    PhiladelphiaOrderCodec() {
        super(FORMAT, MessageType.ORDER);
        FIXConfig config = FIXConfig.newBuilder()
                .setMaxFieldCount(MAX_FIELD_COUNT)
                .setFieldCapacity(FIELD_CAPACITY)
                .setCheckSumEnabled(true)
                .build();
        this.parser = new FIXMessageParser(config, m -> parsed = m);
    }

    /** Philadelphia's parser, behind the FIX framing checks (BodyLength, CheckSum), makes any bytes an order or a CodecException: the whole kit passes. */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    protected int encode(Order o, ByteBuffer dst, int offset, int limit) {
        message.reset();
        // tags in the order QuickFIX/J writes them (MsgType first, then ascending), so that both codecs
        // write the same bytes for the same order
        message.addField(MsgType).setChar(FIX44MsgTypes.NewOrderSingle);
        message.addField(MsgSeqNum).setInt(FixOrderFields.MSG_SEQ_NUM);
        message.addField(SenderCompID).setString(FixOrderFields.SENDER_COMP_ID);
        message.addField(SendingTime).setString(FixOrderFields.SENDING_TIME);
        message.addField(TargetCompID).setString(FixOrderFields.TARGET_COMP_ID);
        setUtf8(message.addField(Account), o.account(), "account");
        setUtf8(message.addField(ClOrdID), o.clOrdId(), "clOrdId");
        message.addField(OrderQty).setInt(o.orderQty());
        message.addField(OrdType).setChar(FixOrderFields.toFix(o.ordType()));
        message.addField(Price).setString(text.length(FixDecimal.write(o.price(), text.bytes(), 0)));
        message.addField(Side).setChar(FixOrderFields.toFix(o.side()));
        setUtf8(message.addField(Symbol), o.symbol(), "symbol");
        message.addField(TimeInForce).setChar(FixOrderFields.toFix(o.timeInForce()));
        FixTimestamp.write(o.transactTime(), text.bytes(), 0);
        message.addField(TransactTime).setString(text.length(FixTimestamp.LENGTH));

        body.clear();
        message.put(body);
        int bodyLength = body.position();
        int headerLength = FixFraming.PREFIX.length + FixFraming.digitCount(bodyLength) + 1;
        int total = headerLength + bodyLength + FixFraming.TRAILER_LENGTH;
        // check the room first: nothing is written past the limit, and an overflow leaves no half message
        if (total > limit - offset) {
            throw new BufferOverflowException();
        }
        dst.put(offset, FixFraming.PREFIX);
        FixFraming.putDigits(dst, offset + FixFraming.PREFIX.length, bodyLength, headerLength - FixFraming.PREFIX.length - 1);
        dst.put(offset + headerLength - 1, FixFraming.SOH);
        dst.put(offset + headerLength, body.array(), 0, bodyLength);
        int trailer = offset + headerLength + bodyLength;
        int checkSum = FixFraming.checkSum(FixFraming.PREFIX, 0, FixFraming.PREFIX.length)
                + FixFraming.checkSum(dst, offset + FixFraming.PREFIX.length, headerLength - FixFraming.PREFIX.length)
                + FixFraming.checkSum(body.array(), 0, bodyLength);
        dst.put(trailer, (byte) '1').put(trailer + 1, (byte) '0').put(trailer + 2, (byte) '=');
        FixFraming.putDigits(dst, trailer + 3, checkSum & 0xFF, 3);
        dst.put(trailer + 6, FixFraming.SOH);
        return total;
    }

    /** UTF-8 bytes through the Latin-1 view: Philadelphia's setString writes each char's low byte. */
    private void setUtf8(FIXValue value, String s, String field) {
        FixOrderFields.requireNoSoh(s, field, name());
        int n = Utf8.encodedLength(s);
        if (n >= FIELD_CAPACITY) {
            throw new IllegalArgumentException(name() + ": " + field + " is " + n + " UTF-8 bytes; a Philadelphia value here holds at most "
                    + (FIELD_CAPACITY - 1) + "; shorten it");
        }
        value.setString(text.length(Utf8.encode(s, text.bytes(), 0)));
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        FIXMessage m = parse(src, offset, length);
        try {
            return new Order(string(m, ClOrdID, "ClOrdID"), string(m, Account, "Account"), string(m, Symbol, "Symbol"),
                    FixOrderFields.side(value(m, Side, "Side").asChar()), quantity(m),
                    FixOrderFields.ordType(value(m, OrdType, "OrdType").asChar()),
                    FixDecimal.parse(value(m, Price, "Price")),
                    FixOrderFields.timeInForce(value(m, TimeInForce, "TimeInForce").asChar()),
                    FixTimestamp.parse(value(m, TransactTime, "TransactTime")));
        } catch (FIXRuntimeException e) {
            throw malformed(e.getMessage(), e);
        }
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        FIXMessage m = parse(src, offset, length);
        try {
            long h = Checksum.mix(Checksum.SEED, stringHash(m, ClOrdID, "ClOrdID"));
            h = Checksum.mix(h, stringHash(m, Account, "Account"));
            h = Checksum.mix(h, stringHash(m, Symbol, "Symbol"));
            h = Checksum.mix(h, FixOrderFields.sideOrdinal(value(m, Side, "Side").asChar()));
            h = Checksum.mix(h, quantity(m));
            h = Checksum.mix(h, FixOrderFields.ordTypeOrdinal(value(m, OrdType, "OrdType").asChar()));
            h = Checksum.mixDouble(h, FixDecimal.parse(value(m, Price, "Price")));
            h = Checksum.mix(h, FixOrderFields.timeInForceOrdinal(value(m, TimeInForce, "TimeInForce").asChar()));
            return Checksum.mix(h, FixTimestamp.parse(value(m, TransactTime, "TransactTime")));
        } catch (FIXRuntimeException e) {
            throw malformed(e.getMessage(), e);
        }
    }

    /**
     * Runs the parser over exactly the message's bytes. The parser reads a ByteBuffer through its
     * position and limit, so they are narrowed to the message and restored after (the buffer's mark is
     * not kept); no copy and no view object per call.
     */
    private FIXMessage parse(ByteBuffer src, int offset, int length) {
        // the frame is checked first (BeginString, a BodyLength of digits, the CheckSum field where it says and at
        // the end), a few bytes read: the parser does not look at BeginString's value, and past a garbled message
        // it reads on, taking any byte as a BodyLength digit; one that reads negative moves it back, forever
        String framing = FixFraming.problem(src, offset, length, false);
        if (framing != null) {
            throw malformed(framing);
        }
        int limit = src.limit();
        int position = src.position();
        boolean whole;
        try {
            src.limit(offset + length).position(offset);
            parsed = null;
            // the parser skips what it finds garbled (a wrong BodyLength or CheckSum) and returns false
            // when no whole message is left; it must also have consumed every byte it was given
            whole = parser.parse(src) && src.position() == offset + length;
        } catch (IOException e) {
            throw malformed(e.getMessage(), e);
        } finally {
            src.limit(limit).position(position);
        }
        if (!whole || parsed == null) {
            String problem = FixFraming.problem(src, offset, length, true);
            throw malformed(problem != null ? problem : "Philadelphia's parser found no whole message in the " + length + " bytes");
        }
        FIXValue msgType = parsed.getMsgType();
        if (msgType == null || !msgType.contentEquals(FIX44MsgTypes.NewOrderSingle)) {
            throw malformed("MsgType (35) is " + (msgType == null ? "missing" : "'" + msgType + "'") + ", not D (NewOrderSingle)");
        }
        return parsed;
    }

    private FIXValue value(FIXMessage m, int tag, String field) {
        FIXValue value = m.valueOf(tag);
        if (value == null) {
            throw malformed(field + " (" + tag + ") is missing");
        }
        return value;
    }

    private String string(FIXMessage m, int tag, String field) {
        FIXValue value = value(m, tag, field);
        value.copyTo(valueBytes);
        return new String(valueBytes, 0, value.length(), StandardCharsets.UTF_8);
    }

    /** The Checksum hash of a value's UTF-8 bytes, copied out of the FIXValue into scratch, not into a String. */
    private long stringHash(FIXMessage m, int tag, String field) {
        FIXValue value = value(m, tag, field);
        value.copyTo(valueBytes);
        return Checksum.string(valueBytes, 0, value.length());
    }

    /** Philadelphia's asInt reads an empty value as 0 and wraps past 19 digits without a word: guard the first. */
    private long quantity(FIXMessage m) {
        FIXValue value = value(m, OrderQty, "OrderQty");
        if (value.length() == 0 || value.length() == 1 && value.byteAt(0) == '-') {
            throw malformed("OrderQty (38) has no digits");
        }
        return value.asInt();
    }
}
