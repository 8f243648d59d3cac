package dev.wirebench.fix.history;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams a history file line by line without decoding it: each {@link #next()} leaves the line's
 * nanotime in {@link #nanos()} and its FIX message as bytes {@code [messageStart(), messageEnd())} of
 * {@link #bytes()}, valid until the next call. Memory stays at one 1 MiB buffer whatever the file's
 * size, which is also the longest line it accepts.
 */
final class HistoryReader implements Closeable {

    static final int MAX_LINE_BYTES = 1 << 20;

    private final InputStream in;
    private final byte[] buffer = new byte[MAX_LINE_BYTES];
    private int position;
    private int limit;
    private boolean endOfFile;
    private long line;
    private long nanos;
    private int messageStart;
    private int messageEnd;

    /** @throws IOException if the file cannot be opened */
    HistoryReader(Path file) throws IOException {
        this.in = Files.newInputStream(file);
    }

    /**
     * Moves to the next line; false at the end of the file. A last line without its newline counts.
     *
     * @throws HistoryFormatException if the line is not {@code <nanotime>;<message>} or is over 1 MiB
     */
    boolean next() throws IOException {
        int scanned = position;
        while (true) {
            int newline = indexOf((byte) '\n', scanned, limit);
            if (newline >= 0) {
                parse(position, newline);
                position = newline + 1;
                return true;
            }
            if (endOfFile) {
                if (position == limit) {
                    return false;
                }
                parse(position, limit);
                position = limit;
                return true;
            }
            scanned = limit - position;
            fill();
            if (scanned == limit && !endOfFile) {
                throw new HistoryFormatException(line + 1, "longer than " + (MAX_LINE_BYTES >> 20)
                        + " MiB without a newline: is this a history file?");
            }
        }
    }

    /** Moves the unread bytes to the front and reads more after them; sets endOfFile on EOF. */
    private void fill() throws IOException {
        System.arraycopy(buffer, position, buffer, 0, limit - position);
        limit -= position;
        position = 0;
        if (limit == buffer.length) {
            return;
        }
        int read = in.read(buffer, limit, buffer.length - limit);
        if (read < 0) {
            endOfFile = true;
        } else {
            limit += read;
        }
    }

    private int indexOf(byte b, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buffer[i] == b) {
                return i;
            }
        }
        return -1;
    }

    private void parse(int start, int end) {
        line++;
        int semicolon = indexOf((byte) ';', start, Math.min(end, start + 21));
        if (semicolon < 0) {
            throw new HistoryFormatException(line, "expected <nanotime>;<FIX message>, found no ';' after a number");
        }
        nanos = parseLong(start, semicolon);
        messageStart = semicolon + 1;
        messageEnd = end;
        if (messageStart == messageEnd) {
            throw new HistoryFormatException(line, "no FIX message after the ';'");
        }
    }

    private long parseLong(int start, int end) {
        boolean negative = end > start && buffer[start] == '-';
        int i = negative ? start + 1 : start;
        if (i == end) {
            throw new HistoryFormatException(line, "expected a nanotime (a decimal number) before the ';'");
        }
        // accumulated negatively, which also holds Long.MIN_VALUE
        long value = 0;
        for (; i < end; i++) {
            int digit = buffer[i] - '0';
            if (digit < 0 || digit > 9 || value < (Long.MIN_VALUE + digit) / 10) {
                throw new HistoryFormatException(line, "nanotime '" + text(start, end) + "' is not a decimal long");
            }
            value = value * 10 - digit;
        }
        if (!negative) {
            if (value == Long.MIN_VALUE) {
                throw new HistoryFormatException(line, "nanotime '" + text(start, end) + "' is not a decimal long");
            }
            value = -value;
        }
        return value;
    }

    String text(int start, int end) {
        return new String(buffer, start, end - start, java.nio.charset.StandardCharsets.UTF_8);
    }

    /** The 1-based number of the current line. */
    long line() {
        return line;
    }

    long nanos() {
        return nanos;
    }

    byte[] bytes() {
        return buffer;
    }

    int messageStart() {
        return messageStart;
    }

    int messageEnd() {
        return messageEnd;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
