package dev.wirebench.fix.codec;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.Order;
import org.quickfixj.CharsetSupport;
import quickfix.FieldException;
import quickfix.FieldNotFound;
import quickfix.InvalidMessage;
import quickfix.UtcTimestampPrecision;
import quickfix.field.Account;
import quickfix.field.BeginString;
import quickfix.field.ClOrdID;
import quickfix.field.MsgSeqNum;
import quickfix.field.MsgType;
import quickfix.field.OrdType;
import quickfix.field.OrderQty;
import quickfix.field.Price;
import quickfix.field.SenderCompID;
import quickfix.field.SendingTime;
import quickfix.field.Side;
import quickfix.field.Symbol;
import quickfix.field.TargetCompID;
import quickfix.field.TimeInForce;
import quickfix.field.TransactTime;
import quickfix.fix44.NewOrderSingle;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.time.DateTimeException;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

/**
 * {@code fix-quickfixj/order}: a FIX 4.4 NewOrderSingle built as a {@link NewOrderSingle} and written
 * with {@code Message.toString()}, parsed with {@code Message.fromString} (header order and CheckSum
 * validated, no DataDictionary). QuickFIX/J works on Strings, one char per wire byte through its charset
 * (ISO-8859-1 by default); strings go on the wire as UTF-8 by carrying each UTF-8 byte as one such char.
 * See the package documentation for the tier.
 */
final class QuickFixJOrderCodec extends AbstractMessageCodec<Order> {

    static final String FORMAT = "fix-quickfixj";

    /** Message bytes of a direct buffer, copied out for the String QuickFIX/J parses; grows to the largest met. */
    private byte[] scratch = new byte[1024];

    QuickFixJOrderCodec() {
        super(FORMAT, MessageType.ORDER);
        requireSingleByteCharset();
    }

    /** QuickFIX/J's parser, behind the FIX framing checks (BodyLength, CheckSum), makes any bytes an order or a CodecException: the whole kit passes. */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    protected int encode(Order o, ByteBuffer dst, int offset, int limit) {
        requireSingleByteCharset();
        // QuickFIX/J builds a new Message and its Field objects per order: that is how it is used
        NewOrderSingle m = new NewOrderSingle();
        quickfix.Message.Header header = m.getHeader();
        header.setString(SenderCompID.FIELD, FixOrderFields.SENDER_COMP_ID);
        header.setString(TargetCompID.FIELD, FixOrderFields.TARGET_COMP_ID);
        header.setInt(MsgSeqNum.FIELD, FixOrderFields.MSG_SEQ_NUM);
        header.setString(SendingTime.FIELD, FixOrderFields.SENDING_TIME);
        m.set(new ClOrdID(wire(o.clOrdId(), "clOrdId")));
        m.set(new Account(wire(o.account(), "account")));
        m.set(new Symbol(wire(o.symbol(), "symbol")));
        m.set(new Side(FixOrderFields.toFix(o.side())));
        // OrderQty and Price are DoubleFields in QuickFIX/J: a double cannot hold every long, and its
        // formatter keeps a fixed number of digits, so both go through the generic string API exactly
        m.setString(OrderQty.FIELD, Long.toString(o.orderQty()));
        m.set(new OrdType(FixOrderFields.toFix(o.ordType())));
        m.setString(Price.FIELD, FixDecimal.toString(o.price()));
        m.set(new TimeInForce(FixOrderFields.toFix(o.timeInForce())));
        m.setUtcTimeStamp(TransactTime.FIELD, FixTimestamp.toLocalDateTime(o.transactTime()), UtcTimestampPrecision.NANOS);
        // what QuickFIX/J's network encoder does with the text: one byte per char in its charset
        byte[] bytes = m.toString().getBytes(ISO_8859_1);
        if (bytes.length > limit - offset) {
            throw new BufferOverflowException();
        }
        dst.put(offset, bytes);
        return bytes.length;
    }

