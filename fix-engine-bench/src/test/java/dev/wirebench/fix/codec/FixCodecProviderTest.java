package dev.wirebench.fix.codec;

import com.paritytrading.philadelphia.fix44.FIX44Enumerations;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The services file makes both codecs discoverable, and the enum chars are the libraries' own. */
class FixCodecProviderTest {

    @Test
    void shouldBeFoundByTheRegistryThroughTheServicesFile() {
        Codecs registry = Codecs.load();
        assertTrue(registry.names().contains("fix-quickfixj/order"), registry.names().toString());
        assertTrue(registry.names().contains("fix-philadelphia/order"), registry.names().toString());
    }

    @Test
    void shouldMapTheEnumsToTheCharsBothLibrariesDefine() {
        assertArrayEquals(new char[] {quickfix.field.Side.BUY, quickfix.field.Side.SELL},
                chars(Side.BUY, Side.SELL));
        assertArrayEquals(new char[] {FIX44Enumerations.SideValues.Buy, FIX44Enumerations.SideValues.Sell},
                chars(Side.BUY, Side.SELL));
        assertArrayEquals(new char[] {quickfix.field.OrdType.MARKET, quickfix.field.OrdType.LIMIT,
                quickfix.field.OrdType.STOP, quickfix.field.OrdType.STOP_LIMIT},
                new char[] {FixOrderFields.toFix(OrdType.MARKET), FixOrderFields.toFix(OrdType.LIMIT),
                    FixOrderFields.toFix(OrdType.STOP), FixOrderFields.toFix(OrdType.STOP_LIMIT)});
        assertArrayEquals(new char[] {quickfix.field.TimeInForce.DAY, quickfix.field.TimeInForce.GOOD_TILL_CANCEL,
                quickfix.field.TimeInForce.IMMEDIATE_OR_CANCEL, quickfix.field.TimeInForce.FILL_OR_KILL,
                quickfix.field.TimeInForce.GOOD_TILL_DATE},
                new char[] {FixOrderFields.toFix(TimeInForce.DAY), FixOrderFields.toFix(TimeInForce.GOOD_TILL_CANCEL),
                    FixOrderFields.toFix(TimeInForce.IMMEDIATE_OR_CANCEL), FixOrderFields.toFix(TimeInForce.FILL_OR_KILL),
                    FixOrderFields.toFix(TimeInForce.GOOD_TILL_DATE)});
    }

    private static char[] chars(Side... sides) {
        char[] chars = new char[sides.length];
        for (int i = 0; i < sides.length; i++) {
            chars[i] = FixOrderFields.toFix(sides[i]);
        }
        return chars;
    }
}
