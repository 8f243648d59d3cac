package dev.wirebench.codecs.protobuf;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Parser;
import dev.wirebench.codec.Conformance;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * Protobuf binary, format {@code protobuf}: the message's own {@code writeTo} and parser. Keeps no
 * state between calls: {@code CodedInputStream} and {@code CodedOutputStream} have no public way to
 * be re-aimed at a new array.
 *
 * @param <P> the generated proto message
 */
final class BinaryWire<P extends Message> implements ProtobufWire<P> {

    static final String FORMAT = "protobuf";

    private final Parser<P> parser;

    @SuppressWarnings("unchecked") // a message's parser makes messages of its own type
    BinaryWire(P defaultInstance) {
        this.parser = (Parser<P>) defaultInstance.getParserForType();
    }

    @Override
    public String format() {
        return FORMAT;
    }

    /** protobuf-java's own parser bounds everything it reads by the input (and nesting at 100): no guard is needed. */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    public int write(P message, ByteBuffer dst, int offset, int limit) {
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

    @Override
    public P parse(ByteBuffer src, int offset, int length) throws InvalidProtocolBufferException {
        CodedInputStream in = src.hasArray()
                ? CodedInputStream.newInstance(src.array(), src.arrayOffset() + offset, length)
                // a direct buffer: a view of exactly the range (one small allocation), which
                // protobuf-java reads in place through Unsafe where it can, else copies to an array
                : CodedInputStream.newInstance(src.slice(offset, length));
        P message = parser.parseFrom(in);
        // parsing must have ended at the end of the input, not at an end-group tag: the check
        // parseFrom(byte[]) makes and parseFrom(CodedInputStream) leaves to its caller
        // (protobuf-java 4.x also rejects a stray end-group itself; 3.x stopped there silently)
        in.checkLastTagWas(0);
        return message;
    }
}
