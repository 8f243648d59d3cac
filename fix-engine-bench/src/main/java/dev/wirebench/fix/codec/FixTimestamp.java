package dev.wirebench.fix.codec;

import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * TransactTime (60): epoch nanoseconds as a FIX UTCTimestamp with nanosecond precision,
 * {@code yyyyMMdd-HH:mm:ss.nnnnnnnnn} (27 characters). The whole range of a long, 1677-09-21 to
 * 2262-04-11, has four-digit years, so every value has exactly one text of that fixed width.
 * Written and read with plain arithmetic, so the Philadelphia codec allocates nothing for it.
 */
final class FixTimestamp {

    /** Characters in the text. */
    static final int LENGTH = 27;

    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final long SECONDS_PER_DAY = 86_400L;
    /** Days before each month in a common year, and one more entry for the end of December. */
    private static final int[] DAYS_BEFORE_MONTH = {0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365};
    private static final long LEAP_DAYS_BEFORE_1970 = leapDaysBefore(1970);

    private FixTimestamp() {
    }

    /** Writes the text of {@code epochNanos} into {@code dst[offset, offset + 27)}. */
    static void write(long epochNanos, byte[] dst, int offset) {
        long seconds = Math.floorDiv(epochNanos, NANOS_PER_SECOND);
        int nanos = (int) Math.floorMod(epochNanos, NANOS_PER_SECOND);
        long days = Math.floorDiv(seconds, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(seconds, SECONDS_PER_DAY);
        // a first guess from the mean Gregorian year, then at most a step either way
        int year = (int) (1970 + Math.floorDiv(days * 400, 146_097));
        while (daysBeforeYear(year) > days) {
            year--;
        }
        while (daysBeforeYear(year + 1) <= days) {
            year++;
        }
        int dayOfYear = (int) (days - daysBeforeYear(year));
        int month = 1;
        while (dayOfYear >= daysBeforeMonth(year, month + 1)) {
            month++;
        }
        int day = dayOfYear - daysBeforeMonth(year, month) + 1;
        digits(year, 4, dst, offset);
        digits(month, 2, dst, offset + 4);
        digits(day, 2, dst, offset + 6);
        dst[offset + 8] = '-';
        digits(secondOfDay / 3600, 2, dst, offset + 9);
        dst[offset + 11] = ':';
        digits(secondOfDay / 60 % 60, 2, dst, offset + 12);
        dst[offset + 14] = ':';
        digits(secondOfDay % 60, 2, dst, offset + 15);
        dst[offset + 17] = '.';
        digits(nanos, 9, dst, offset + 18);
    }

    /**
     * The epoch nanoseconds of a {@code yyyyMMdd-HH:mm:ss.nnnnnnnnn} text.
     *
     * @throws IllegalArgumentException if the text is not such a timestamp of a real date and time, or
     *                                  lies outside the range of epoch nanoseconds in a long
     */
    static long parse(CharSequence text) {
        if (text.length() != LENGTH || text.charAt(8) != '-' || text.charAt(11) != ':' || text.charAt(14) != ':'
                || text.charAt(17) != '.') {
            throw new IllegalArgumentException("TransactTime '" + text + "' is not yyyyMMdd-HH:mm:ss.nnnnnnnnn");
        }
        int year = digits(text, 0, 4);
        int month = digits(text, 4, 2);
        int day = digits(text, 6, 2);
        int hour = digits(text, 9, 2);
        int minute = digits(text, 12, 2);
        int second = digits(text, 15, 2);
        int nanos = digits(text, 18, 9);
        if (month < 1 || month > 12 || day < 1 || day > daysBeforeMonth(year, month + 1) - daysBeforeMonth(year, month)
                || hour > 23 || minute > 59 || second > 59) {
            throw new IllegalArgumentException("TransactTime '" + text + "' is not a valid date and time");
        }
        long days = daysBeforeYear(year) + daysBeforeMonth(year, month) + day - 1;
        return epochNanos(days * SECONDS_PER_DAY + hour * 3600L + minute * 60L + second, nanos, text);
    }

    /** The same instant as QuickFIX/J takes it. */
    static LocalDateTime toLocalDateTime(long epochNanos) {
        return LocalDateTime.ofEpochSecond(Math.floorDiv(epochNanos, NANOS_PER_SECOND),
                (int) Math.floorMod(epochNanos, NANOS_PER_SECOND), ZoneOffset.UTC);
    }

    /**
     * The epoch nanoseconds of a time QuickFIX/J parsed.
     *
     * @throws IllegalArgumentException if it lies outside the range of epoch nanoseconds in a long
     */
    static long fromLocalDateTime(LocalDateTime time) {
        return epochNanos(time.toEpochSecond(ZoneOffset.UTC), time.getNano(), time);
    }

    private static long epochNanos(long seconds, int nanos, Object shown) {
        try {
            // before 1970, go through the next second so that Long.MIN_VALUE itself does not overflow
            return seconds < 0
                    ? Math.addExact(Math.multiplyExact(seconds + 1, NANOS_PER_SECOND), nanos - NANOS_PER_SECOND)
                    : Math.addExact(Math.multiplyExact(seconds, NANOS_PER_SECOND), nanos);
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("TransactTime " + shown
                    + " is outside the range of epoch nanoseconds (1677-09-21 to 2262-04-11)", e);
        }
    }

    private static long daysBeforeYear(int year) {
        return 365L * (year - 1970) + leapDaysBefore(year) - LEAP_DAYS_BEFORE_1970;
    }

    /** Leap days in the years before {@code year} since year 0 of the proleptic Gregorian calendar. */
    private static long leapDaysBefore(int year) {
        long y = year - 1L;
        return Math.floorDiv(y, 4) - Math.floorDiv(y, 100) + Math.floorDiv(y, 400);
    }

    private static int daysBeforeMonth(int year, int month) {
        boolean leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        return DAYS_BEFORE_MONTH[month - 1] + (leap && month > 2 ? 1 : 0);
    }

    private static void digits(int value, int count, byte[] dst, int offset) {
        for (int i = offset + count - 1; i >= offset; i--) {
            dst[i] = (byte) ('0' + value % 10);
            value /= 10;
        }
    }

    private static int digits(CharSequence text, int from, int count) {
        int value = 0;
        for (int i = from; i < from + count; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("TransactTime '" + text + "' has '" + c + "' where a digit belongs");
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
