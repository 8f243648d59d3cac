package dev.wirebench.fix.codec;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.fix.engine.PingPong;

/**
 * What both FIX codecs write for an {@code Order}: the header a codec fixes because it has no
 * session, and the FIX characters of the enums. Keeping them in one place is what makes the two
 * codecs' output comparable field for field.
 */
final class FixOrderFields {

    static final String BEGIN_STRING = PingPong.BEGIN_STRING;
    static final String MSG_TYPE = "D";
    static final String SENDER_COMP_ID = PingPong.CLIENT_COMP_ID;
    static final String TARGET_COMP_ID = PingPong.SERVER_COMP_ID;
    /** A codec has no session: every message is the first of one. */
    static final int MSG_SEQ_NUM = 1;
    /** A codec has no clock either: SendingTime (52) is fixed. */
    static final String SENDING_TIME = "20251121-04:40:00.123";

    /** FIX values in enum order: Side 1 buy, 2 sell. */
    private static final char[] SIDE_CHARS = {'1', '2'};
    /** OrdType 1 market, 2 limit, 3 stop, 4 stop limit. */
    private static final char[] ORD_TYPE_CHARS = {'1', '2', '3', '4'};
    /** TimeInForce 0 day, 1 good till cancel, 3 immediate or cancel, 4 fill or kill, 6 good till date. */
    private static final char[] TIME_IN_FORCE_CHARS = {'0', '1', '3', '4', '6'};

    private FixOrderFields() {
    }

    static char toFix(Side side) {
        return SIDE_CHARS[side.ordinal()];
    }

    static char toFix(OrdType ordType) {
        return ORD_TYPE_CHARS[ordType.ordinal()];
    }

    static char toFix(TimeInForce timeInForce) {
        return TIME_IN_FORCE_CHARS[timeInForce.ordinal()];
    }

    /** @throws IllegalArgumentException if {@code c} is no Side this codec writes */
    static Side side(char c) {
        return Ordinals.SIDES[ordinal(SIDE_CHARS, c, "Side (54)")];
    }

    /** @throws IllegalArgumentException if {@code c} is no OrdType this codec writes */
    static OrdType ordType(char c) {
        return Ordinals.ORD_TYPES[ordinal(ORD_TYPE_CHARS, c, "OrdType (40)")];
    }

    /** @throws IllegalArgumentException if {@code c} is no TimeInForce this codec writes */
    static TimeInForce timeInForce(char c) {
        return Ordinals.TIMES_IN_FORCE[ordinal(TIME_IN_FORCE_CHARS, c, "TimeInForce (59)")];
    }

    private static int ordinal(char[] chars, char c, String field) {
        for (int i = 0; i < chars.length; i++) {
            if (chars[i] == c) {
                return i;
            }
        }
        throw new IllegalArgumentException(field + " '" + c + "' is none of " + new String(chars));
    }

    /** The Side's enum ordinal, for traverse, which mixes ordinals without touching the enum. */
    static int sideOrdinal(char c) {
        return ordinal(SIDE_CHARS, c, "Side (54)");
    }

    static int ordTypeOrdinal(char c) {
        return ordinal(ORD_TYPE_CHARS, c, "OrdType (40)");
    }

    static int timeInForceOrdinal(char c) {
        return ordinal(TIME_IN_FORCE_CHARS, c, "TimeInForce (59)");
    }

    /**
     * Refuses a string FIX cannot carry: SOH (0x01) ends a field, and a string field has no length
     * prefix to say otherwise. UTF-8 never puts 0x01 inside a multi-byte character, so checking the
     * chars is enough.
     *
     * @throws IllegalArgumentException naming the field
     */
    static void requireNoSoh(CharSequence value, String field, String codec) {
        for (int i = 0, n = value.length(); i < n; i++) {
            if (value.charAt(i) == '\u0001') {
                throw new IllegalArgumentException(codec + ": " + field + " holds SOH (0x01) at index " + i
                        + ", which ends a FIX field; remove it from the value");
            }
        }
    }
}
