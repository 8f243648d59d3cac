package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.Conformance;
import org.capnproto.ArrayInputStream;
import org.capnproto.ArrayOutputStream;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;
import org.capnproto.Serialize;
import org.capnproto.SerializePacked;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The one step in which {@code capnp}, {@code capnp-packed} and {@code capnp-packed+guarded} differ:
 * how a built message becomes bytes and bytes become a {@link MessageReader}. All write through the
 * runtime's {@link ArrayOutputStream} over the caller's buffer and read through the runtime's
 * {@code Serialize}/{@code SerializePacked}, some after checks of their own (see each constant).
 */
enum Framing {

    /**
     * The standard stream framing: segment table, then the segments as they are. Reading is
     * zero-copy: the segments are views of the caller's buffer.
     */
    STANDARD("capnp", Conformance.HOSTILE_INPUT) {
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
     * runtime allocates, with the runtime's default reader options and nothing checked first: what
     * is measured is the library. Not for hostile input: capnproto-java 0.1.16's
     * {@code PackedInputStream} spins forever on input that ends before its segment table is
     * satisfied (empty input, a quarter of the truncations of a message), and allocates whatever
     * the table claims, up to 64 MiB.
     */
    PACKED("capnp-packed", Conformance.MEASUREMENT) {
        @Override
        int write(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
                throws IOException {
            return writePacked(message, dst, offset, limit, state);
        }

        @Override
        MessageReader read(ByteBuffer src, int offset, int length, FramingState state) {
            ArrayInputStream in = state.input(src, offset, length);
            MessageReader reader;
            try {
                reader = SerializePacked.read(in);
            } catch (IOException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
            return checkConsumed(reader, in);
        }
    },

    /**
     * The same bytes as {@link #PACKED}, read after {@link PackedBytes} has checked the packing in
     * one pass (no allocation) and found its exact unpacked size, which then bounds the segment
     * table and the traversal limit: the form of {@code capnp-packed} that survives hostile input.
     */
    PACKED_GUARDED("capnp-packed+guarded", Conformance.HOSTILE_INPUT) {
        @Override
        int write(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
                throws IOException {
            return writePacked(message, dst, offset, limit, state);
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
            return checkConsumed(reader, in);
        }
    };

    private final String format;
    private final Conformance conformance;

    Framing(String format, Conformance conformance) {
        this.format = format;
        this.conformance = conformance;
    }

    /** The format name of the codecs with this framing. */
    String format() {
        return format;
    }

    /** The contracts of the kit the codecs with this framing pass. */
    Conformance conformance() {
        return conformance;
    }

    private static int writePacked(MessageBuilder message, ByteBuffer dst, int offset, int limit, FramingState state)
            throws IOException {
        ArrayOutputStream out = state.output(dst, offset, limit);
        SerializePacked.write(out, message);
        return out.buf.position() - offset;
    }

    /** The input must hold exactly the one message: one comparison, in both packed forms. */
    private static MessageReader checkConsumed(MessageReader reader, ArrayInputStream in) {
        if (in.buf.hasRemaining()) {
            throw new IllegalArgumentException("the segment table ends " + in.buf.remaining()
                    + " packed bytes before the message does");
        }
        return reader;
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
