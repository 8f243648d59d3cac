package dev.wirebench.fix.codec;

import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Price text: plain FIX floats that read back as the very same double. */
class FixDecimalTest {

    @Test
    void shouldWriteRealisticPricesAsTheirShortDecimal() {
        assertEquals("187.25", FixDecimal.toString(187.25));
        assertEquals("0.1", FixDecimal.toString(0.1));
        assertEquals("0.00001", FixDecimal.toString(1e-5));
        assertEquals("-42", FixDecimal.toString(-42.0));
        assertEquals("0", FixDecimal.toString(0.0));
        assertEquals("-0", FixDecimal.toString(-0.0));
    }

    @Test
    void shouldWriteTheExtremesWithoutAnExponent() {
        assertEquals(new BigDecimal("1.7976931348623157E308").toPlainString(), FixDecimal.toString(Double.MAX_VALUE));
        String min = FixDecimal.toString(Double.MIN_VALUE);
        assertEquals("0." + "0".repeat(323) + "49", min);
        assertTrue(FixDecimal.toString(-Double.MIN_VALUE).length() <= FixDecimal.MAX_LENGTH);
    }

    @Test
    void shouldReadBackEveryFiniteDoubleBitForBit() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 100_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            if (!Double.isFinite(value)) {
                continue;
            }
            String text = FixDecimal.toString(value);
            assertFalse(text.contains("E"), text);
            assertEquals(Double.doubleToRawLongBits(value), Double.doubleToRawLongBits(FixDecimal.parse(text)), text);
        }
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(FixDecimal.parse("-0")));
    }

    @Test
    void shouldRejectWhatIsNotAFixFloat() {
        for (String bad : new String[] {"", "-", ".", "1e5", "1.2.3", "NaN", "Infinity", "0x1p3", "1d", "+1", " 1", "1-"}) {
            assertThrows(IllegalArgumentException.class, () -> FixDecimal.parse(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> FixDecimal.parse("1" + "0".repeat(400)));
        assertEquals(0.5, FixDecimal.parse(".5"));
        assertEquals(187.25, FixDecimal.parse("187.2500"));
    }
}
