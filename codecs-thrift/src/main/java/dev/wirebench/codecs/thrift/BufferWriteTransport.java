package dev.wirebench.codecs.thrift;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * The write side of a codec: a Thrift transport that writes straight into a caller's buffer, from an absolute
 * offset up to a limit, and is re-aimed for every message. The compact protocol hands it a few bytes at a time
 * (a field header, a varint, a string's UTF-8 bytes); each goes in with one absolute bulk put, or one array copy
 * into a heap buffer's array. Reaching the limit throws {@link BufferOverflowException} (not a
 * {@code TTransportException}: no Thrift code catches a runtime exception, so it reaches the codec as it is), with
 * nothing written at or past the limit.
 */
final class BufferWriteTransport extends InMemoryTransport {

    private ByteBuffer dst;
    private byte[] array;
    private int arrayOffset;
    private int start;
    private int position;
    private int limit;

    /** Writes the next message into {@code dst[offset, limit)}; the buffer's own position is never touched. */
    void aim(ByteBuffer dst, int offset, int limit) {
        this.dst = dst;
        this.array = dst.hasArray() ? dst.array() : null;
        this.arrayOffset = array == null ? 0 : dst.arrayOffset();
        this.start = offset;
        this.position = offset;
        this.limit = limit;
    }

    /** Bytes written since {@link #aim}. */
    int written() {
        return position - start;
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        if (len > limit - position) {
            throw new BufferOverflowException();
        }
        if (array != null) {
            System.arraycopy(buf, off, array, arrayOffset + position, len);
        } else {
            dst.put(position, buf, off, len);
        }
        position += len;
    }

    @Override
    public int read(byte[] buf, int off, int len) {
        throw new UnsupportedOperationException("a write transport");
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) {
    }
}
