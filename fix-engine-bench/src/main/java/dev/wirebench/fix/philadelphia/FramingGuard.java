package dev.wirebench.fix.philadelphia;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SocketChannel;

/**
 * The server's read side: checks, as bytes arrive, that the stream is FIX 4.4 messages end to end
 * ({@code 8=FIX.4.4|9=<n>|}, n bytes, {@code 10=ddd|}) with a BodyLength under a cap, and fails the read
 * otherwise, which ends the session. Philadelphia's own parser skips what it finds garbled, as FIX
 * allows, so a stream of garbage would get no answer at all; this turns it into a closed connection.
 * It reads only the few header and trailer bytes of each message (Philadelphia verifies the CheckSum).
 */
final class FramingGuard implements ReadableByteChannel {

    private static final byte[] START = "8=FIX.4.4\u00019=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte[] TRAILER = "10=".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    private static final byte SOH = 1;
    private static final int MAX_LENGTH_DIGITS = 7;

    private enum State { START, LENGTH, BODY, TRAILER, CHECKSUM }

    private final SocketChannel channel;
    private final int maxBodyLength;
    private State state = State.START;
    private int matched;
    private long number;

    FramingGuard(SocketChannel channel, int maxBodyLength) {
        this.channel = channel;
        this.maxBodyLength = maxBodyLength;
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int from = dst.position();
        int bytes = channel.read(dst);
        int i = from;
        int end = from + Math.max(bytes, 0);
        while (i < end) {
            if (state == State.BODY) {
                // skip the body without reading it
                long skip = Math.min(number, end - i);
                i += (int) skip;
                number -= skip;
                if (number == 0) {
                    state = State.TRAILER;
                    matched = 0;
                }
                continue;
            }
            accept(dst.get(i++));
        }
        return bytes;
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
                    expect(number <= maxBodyLength, "BodyLength " + number + " is over " + maxBodyLength);
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
            throw new IOException("malformed FIX from the client: " + what);
        }
    }

    @Override
    public boolean isOpen() {
        return channel.isOpen();
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
