package dev.wirebench.codecs.raw;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Little-endian reads and writes at absolute indexes, whatever the buffer's own byte order, never
 * touching its position, limit or order.
 *
 * <p>Every method takes the buffer twice: {@code array} is a heap buffer's backing array, or
 * {@code null} for a direct (or read-only) buffer, which is then reached through {@code buffer}.
 * Indexes are <em>storage</em> indexes ({@link #index}): into the array for a heap buffer, into the
 * buffer otherwise. The array path is a plain array access, which the JIT optimises better than a
 * {@link ByteBuffer} view (it knows exactly what memory is touched); the {@code array != null} test
 * costs nothing where one kind of buffer is used, as in a benchmark fork, since the JIT compiles
 * only the branch it has seen taken.
 */
final class Wire {

    private static final VarHandle ARRAY_LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle ARRAY_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_LONG = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle BUFFER_INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private Wire() {
    }

    /** The backing array of a writable heap buffer, else {@code null}. */
    static byte[] array(ByteBuffer buffer) {
        return buffer.hasArray() ? buffer.array() : null;
    }

    /** The storage index of {@code buffer}'s index {@code index}. */
    static int index(ByteBuffer buffer, int index) {
        return buffer.hasArray() ? buffer.arrayOffset() + index : index;
    }

    static long getLong(byte[] array, ByteBuffer buffer, int i) {
        return array != null ? (long) ARRAY_LONG.get(array, i) : (long) BUFFER_LONG.get(buffer, i);
    }

    static int getInt(byte[] array, ByteBuffer buffer, int i) {
        return array != null ? (int) ARRAY_INT.get(array, i) : (int) BUFFER_INT.get(buffer, i);
    }

    /** One byte, unsigned. */
    static int getByte(byte[] array, ByteBuffer buffer, int i) {
        return (array != null ? array[i] : buffer.get(i)) & 0xFF;
    }

    /** Writes {@code value} at {@code p} if it fits below {@code limit}; returns the index after it. */
    static int putLong(byte[] array, ByteBuffer buffer, int p, int limit, long value) {
        if (p > limit - Long.BYTES) {
            throw new BufferOverflowException();
        }
        if (array != null) {
            ARRAY_LONG.set(array, p, value);
        } else {
            BUFFER_LONG.set(buffer, p, value);
        }
        return p + Long.BYTES;
    }

    /** Writes {@code value} at {@code p} if it fits below {@code limit}; returns the index after it. */
    static int putInt(byte[] array, ByteBuffer buffer, int p, int limit, int value) {
        if (p > limit - Integer.BYTES) {
            throw new BufferOverflowException();
        }
        setInt(array, buffer, p, value);
        return p + Integer.BYTES;
    }

    /** Writes the low byte of {@code value} at {@code p} if it is below {@code limit}; returns {@code p + 1}. */
    static int putByte(byte[] array, ByteBuffer buffer, int p, int limit, int value) {
        if (p >= limit) {
            throw new BufferOverflowException();
        }
        setByte(array, buffer, p, value);
        return p + 1;
    }

    /** Writes 1 or 0 at {@code p} if it is below {@code limit}; returns {@code p + 1}. */
    static int putBoolean(byte[] array, ByteBuffer buffer, int p, int limit, boolean value) {
        return putByte(array, buffer, p, limit, value ? 1 : 0);
    }

    /** An unchecked write, for fields whose room is already checked. */
    static void setLong(byte[] array, ByteBuffer buffer, int i, long value) {
        if (array != null) {
            ARRAY_LONG.set(array, i, value);
        } else {
            BUFFER_LONG.set(buffer, i, value);
        }
    }

    /** An unchecked write, for a length written back once the room is known. */
    static void setInt(byte[] array, ByteBuffer buffer, int i, int value) {
        if (array != null) {
            ARRAY_INT.set(array, i, value);
        } else {
            BUFFER_INT.set(buffer, i, value);
        }
    }

    /** An unchecked write, for bytes whose room is already checked. */
    static void setByte(byte[] array, ByteBuffer buffer, int i, int value) {
        if (array != null) {
            array[i] = (byte) value;
        } else {
            buffer.put(i, (byte) value);
        }
    }
}
