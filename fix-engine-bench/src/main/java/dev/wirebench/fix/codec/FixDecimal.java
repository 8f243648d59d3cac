package dev.wirebench.fix.codec;

import java.nio.charset.StandardCharsets;

/**
 * Price (44) as FIX "float" text: an optional minus sign, digits and an optional decimal point, never
 * an exponent. Any finite double is written as a decimal that parses back to exactly the same double
 * (including {@code -0.0}), so prices round-trip bit for bit; neither library's own float API does
 * that for arbitrary doubles (QuickFIX/J formats through a {@code DecimalFormat} with a fixed number of
 * digits, Philadelphia's {@code setFloat} takes a fixed number of decimals).
 */
final class FixDecimal {

    /** Longest text: {@code -Double.MIN_VALUE} is "-0." then 323 zeros then "49". */
    static final int MAX_LENGTH = 330;

    private static final double[] POW10 = new double[23];
    /** Below 2^53 every integer is a double, and m / 10^k is then correctly rounded. */
    private static final double EXACT_INTEGERS = 0x1p53;
    private static final int MAX_FAST_DECIMALS = 17;

    static {
        double p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private FixDecimal() {
    }

    /**
     * Writes {@code value} into {@code dst} from {@code offset} (room for {@link #MAX_LENGTH} bytes needed).
     *
     * @return the number of bytes written
     */
    static int write(double value, byte[] dst, int offset) {
        int p = offset;
        if (Double.doubleToRawLongBits(value) < 0) {
            dst[p++] = '-';
        }
        double abs = Math.abs(value);
        // fast path, no allocation: the fewest decimals k for which abs is exactly some m / 10^k with
        // m < 2^53; then "m with k decimals" is a decimal whose nearest double is abs (both m and 10^k are
        // exact doubles and IEEE division rounds correctly, as parsing does). Covers every realistic price.
        for (int k = 0; k <= MAX_FAST_DECIMALS; k++) {
            double scaled = abs * POW10[k];
            if (scaled >= EXACT_INTEGERS) {
                break;
            }
            long m = Math.round(scaled);
            if (m / POW10[k] == abs) {
                return p - offset + writeScaled(m, k, dst, p);
            }
        }
        return p - offset + writePlain(Double.toString(abs), dst, p);
    }

    /** The text of {@code value}, for libraries that take a String. */
    static String toString(double value) {
        byte[] text = new byte[MAX_LENGTH];
        return new String(text, 0, write(value, text, 0), StandardCharsets.US_ASCII);
    }

    /** m / 10^k as digits with a point k digits from the right (a leading "0." when m < 10^k). */
    private static int writeScaled(long m, int k, byte[] dst, int p) {
        int digits = 1;
        for (long rest = m; rest >= 10; rest /= 10) {
            digits++;
        }
        int integerDigits = Math.max(digits - k, 1);
        int length = k == 0 ? integerDigits : integerDigits + 1 + k;
        int end = p + length;
        int i = end;
        for (int j = 0; j < k; j++) {
            dst[--i] = (byte) ('0' + m % 10);
            m /= 10;
        }
        if (k > 0) {
            dst[--i] = '.';
        }
        do {
            dst[--i] = (byte) ('0' + m % 10);
            m /= 10;
        } while (i > p);
        return length;
    }

    /** Rewrites Double.toString's "d.dddE-n" or "ddd.ddd" as plain digits; its digits round-trip by specification. */
    private static int writePlain(String shortest, byte[] dst, int p) {
        int e = shortest.indexOf('E');
        String mantissa = e < 0 ? shortest : shortest.substring(0, e);
        int exponent = e < 0 ? 0 : Integer.parseInt(shortest.substring(e + 1));
        int dot = mantissa.indexOf('.');
        String digits = mantissa.substring(0, dot) + mantissa.substring(dot + 1);
        int point = dot + exponent; // digits before the decimal point
        int first = 0;
        while (first < digits.length() - 1 && digits.charAt(first) == '0') {
            first++;
            point--;
        }
        int last = digits.length();
        while (last > first + 1 && digits.charAt(last - 1) == '0') {
            last--;
        }
        int start = p;
        if (point <= 0) {
            dst[p++] = '0';
            dst[p++] = '.';
            for (int i = point; i < 0; i++) {
                dst[p++] = '0';
            }
            for (int i = first; i < last; i++) {
                dst[p++] = (byte) digits.charAt(i);
            }
        } else {
            for (int i = 0; i < point; i++) {
                dst[p++] = (byte) (first + i < last ? digits.charAt(first + i) : '0');
            }
            if (first + point < last) {
                dst[p++] = '.';
                for (int i = first + point; i < last; i++) {
                    dst[p++] = (byte) digits.charAt(i);
                }
            }
        }
        return p - start;
    }

    /**
     * Parses FIX float text: {@code -?digits[.digits]} (digits on at least one side of the point).
     *
     * @throws IllegalArgumentException if the text is not such a number, or is beyond the range of a double
     */
    static double parse(CharSequence text) {
        int n = text.length();
        int i = 0;
        boolean negative = n > 0 && text.charAt(0) == '-';
        if (negative) {
            i++;
        }
        long m = 0;
        int significant = 0;
        int decimals = 0;
        int digits = 0;
        boolean point = false;
        for (; i < n; i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                digits++;
                if (point) {
                    decimals++;
                }
                if (m != 0 || c != '0') {
                    significant++;
                }
                if (significant <= 18) {
                    m = m * 10 + (c - '0');
                }
            } else if (c == '.' && !point) {
                point = true;
            } else {
                throw new IllegalArgumentException("Price '" + text + "' is not a FIX float (-digits.digits)");
            }
        }
        if (digits == 0) {
            throw new IllegalArgumentException("Price '" + text + "' has no digits");
        }
        // same fast path as write: an exact significand and an exact power of ten divide correctly rounded
        if (significant <= 18 && m < EXACT_INTEGERS && decimals < POW10.length) {
            double abs = m / POW10[decimals];
            return negative ? -abs : abs;
        }
        // the syntax is checked above, so parseDouble sees no exponent, hex, NaN or type suffix
        double value = Double.parseDouble(text.toString());
        if (Double.isInfinite(value)) {
            throw new IllegalArgumentException("Price '" + text + "' is beyond the range of a double");
        }
        return value;
    }
}
