package dev.wirebench.fix.artio;

import dev.wirebench.fix.artio.codecs.decoder.NewOrderSingleDecoder;
import org.agrona.AsciiNumberFormatException;
import org.agrona.DirectBuffer;
import uk.co.real_logic.artio.util.MutableAsciiBuffer;

/**
 * How the server reads a NewOrderSingle that Artio's session has passed (framing, CheckSum and header already
 * checked): the generated decoder, its validation, and the two fields the fill cannot be made without. Any
 * bytes end in an answer or a Reject's reasons, never in an exception, which would leave the order unanswered
 * (Aeron's poll drops a message whose handler throws). One per session; allocates nothing for an order it can
 * answer.
 */
final class OrderReader {

    /** SessionRejectReason(373) 0: invalid tag number. */
    static final int INVALID_TAG_NUMBER = 0;
    /** SessionRejectReason(373) 1: required tag missing. */
    static final int REQUIRED_TAG_MISSING = 1;
    /** SessionRejectReason(373) 6: incorrect data format for value. */
    static final int INCORRECT_DATA_FORMAT = 6;
    /** {@link #rejectedTag()} when no one tag is to blame. */
    static final int NO_TAG = 0;

    private final MutableAsciiBuffer received = new MutableAsciiBuffer();
    private final NewOrderSingleDecoder order = new NewOrderSingleDecoder();
    private int rejectedTag;
    private int rejectReason;
    private String rejection;

    /**
     * Decodes the order in {@code length} bytes at {@code offset}.
     *
     * @return true if it can be answered, its fields then in {@link #order()}; false if it must be rejected, what
     *         with in {@link #rejectedTag()}, {@link #rejectReason()} and {@link #rejection()}
     */
    boolean read(DirectBuffer buffer, int offset, int length) {
        received.wrap(buffer);
        order.reset();
        try {
            order.decode(received, offset, length);
        } catch (AsciiNumberFormatException e) {
            // the generated decoder checks every value but reads each tag with a plain parse: Artio's session has
            // read the header's tags only, so a body tag that is not a number, or does not fit an int, ends up here
            return rejected(NO_TAG, INVALID_TAG_NUMBER, "NewOrderSingle has a tag that is not a number");
        } catch (IndexOutOfBoundsException e) {
            // Artio 0.175's decimal parser looks a power of ten up in a table of 20: 100E42 as a price or a quantity
            // throws here rather than failing validation as other malformed values do
            return rejected(NO_TAG, INCORRECT_DATA_FORMAT, "NewOrderSingle has a number Artio cannot read");
        }
        if (!order.validate()) {
            return rejected(order.invalidTagId(), order.rejectReason(), "NewOrderSingle fails validation at tag " + order.invalidTagId());
        }
        // both are optional in FIX 4.4 but the fill cannot be made without them
        if (!order.hasPrice()) {
            return rejected(44, REQUIRED_TAG_MISSING, "Price(44) not found");
        }
        if (!order.hasOrderQty()) {
            return rejected(38, REQUIRED_TAG_MISSING, "OrderQty(38) not found");
        }
        return true;
    }

    /** The order last read: its values while it is answered, its header (MsgSeqNum) for a Reject. */
    NewOrderSingleDecoder order() {
        return order;
    }

    /** The tag a rejected order fails at: RefTagID(371), or {@link #NO_TAG}. */
    int rejectedTag() {
        return rejectedTag;
    }

    /** SessionRejectReason(373) of a rejected order. */
    int rejectReason() {
        return rejectReason;
    }

    /** Text(58) of a rejected order. */
    String rejection() {
        return rejection;
    }

    private boolean rejected(int tag, int reason, String text) {
        rejectedTag = tag;
        rejectReason = reason;
        rejection = text;
        return false;
    }
}
