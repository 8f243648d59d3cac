package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.ScratchBytes;
import us.hebi.quickbuf.JsonSink;
import us.hebi.quickbuf.JsonSource;
import us.hebi.quickbuf.ProtoMessage;
import us.hebi.quickbuf.RepeatedByte;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * QuickBuffers' JSON, format {@code quickbuf-json}: the generated {@code writeTo(JsonSink)} and
 * {@code mergeFrom(JsonSource)}, compact, with lowerCamelCase names and enums by name (the
 * library's defaults), as UTF-8 bytes.
 *
 * <p>The printer writes into a growable byte array kept here (a {@code RepeatedByte}, cleared for
 * every message); the bytes are then copied into the caller's buffer, heap or direct, after their
 * count has been checked against the room. The parser reads a heap buffer's array in place and a
 * direct buffer through a scratch array; QuickBuffers' {@code JsonSource} cannot be re-aimed, so
 * a new one is made per message (a small object with its own value buffer).
 */
final class JsonWire implements QuickbufWire {

    static final String FORMAT = "quickbuf-json";

    private final RepeatedByte printed = RepeatedByte.newEmptyInstance();
    private final JsonSink sink = JsonSink.newInstance(printed);
    private final ScratchBytes scratch = new ScratchBytes(0);

    @Override
    public String format() {
        return FORMAT;
    }

    /**
     * Measurement only: the parser turns every leading {@code -} of a number into one more level of
     * recursion, so a price of 10,000 minus signs throws {@code StackOverflowError}; see
     * the README.
     */
    @Override
    public Conformance conformance() {
        return Conformance.MEASUREMENT;
    }

    @Override
    public <P extends ProtoMessage<P>> int write(P message, QuickbufMapping<?, P> mapping, ByteBuffer dst,
                                                int offset, int limit) {
        sink.clear();
        try {
            message.writeTo(sink);
        } catch (IOException e) {
            // the sink writes into an array it grows: nothing in it throws IOException
            throw new IllegalStateException("QuickBuffers' JSON sink failed", e);
        }
        mapping.repairJson(message, printed);
        int size = printed.length();
        if (size > limit - offset) {
            throw new BufferOverflowException();
        }
        dst.put(offset, printed.array(), 0, size);
        return size;
    }

    @Override
    public <P extends ProtoMessage<P>> void read(P message, ByteBuffer src, int offset, int length) throws IOException {
        JsonSource in;
        if (src.hasArray()) {
            in = JsonSource.newInstance(src.array(), src.arrayOffset() + offset, length);
        } else {
            in = JsonSource.newInstance(scratch.copyOf(src, offset, length), 0, length);
        }
        message.clear();
        message.mergeFrom(in);
    }
}
