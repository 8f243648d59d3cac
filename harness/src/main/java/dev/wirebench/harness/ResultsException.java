package dev.wirebench.harness;

/**
 * A result file that cannot be read: missing, not JSON, or not JMH's JSON. The message is one line for the user: a
 * line break or other control character it quotes from the file is escaped as a Java string literal would write it.
 */
public final class ResultsException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResultsException(String message) {
        super(oneLine(message));
    }

    public ResultsException(String message, Throwable cause) {
        super(oneLine(message), cause);
    }

    /** {@code message} with every control character escaped, so that a value quoted from a file cannot break it. */
    static String oneLine(String message) {
        if (message == null || message.chars().noneMatch(Character::isISOControl)) {
            return message;
        }
        StringBuilder line = new StringBuilder(message.length() + 8);
        for (int i = 0; i < message.length(); i++) {
            char c = message.charAt(i);
            switch (c) {
                case '\n' -> line.append("\\n");
                case '\r' -> line.append("\\r");
                case '\t' -> line.append("\\t");
                default -> {
                    if (Character.isISOControl(c)) {
                        line.append(String.format("\\u%04x", (int) c));
                    } else {
                        line.append(c);
                    }
                }
            }
        }
        return line.toString();
    }
}