    @Override
    protected Order decode(ByteBuffer src, int offset, int length) {
        NewOrderSingle m = parse(src, offset, length);
        try {
            return new Order(string(m.getClOrdID().getValue()), string(m.getAccount().getValue()),
                    string(m.getSymbol().getValue()), FixOrderFields.side(m.getSide().getValue()),
                    Long.parseLong(m.getString(OrderQty.FIELD)), FixOrderFields.ordType(m.getOrdType().getValue()),
                    FixDecimal.parse(m.getString(Price.FIELD)), FixOrderFields.timeInForce(m.getTimeInForce().getValue()),
                    FixTimestamp.fromLocalDateTime(m.getTransactTime().getValue()));
        } catch (FieldNotFound e) {
            throw malformed("field " + e.field + " is missing", e);
        } catch (FieldException | DateTimeException e) {
            throw malformed(e.getMessage(), e);
        }
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        // QuickFIX/J has no way to read a field without parsing the whole message into Field objects first
        NewOrderSingle m = parse(src, offset, length);
        try {
            long h = Checksum.mix(Checksum.SEED, stringHash(m.getClOrdID().getValue()));
            h = Checksum.mix(h, stringHash(m.getAccount().getValue()));
            h = Checksum.mix(h, stringHash(m.getSymbol().getValue()));
            h = Checksum.mix(h, FixOrderFields.sideOrdinal(m.getSide().getValue()));
            h = Checksum.mix(h, Long.parseLong(m.getString(OrderQty.FIELD)));
            h = Checksum.mix(h, FixOrderFields.ordTypeOrdinal(m.getOrdType().getValue()));
            h = Checksum.mixDouble(h, FixDecimal.parse(m.getString(Price.FIELD)));
            h = Checksum.mix(h, FixOrderFields.timeInForceOrdinal(m.getTimeInForce().getValue()));
            return Checksum.mix(h, FixTimestamp.fromLocalDateTime(m.getTransactTime().getValue()));
        } catch (FieldNotFound e) {
            throw malformed("field " + e.field + " is missing", e);
        } catch (FieldException | DateTimeException e) {
            throw malformed(e.getMessage(), e);
        }
    }

    private NewOrderSingle parse(ByteBuffer src, int offset, int length) {
        // QuickFIX/J leaves BodyLength to its network decoder ("checked at the protocol layer"), so the
        // codec checks it, and the BeginString, as that decoder would; fromString checks the CheckSum
        String problem = FixFraming.problem(src, offset, length, false);
        if (problem != null) {
            throw malformed(problem);
        }
        String text;
        if (src.hasArray()) {
            text = new String(src.array(), src.arrayOffset() + offset, length, ISO_8859_1);
        } else {
            if (scratch.length < length) {
                scratch = new byte[Math.max(length, scratch.length * 2)];
            }
            src.get(offset, scratch, 0, length);
            text = new String(scratch, 0, length, ISO_8859_1);
        }
        NewOrderSingle m = new NewOrderSingle();
        try {
            m.fromString(text, null, null, true);
        } catch (InvalidMessage e) {
            throw malformed(firstLine(e.getMessage()), e);
        }
        // a structural error does not throw: QuickFIX/J keeps it on the message for its session to reject
        if (m.getException() != null) {
            throw malformed(m.getException().getMessage(), m.getException());
        }
        try {
            if (!FixOrderFields.BEGIN_STRING.equals(m.getHeader().getString(BeginString.FIELD))
                    || !FixOrderFields.MSG_TYPE.equals(m.getHeader().getString(MsgType.FIELD))) {
                throw malformed("not a FIX.4.4 NewOrderSingle (35=D)");
            }
        } catch (FieldNotFound e) {
            throw malformed("header field " + e.field + " is missing", e);
        }
        return m;
    }

    /** The chars QuickFIX/J carries for a string: its UTF-8 bytes, one ISO-8859-1 char each. */
    private String wire(String value, String field) {
        FixOrderFields.requireNoSoh(value, field, name());
        return new String(value.getBytes(UTF_8), ISO_8859_1);
    }

    private static String string(String wire) {
        return new String(wire.getBytes(ISO_8859_1), UTF_8);
    }

    private static long stringHash(String wire) {
        // ISO-8859-1 chars are the UTF-8 bytes; QuickFIX/J hands out Strings, so this copy is its cost
        byte[] utf8 = wire.getBytes(ISO_8859_1);
        return Checksum.string(utf8, 0, utf8.length);
    }

    private static String firstLine(String message) {
        // QuickFIX/J appends the whole message text; keep the reason, not the bytes
        int in = message == null ? -1 : message.indexOf(" in 8=");
        return in < 0 ? String.valueOf(message) : message.substring(0, in);
    }

    /**
     * QuickFIX/J computes BodyLength and CheckSum over chars when its charset is single-byte (ISO-8859-1,
     * its default, or US-ASCII); under any other charset, set globally with {@code CharsetSupport.setCharset},
     * the UTF-8-as-Latin-1 mapping would give wrong lengths.
     */
    private void requireSingleByteCharset() {
        if (!CharsetSupport.isStringEquivalent()) {
            throw new IllegalStateException(name() + ": QuickFIX/J's charset is " + CharsetSupport.getCharset()
                    + "; this codec needs its default ISO-8859-1: do not call CharsetSupport.setCharset in this JVM");
        }
    }
}
