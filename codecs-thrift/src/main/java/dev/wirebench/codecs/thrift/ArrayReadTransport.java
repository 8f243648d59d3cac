package dev.wirebench.codecs.thrift;

import org.apache.thrift.transport.TTransportException;

/**
 * The read side of a codec: a buffered Thrift transport over exactly {@code array[offset, offset + length)},
 * re-aimed for every message, like libthrift's {@code TMemoryInputTransport}. It exposes the array
 * ({@link #getBuffer()}), so that the compact protocol reads bytes, varints and strings from it in place
 * ({@code new String(array, position, length, UTF_8)}) instead of copying them out first.
 *
 * <p>{@link #checkReadBytesAvailable} is the transport's half of libthrift's size checks: the compact protocol
 * asks it before it allocates for a string or a container (the count times the smallest encoding of an element),
 * and it refuses more than is left of the message. {@code TMemoryInputTransport} checks against its
 * {@code TConfiguration}'s maximum message size (100 MB) once {@code reset} has re-aimed it; this one knows the
 * message's length.
 */
final class ArrayReadTransport extends InMemoryTransport {

    private byte[] array;
    private int position;
    private int end;

    /** Reads the next message from {@code array[offset, offset + length)}. */
    void aim(byte[] array, int offset, int length) {
        this.array = array;
        this.position = offset;
        this.end = offset + length;
    }

    /** Bytes of the message not read yet. */
    int remaining() {
        return end - position;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws TTransportException {
        if (len > end - position) {
            throw new TTransportException(TTransportException.END_OF_FILE,
                    "the message ends " + Math.max(0, end - position) + " bytes on, " + len + " wanted");
        }
        System.arraycopy(array, position, buf, off, len);
        position += len;
        return len;
    }

    @Override
    public byte[] getBuffer() {
        return array;
    }

    @Override
    public int getBufferPosition() {
        return position;
    }

    @Override
    public int getBytesRemainingInBuffer() {
        return end - position;
    }

    @Override
    public void consumeBuffer(int len) {
        position += len;
    }

    @Override
    public void checkReadBytesAvailable(long numBytes) throws TTransportException {
        if (numBytes > end - position) {
            throw new TTransportException(TTransportException.END_OF_FILE,
                    "a length or count wants " + numBytes + " bytes where " + Math.max(0, end - position) + " are left");
        }
    }

    @Override
    public void write(byte[] buf, int off, int len) {
        throw new UnsupportedOperationException("a read transport");
    }
}
