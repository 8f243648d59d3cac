package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.ScratchBytes;
import us.hebi.quickbuf.ProtoMessage;
import us.hebi.quickbuf.ProtoSink;
import us.hebi.quickbuf.ProtoSource;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Protobuf binary, format {@code quickbuf}: the generated {@code writeTo(ProtoSink)} and
 * {@code mergeFrom(ProtoSource)}, through one array sink and one array source re-aimed at every call
 * ({@code setOutput}/{@code setInput}), as QuickBuffers is meant to be used.
 *
 * <p>A heap buffer's array is written and read in place. A direct buffer goes through a scratch
 * array kept here, copied with one bulk {@code put}/{@code get}: QuickBuffers' own direct-memory
 * sink and source take the raw address of {@code [position, limit)} of the buffer they are handed
 * through {@code sun.misc.Unsafe}, and its {@code ByteBuffer} sink and source move that buffer's
 * position, so either would need a {@code slice} per call (an allocation) and the former memory
 * access that newer JDKs warn about; the copy allocates nothing.
 */
final class BinaryWire implements QuickbufWire {

    static final String FORMAT = "quickbuf";

    private final ProtoSink sink = ProtoSink.newArraySink();
    private final ProtoSource source = ProtoSource.newArraySource();
    private final ScratchBytes scratch = new ScratchBytes(0);

    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Measurement only: QuickBuffers sizes a string's array from the length on the wire before it
     * checks that many bytes are left (a 6-byte string header claiming 2 GiB throws
     * {@code OutOfMemoryError}); see the README.
     */
    @Override
    public Conformance conformance() {
        return Conformance.MEASUREMENT;
    }

    @Override
    public <P extends ProtoMessage<P>> int write(P message, QuickbufMapping<?, P> mapping, ByteBuffer dst,
                                                int offset, int limit) {
        // computes and caches the sizes of the message and every nested one, which writeTo then uses
        int size = message.getSerializedSize();
        if (size > limit - offset) {
            throw new BufferOverflowException();
        }
        try {
            if (dst.hasArray()) {
                sink.setOutput(dst.array(), dst.arrayOffset() + offset, size);
                message.writeTo(sink);
            } else {
                byte[] bytes = scratch.atLeast(size);
                sink.setOutput(bytes, 0, size);
                message.writeTo(sink);
                dst.put(offset, bytes, 0, size);
            }
        } catch (IOException outOfSpace) {
            // an array sink throws only OutOfSpaceException, which the size check rules out
            BufferOverflowException overflow = new BufferOverflowException();
            overflow.initCause(outOfSpace);
            throw overflow;
        }
        return size;
    }

    @Override
    public <P extends ProtoMessage<P>> void read(P message, ByteBuffer src, int offset, int length) throws IOException {
        if (src.hasArray()) {
            source.setInput(src.array(), src.arrayOffset() + offset, length);
        } else {
            source.setInput(scratch.copyOf(src, offset, length), 0, length);
        }
        // clear(), not clearQuick(): the getters are read without has-checks (proto3: absent is zero),
        // and clearQuick() leaves the old numbers behind the cleared has-bits
        message.clear();
        // mergeFrom, then the check that parsing ended at the end of the input and not at an
        // end-group tag, which the generated mergeFrom alone would take as the end
        ProtoMessage.mergeFrom(message, source);
    }

}
