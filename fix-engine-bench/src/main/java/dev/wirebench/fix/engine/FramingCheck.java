package dev.wirebench.fix.engine;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Checks, as bytes arrive from a client, that they are FIX 4.4 messages end to end
 * ({@code 8=FIX.4.4|9=<n>|}, n bytes, {@code 10=ddd|}) with a BodyLength under a cap, reading only the
 * few header and trailer bytes of each (the engine verifies the CheckSum), and allocating nothing unless it
 * fails. Philadelphia skips what it finds garbled and Artio discards everything it has read with it, a good
 * message included, both keeping the connection: a stream of garbage would get no answer at all. Failing
 * the read instead ends the connection. Their servers read through it; one per connection.
 */
public final class FramingCheck {

    private static final byte[] START = "8=FIX.4.4\u00019=".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] TRAILER = "10=".getBytes(StandardCharsets.US_ASCII);
    private static final byte SOH = 1;
    private static final int MAX_LENGTH_DIGITS = 7;

    private enum State { START, LENGTH, BODY, TRAILER, CHECKSUM }

    private final int maxBodyLength;
    private State state = State.START;
    private int matched;
    private long number;

    public FramingCheck(int maxBodyLength) {
        this.maxBodyLength = maxBodyLength;
    }

    /**
     * Checks what a read of {@code read} bytes put into {@code buffer} from {@code from}, and returns {@code read}:
     * {@code return check.read(dst, from, channel.read(dst))} wraps a channel's read.
     *
     * @throws IOException saying what is wrong, when they cannot continue a FIX 4.4 stream
     */
    public int read(ByteBuffer buffer, int from, int read) throws IOException {
        if (read > 0) {
            check(buffer, from, from + read);
        }
        return read;
    }

    /**
     * Checks {@code buffer[from, to)}, the bytes a read just added.
     *
     * @throws IOException saying what is wrong, when they cannot continue a FIX 4.4 stream
     */
    public void check(ByteBuffer buffer, int from, int to) throws IOException {
        int i = from;
        while (i < to) {
            if (state == State.BODY) {
                // skip the body without reading it
                long skip = Math.min(number, to - i);
                i += (int) skip;
                number -= skip;
                if (number == 0) {
                    state = State.TRAILER;
                    matched = 0;
                }
                continue;
            }
            accept(buffer.get(i++));
        }
    }

    private void accept(byte b) throws IOException {
        switch (state) {
            case START -> {
                expect(b == START[matched], "does not start with 8=FIX.4.4|9=");
                if (++matched == START.length) {
                    state = State.LENGTH;
                    matched = 0;
                    number = 0;
                }
            }
            case LENGTH -> {
                if (b == SOH && matched > 0) {
                    if (number > maxBodyLength) {
                        // built only on failure: a message per check would be garbage on every order
                        throw malformed("BodyLength " + number + " is over " + maxBodyLength);
                    }
                    state = number == 0 ? State.TRAILER : State.BODY;
                    matched = 0;
                    return;
                }
                expect(b >= '0' && b <= '9' && matched < MAX_LENGTH_DIGITS, "BodyLength is not a number");
                number = number * 10 + (b - '0');
                matched++;
            }
            case TRAILER -> {
                expect(b == TRAILER[matched], "no CheckSum(10) where BodyLength says the body ends");
                if (++matched == TRAILER.length) {
                    state = State.CHECKSUM;
                    matched = 0;
                }
            }
            case CHECKSUM -> {
                if (matched == 3) {
                    expect(b == SOH, "CheckSum is not three digits");
                    state = State.START;
                    matched = 0;
                    return;
                }
                expect(b >= '0' && b <= '9', "CheckSum is not three digits");
                matched++;
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private static void expect(boolean ok, String what) throws IOException {
        if (!ok) {
            throw malformed(what);
        }
    }

    private static IOException malformed(String what) {
        return new IOException("malformed FIX from the client: " + what);
    }
}
