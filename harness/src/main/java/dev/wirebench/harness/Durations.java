package dev.wirebench.harness;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one syntax every subcommand takes for a time: a number and a unit, {@code 500ms}, {@code 5s}, {@code 1m}. */
public final class Durations {

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m)?");

    private Durations() {
    }

    /**
     * Parses {@code value}: a non-negative number and one of ns, us (or µs), ms, s, m; no unit means seconds.
     *
     * @param flag the option it came with, for the error message
     * @throws IllegalArgumentException naming the flag and the value, when it is not such a time
     */
    public static Duration parse(String flag, String value) {
        Matcher m = DURATION.matcher(value.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(flag + " takes a time such as 500ms, 5s or 1m, not '" + value + "'");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanos = amount * switch (unit) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            case "m" -> 60e9;
            default -> 1e9;
        };
        return Duration.ofNanos(Math.round(nanos));
    }

    /** A time in seconds for a report line: {@code 5 s}, {@code 0.5 s}. */
    public static String seconds(Duration d) {
        double s = d.toNanos() / 1e9;
        return (s == Math.rint(s) ? Long.toString((long) s) : Double.toString(s)) + " s";
    }
}
