package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Conformance;
import us.hebi.quickbuf.ProtoMessage;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The wire step of a {@link QuickbufCodec}: a generated message into {@code [offset, limit)} of a
 * buffer, or parsed from {@code [offset, offset + length)}, by QuickBuffers' own writer and parser
 * ({@link BinaryWire} for protobuf binary, {@link JsonWire} for QuickBuffers' JSON). Implementations
 * keep their sinks, sources and scratch arrays for the codec's life: one thread at a time.
 */
interface QuickbufWire {

    /** The format's name: {@code quickbuf} or {@code quickbuf-json}. */
    String format();

    /** What the format claims; see the module README for why. */
    Conformance conformance();

    /**
     * Writes {@code message} into {@code dst} from {@code offset}, never at or past {@code limit}.
     *
     * @return the bytes written
     * @throws java.nio.BufferOverflowException before writing anything if they would not fit
     */
    <P extends ProtoMessage<P>> int write(P message, QuickbufMapping<?, P> mapping, ByteBuffer dst, int offset, int limit);

    /**
     * Clears {@code message} and merges the message in {@code src[offset, offset + length)} into it.
     *
     * @throws IOException what QuickBuffers throws on bytes it cannot parse
     */
    <P extends ProtoMessage<P>> void read(P message, ByteBuffer src, int offset, int length) throws IOException;
}
