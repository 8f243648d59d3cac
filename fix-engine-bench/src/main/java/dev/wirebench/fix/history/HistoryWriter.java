package dev.wirebench.fix.history;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a history file: one line {@code <nanotime>;<FIX message>\n} per message, the nanotime in
 * decimal (negative ones too, as {@link System#nanoTime()} may give them) and the message as on the
 * wire, fields separated by SOH (0x01), encoded as UTF-8.
 *
 * <p>Lines go through a 1 MiB buffer of its own, so a line costs no allocation when the text is
 * ASCII (FIX text is) and no system call until the buffer fills. {@link #write} is synchronized:
 * an open-loop sender and the engine's receiving thread both write, and each line stays whole.
 */
public final class HistoryWriter implements AutoCloseable {

    /** The buffer size: 1 MiB, some 4 000 lines of ping-pong. */
    static final int BUFFER_BYTES = 1 << 20;
    /** A long in decimal, its sign, the ';' and the '\n'. */
    private static final int FRAMING_BYTES = 20 + 1 + 1;

    private final Path file;
    private final OutputStream out;
    private final byte[] buffer = new byte[BUFFER_BYTES];
    private int count;
    private boolean closed;

    /**
     * Creates (or truncates) {@code file}, creating its parent folders.
     *
     * @throws UncheckedIOException if it cannot be created, naming it
     */
    public HistoryWriter(Path file) {
        this.file = file;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            this.out = Files.newOutputStream(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create history file " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Appends the line {@code nanos;fixText}.
     *
     * @throws IllegalArgumentException if {@code fixText} holds a line break, which would split the line
     * @throws IllegalStateException    after {@link #close()}
     * @throws UncheckedIOException     if the file cannot be written, naming it
     */
    public synchronized void write(long nanos, CharSequence fixText) {
        if (closed) {
            throw new IllegalStateException("history file " + file + " is closed");
        }
        int length = fixText.length();
        // UTF-8 takes at most 3 bytes per UTF-16 char (a surrogate pair's 4 bytes stand for 2 chars)
        long worst = FRAMING_BYTES + 3L * length;
        if (count + worst > buffer.length) {
            flushBuffer();
        }
        if (worst > buffer.length) {
            writeThrough(nanos, fixText);
            return;
        }
        int at = putLong(buffer, count, nanos);
        buffer[at++] = ';';
        at = putUtf8(fixText, buffer, at);
        buffer[at++] = '\n';
        count = at;
    }

    /** A message too long for the buffer: encoded on its own and written past it (the buffer is empty). */
    private void writeThrough(long nanos, CharSequence fixText) {
        checkNoLineBreak(fixText);
        byte[] line = (nanos + ";" + fixText + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            out.write(line);
        } catch (IOException e) {
            throw failed(e);
        }
    }

    /** Writes every buffered line to the file. */
    public synchronized void flush() {
        if (!closed) {
            flushBuffer();
            try {
                out.flush();
            } catch (IOException e) {
                throw failed(e);
            }
        }
    }

    /** Flushes and closes the file; later calls do nothing. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            flushBuffer();
        } finally {
            closed = true;
            try {
                out.close();
            } catch (IOException e) {
                throw failed(e);
            }
        }
    }

    private void flushBuffer() {
        if (count > 0) {
            try {
                out.write(buffer, 0, count);
            } catch (IOException e) {
                throw failed(e);
            } finally {
                count = 0;
            }
        }
    }

    private UncheckedIOException failed(IOException e) {
        return new UncheckedIOException("cannot write history file " + file + ": " + e.getMessage(), e);
    }

    /** Writes {@code value} in decimal at {@code at}; returns the index after it. */
    static int putLong(byte[] dst, int at, long value) {
        // digits are taken from the negative value, which also holds Long.MIN_VALUE
        long negative = value;
        if (value < 0) {
            dst[at++] = '-';
        } else {
            negative = -value;
        }
        int digits = 1;
        for (long rest = negative; rest <= -10; rest /= 10) {
            digits++;
        }
        for (int i = at + digits - 1; i >= at; i--) {
            dst[i] = (byte) ('0' - negative % 10);
            negative /= 10;
        }
        return at + digits;
    }

    /** Encodes {@code text} as UTF-8 at {@code at} (an unpaired surrogate as '?'); returns the index after it. */
    private static int putUtf8(CharSequence text, byte[] dst, int at) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                if (c == '\n' || c == '\r') {
                    throw lineBreak(i);
                }
                dst[at++] = (byte) c;
            } else if (c < 0x800) {
                dst[at++] = (byte) (0xC0 | c >> 6);
                dst[at++] = (byte) (0x80 | c & 0x3F);
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                int cp = Character.toCodePoint(c, text.charAt(++i));
                dst[at++] = (byte) (0xF0 | cp >> 18);
                dst[at++] = (byte) (0x80 | cp >> 12 & 0x3F);
                dst[at++] = (byte) (0x80 | cp >> 6 & 0x3F);
                dst[at++] = (byte) (0x80 | cp & 0x3F);
            } else if (Character.isSurrogate(c)) {
                dst[at++] = '?';
            } else {
                dst[at++] = (byte) (0xE0 | c >> 12);
                dst[at++] = (byte) (0x80 | c >> 6 & 0x3F);
                dst[at++] = (byte) (0x80 | c & 0x3F);
            }
        }
        return at;
    }

    private static void checkNoLineBreak(CharSequence text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            if (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                throw lineBreak(i);
            }
        }
    }

    private static IllegalArgumentException lineBreak(int index) {
        return new IllegalArgumentException("a FIX message in a history file cannot hold a line break (char " + index + ")");
    }
}
