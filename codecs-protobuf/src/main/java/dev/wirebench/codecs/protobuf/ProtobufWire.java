package dev.wirebench.codecs.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import com.google.protobuf.Parser;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * The binary I/O every protobuf codec shares: writing a built message into a byte range of a
 * buffer and parsing one out of a range, on absolute offsets without touching the buffer's
 * position (the rules of {@link dev.wirebench.codec.AbstractMessageCodec}). The record mappings
 * live apart from this, so a JSON form can reuse them with {@code JsonFormat} instead.
 */
final class ProtobufWire {

    static final String FORMAT = "protobuf";

    private ProtobufWire() {
    }

    /**
     * Writes {@code message} at {@code offset}.
     *
     * @return bytes written
     * @throws BufferOverflowException if the message needs more than {@code limit - offset} bytes;
     *                                 nothing is written then
     */
    static int write(MessageLite message, ByteBuffer dst, int offset, int limit) {
        // computed once and memoised by the message, so writeTo does not walk it again
        int size = message.getSerializedSize();
        if (size > limit - offset) {
            throw new BufferOverflowException();
        }
        CodedOutputStream out = dst.hasArray()
                ? CodedOutputStream.newInstance(dst.array(), dst.arrayOffset() + offset, size)
                // a direct buffer: the encoder advances the position of what it is given, so give it a view
                : CodedOutputStream.newInstance(dst.slice(offset, size));
        try {
            message.writeTo(out);
            out.flush();
        } catch (IOException outOfSpace) {
            // array and buffer encoders only throw OutOfSpaceException, which the size check rules out
            BufferOverflowException overflow = new BufferOverflowException();
            overflow.initCause(outOfSpace);
            throw overflow;
        }
        return size;
    }

    /**
     * Parses exactly the bytes {@code src[offset, offset + length)}.
     *
     * @param codec names the codec in the exception if the bytes are not a message
     * @throws CodecException if protobuf rejects the bytes
     */
    static <P extends MessageLite> P parse(Parser<P> parser, ByteBuffer src, int offset, int length,
                                          MessageCodec<?> codec) {
        CodedInputStream in = src.hasArray()
                ? CodedInputStream.newInstance(src.array(), src.arrayOffset() + offset, length)
                // a direct buffer: a view of exactly the range (one small allocation), which
                // protobuf-java reads in place through Unsafe where it can, else copies to an array
                : CodedInputStream.newInstance(src.slice(offset, length));
        try {
            P message = parser.parseFrom(in);
            // parsing must have ended at the end of the input, not at an end-group tag: the check
            // parseFrom(byte[]) makes and parseFrom(CodedInputStream) leaves to its caller
            // (protobuf-java 4.x also rejects a stray end-group itself; 3.x stopped there silently)
            in.checkLastTagWas(0);
            return message;
        } catch (InvalidProtocolBufferException e) {
            throw new CodecException(codec.name() + ": malformed input: " + e.getMessage(), e);
        }
    }
}
