package dev.wirebench.harness;

import java.util.Locale;

/**
 * The values of command-line flags every subcommand shares, parsed with one wording of refusal: a
 * message that names the flag, says what it takes and repeats what it got.
 */
public final class Flags {

    private Flags() {
    }

    /**
     * A TCP port, 1 to 65535.
     *
     * @param zero what 0 means for this flag ("any free port"), or null when 0 is refused
     * @throws IllegalArgumentException naming {@code flag}
     */
    public static int port(String flag, String value, String zero) {
        try {
            int port = Integer.parseInt(value.trim());
            if ((port >= 1 || (port == 0 && zero != null)) && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new IllegalArgumentException(flag + " takes 1 to 65535" + (zero == null ? "" : " (0: " + zero + ")")
                + ", not '" + value + "'");
    }

    /**
     * A whole number above 0; {@code _} may group digits ({@code 10_000}).
     *
     * @throws IllegalArgumentException naming {@code flag}
     */
    public static long positive(String flag, String value) {
        try {
            long n = Long.parseLong(value.trim().replace("_", ""));
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // fall through to the message
        }
        throw new IllegalArgumentException(flag + " takes a whole number above 0, not '" + value + "'");
    }

    /** {@link #positive} that must fit an {@code int}. */
    public static int positiveInt(String flag, String value) {
        long n = positive(flag, value);
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(flag + " takes a whole number from 1 to " + Integer.MAX_VALUE + ", not '"
                    + value + "'");
        }
        return (int) n;
    }

    /**
     * One of an enum's constants, named in lower case ({@code --role server}).
     *
     * @throws IllegalArgumentException naming {@code flag} and every name it takes
     */
    public static <E extends Enum<E>> E choice(String flag, String value, Class<E> type) {
        E[] constants = type.getEnumConstants();
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < constants.length; i++) {
            String name = constants[i].name().toLowerCase(Locale.ROOT);
            if (name.equals(value.trim().toLowerCase(Locale.ROOT))) {
                return constants[i];
            }
            names.append(i == 0 ? "" : i == constants.length - 1 ? " or " : ", ").append(name);
        }
        throw new IllegalArgumentException(flag + " takes " + names + ", not '" + value + "'");
    }
}
