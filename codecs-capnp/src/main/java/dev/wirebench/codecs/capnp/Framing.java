package dev.wirebench.codecs.capnp;

import org.capnproto.ArrayInputStream;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The one step in which {@code capnp} and {@code capnp-packed} differ: how a built message becomes
 * bytes and bytes become a {@link MessageReader}. Both write through the runtime's
 * {@link ArrayOutputStream} over the caller's buffer and read through the runtime's
 * {@code Serialize}/{@code SerializePacked}, after checks of their own (see each constant).
 */
enum Framing {

    /**
     * The standard stream framing: segment table, then the segments as they are. Reading is
     * zero-copy: the segments are views of the caller's buffer.
     */
    STANDARD("capnp") {
        @Override
        int write(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
                throws IOException {
            ArrayOutputStream out = state.output(dst, offset, limit);
            Serialize.write(out, message);
            return out.buf.position() - offset;
        }

        @Override
        MessageReader read(ByteBuffer src, int offset, int length, FramingState state) {
            ByteBuffer message = state.window(src, offset, length);
            long words = SegmentTable.segmentWords(message);
            try {
                return Serialize.read(message, state.readerOptions(words));
            } catch (IOException e) {
                throw new IllegalArgumentException(e.getMessage(), e); // declared, never thrown for a ByteBuffer
            }
        }
    },

    /**
     * capnp's packing: each word becomes a tag byte (which bytes are non-zero) and its non-zero
     * bytes, with runs of zero words and of dense words counted. Reading unpacks into segments the
     * runtime allocates.
     */
    PACKED("capnp-packed") {
        @Override
        int write(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
                throws IOException {
            ArrayOutputStream out = state.output(dst, offset, limit);
            SerializePacked.write(out, message);
            return out.buf.position() - offset;
        }

        @Override
        MessageReader read(ByteBuffer src, int offset, int length, FramingState state) {
            // the runtime's PackedInputStream spins forever on input that ends early, and allocates
            // whatever the segment table claims up to the traversal limit: bound both first
            long words = PackedBytes.segmentWords(src, offset, length);
            ArrayInputStream in = state.input(src, offset, length);
            MessageReader reader;
            try {
                reader = SerializePacked.read(in, state.readerOptions(words));
            } catch (IOException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            if (in.buf.hasRemaining()) {
                throw new IllegalArgumentException("the segment table ends " + in.buf.remaining()
                        + " packed bytes before the message does");
            }
            return reader;
        }
    };

    private final String format;

    Framing(String format) {
        this.format = format;
    }

    /** The format name of the codecs with this framing. */
    String format() {
        return format;
    }

    /**
     * Writes the message into {@code dst[offset, limit)}; position, limit and order of {@code dst}
     * are left alone.
     *
     * @return bytes written
     * @throws IOException when the message does not fit (the runtime's {@code ArrayOutputStream}
     *                     says so before each chunk it cannot take)
     */
    abstract int write(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
            throws IOException;

    /**
     * A reader over the message in {@code src[offset, offset + length)}, which must hold exactly one
     * message; position, limit and order of {@code src} are left alone.
     *
     * @throws IllegalArgumentException saying what is wrong with the framing
     */
    abstract MessageReader read(ByteBuffer src, int offset, int length, FramingState state);
}
