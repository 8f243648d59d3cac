package dev.wirebench.fix.engine;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A connection without a socket, for the fuzz targets: each read hands over the next of the reads it was
 * given (as much of it as fits, the rest on the next read), then the end of the stream; every byte written is
 * kept. A blocking socket in miniature: a read never returns 0.
 */
public final class ScriptedChannel implements ReadableByteChannel, GatheringByteChannel {

    private final byte[] stream;
    private final int[] reads;
    private int read;
    private int at;
    private int leftInRead;
    private final ByteArrayOutputStream written = new ByteArrayOutputStream();
    private boolean open = true;

    /** @param reads the sizes of the reads {@code stream} arrives in, adding up to its length */
    public ScriptedChannel(byte[] stream, int[] reads) {
        this.stream = stream;
        this.reads = reads;
    }

    /** The sizes of reads of {@code length} bytes in all: pseudo-random, 1 to {@code largest} each. */
    public static int[] reads(int length, int largest, SplittableRandom random) {
        int[] reads = new int[length];
        int count = 0;
        for (int left = length; left > 0; ) {
            int read = Math.min(left, 1 + random.nextInt(largest));
            reads[count++] = read;
            left -= read;
        }
        return Arrays.copyOf(reads, count);
    }

    /** One read of all {@code length} bytes (none for none). */
    public static int[] oneRead(int length) {
        return length == 0 ? new int[0] : new int[] {length};
    }

    /** Everything written so far. */
    public byte[] written() {
        return written.toByteArray();
    }

    /** How many bytes of the stream have been read. */
    public int consumed() {
        return at;
    }

    @Override
    public int read(ByteBuffer dst) throws ClosedChannelException {
        requireOpen();
        if (leftInRead == 0) {
            if (read == reads.length) {
                return -1;
            }
            leftInRead = reads[read++];
        }
        int n = Math.min(leftInRead, dst.remaining());
        dst.put(stream, at, n);
        at += n;
        leftInRead -= n;
        return n;
    }

    @Override
    public int write(ByteBuffer src) throws ClosedChannelException {
        requireOpen();
        int n = src.remaining();
        byte[] bytes = new byte[n];
        src.get(bytes);
        written.writeBytes(bytes);
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs, int offset, int length) throws ClosedChannelException {
        long n = 0;
        for (int i = offset; i < offset + length; i++) {
            n += write(srcs[i]);
        }
        return n;
    }

    @Override
    public long write(ByteBuffer[] srcs) throws ClosedChannelException {
        return write(srcs, 0, srcs.length);
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public void close() {
        open = false;
    }

    private void requireOpen() throws ClosedChannelException {
        if (!open) {
            throw new ClosedChannelException();
        }
    }
}
