package dev.wirebench.codecs.capnp;

import org.capnproto.Allocator;
import org.capnproto.BuilderArena;
import org.capnproto.MessageBuilder;

import java.nio.ByteBuffer;

/**
 * One {@link MessageBuilder} that every encode of a codec reuses, so that messages are built
 * into the same first segment instead of a new one per call.
 *
 * <p>capnproto-java 0.1.16 supports this only half-way: {@code MessageBuilder(Allocator, ByteBuffer)}
 * takes a caller-owned first segment, and {@code clearFirstSegment()} zeroes the words the last
 * message used so the builder can start over. But a message that outgrows the first segment
 * spills into more segments that stay in the builder's arena for good, and the arena keeps
 * allocating in its <em>last</em> segment. So this class is the arena's {@link Allocator} too: when
 * the runtime asks it for a second segment, it notes that the first one was too small, and the
 * next {@link #reset} replaces the builder with one whose first segment holds everything.
 * {@link CapnpCodec} then builds the message again, so that every message goes out as a single
 * segment (an 8-byte table) and the same record always gives the same bytes.
 */
final class ReusableMessageBuilder implements Allocator {

    /** The runtime's own suggestion for a first segment: 1024 words, 8 KiB. */
    static final int FIRST_SEGMENT_BYTES = BuilderArena.SUGGESTED_FIRST_SEGMENT_WORDS * Long.BYTES;
    private static final int MAX_SEGMENT_BYTES = Integer.MAX_VALUE - Long.BYTES + 1;

    private MessageBuilder builder;
    private int capacity;
    private long spilledBytes;

    ReusableMessageBuilder() {
        replace(FIRST_SEGMENT_BYTES);
    }

    /**
     * An empty builder: the same one as last time with its first segment zeroed, or a new one with a
     * larger first segment if the last message spilled out of it.
     */
    MessageBuilder reset() {
        if (spilledBytes > 0) {
            long needed = Math.max(2L * capacity, capacity + spilledBytes);
            replace((int) Math.min(needed, MAX_SEGMENT_BYTES));
        } else {
            builder.clearFirstSegment();
        }
        return builder;
    }

    /** Whether the message built since {@link #reset} needed more than the first segment. */
    boolean spilled() {
        return spilledBytes > 0;
    }

    /** Bytes of the first segment. */
    int capacity() {
        return capacity;
    }

    /** Called by the runtime's arena when the first segment is full; the segment serves this message only. */
    @Override
    public ByteBuffer allocateSegment(int minimumSize) {
        spilledBytes += minimumSize;
        return ByteBuffer.allocate(minimumSize);
    }

    private void replace(int bytes) {
        capacity = bytes;
        spilledBytes = 0;
        builder = new MessageBuilder(this, ByteBuffer.allocate(bytes));
    }
}
