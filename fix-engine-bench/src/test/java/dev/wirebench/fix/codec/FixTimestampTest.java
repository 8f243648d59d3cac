package dev.wirebench.fix.codec;

import org.junit.jupiter.api.Test;
import quickfix.UtcTimestampPrecision;
import quickfix.field.converter.UtcTimestampConverter;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** TransactTime text over the whole range of a long, and the same text QuickFIX/J writes. */
class FixTimestampTest {

    @Test
    void shouldWriteTheEndsOfTheRangeAndTheEpoch() {
        assertEquals("16770921-00:12:43.145224192", text(Long.MIN_VALUE));
        assertEquals("22620411-23:47:16.854775807", text(Long.MAX_VALUE));
        assertEquals("19691231-23:59:59.999999999", text(-1));
        assertEquals("19700101-00:00:00.000000000", text(0));
        assertEquals("20251121-04:40:00.123456789", text(1_763_700_000_123_456_789L));
    }

    @Test
    void shouldWriteWhatQuickFixJWritesAndReadBackEveryValue() {
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            long nanos = random.nextLong();
            String text = text(nanos);
            assertEquals(UtcTimestampConverter.convert(FixTimestamp.toLocalDateTime(nanos), UtcTimestampPrecision.NANOS), text);
            assertEquals(nanos, FixTimestamp.parse(text));
            assertEquals(nanos, FixTimestamp.fromLocalDateTime(FixTimestamp.toLocalDateTime(nanos)));
        }
        assertEquals(Long.MIN_VALUE, FixTimestamp.parse(text(Long.MIN_VALUE)));
        assertEquals(Long.MAX_VALUE, FixTimestamp.parse(text(Long.MAX_VALUE)));
    }

    @Test
    void shouldRejectImpossibleDatesAndTimesOutsideTheRange() {
        for (String bad : new String[] {"20250230-00:00:00.000000000", "20251301-00:00:00.000000000",
                "20250101-24:00:00.000000000", "20250101-00:60:00.000000000", "20250101-00:00:00.000",
                "2025010100:00:00.0000000000", "22620411-23:47:16.854775808", "16770921-00:12:43.145224191",
                "2025O101-00:00:00.000000000"}) {
            assertThrows(IllegalArgumentException.class, () -> FixTimestamp.parse(bad), bad);
        }
        assertEquals(FixTimestamp.parse("20240229-12:00:00.000000000") + 86_400_000_000_000L,
                FixTimestamp.parse("20240301-12:00:00.000000000"));
    }

    private static String text(long nanos) {
        byte[] bytes = new byte[FixTimestamp.LENGTH];
        FixTimestamp.write(nanos, bytes, 0);
        return new String(bytes, StandardCharsets.US_ASCII);
    }
}
