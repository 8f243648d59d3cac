package dev.wirebench.fix.philadelphia;

import dev.wirebench.fix.engine.FramingCheck;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;

/**
 * The server's read side: every read goes through a {@link FramingCheck}, which fails it, ending the
 * session, when the stream stops being FIX 4.4 messages end to end (Philadelphia's own parser would skip
 * the garbage and answer nothing).
 */
final class FramingGuard implements ReadableByteChannel {

    private final ReadableByteChannel channel;
    private final FramingCheck check;

    FramingGuard(ReadableByteChannel channel, int maxBodyLength) {
        this.channel = channel;
        this.check = new FramingCheck(maxBodyLength);
    }

    @Override
    public int read(ByteBuffer dst) throws IOException {
        int from = dst.position();
        return check.read(dst, from, channel.read(dst));
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
