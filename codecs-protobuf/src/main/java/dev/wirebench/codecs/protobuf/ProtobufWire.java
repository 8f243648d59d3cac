package dev.wirebench.codecs.protobuf;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import dev.wirebench.codec.Conformance;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * One form a protobuf message takes on the wire, binary ({@link BinaryWire}) or JSON
 * ({@link JsonWire}): the only step in which the formats of this module differ. Both work on
 * absolute offsets without touching the buffer's position (the rules of
 * {@link dev.wirebench.codec.AbstractMessageCodec}). An instance serves one message type and one
 * codec, so it may keep scratch state.
 *
 * @param <P> the generated proto message
 */
interface ProtobufWire<P extends Message> {

    /** The format name, e.g. {@code protobuf}. */
    String format();

    /** The contracts of the kit a codec on this wire passes. */
    Conformance conformance();

    /**
     * Writes {@code message} at {@code offset}.
     *
     * @return bytes written
     * @throws BufferOverflowException if the message needs more than {@code limit - offset} bytes;
     *                                 nothing is written then
     */
    int write(P message, ByteBuffer dst, int offset, int limit);

    /**
     * Parses exactly the bytes {@code src[offset, offset + length)}.
     *
     * @throws InvalidProtocolBufferException if protobuf rejects the bytes
     * @throws IllegalArgumentException       if the wire's own checks do
     */
    P parse(ByteBuffer src, int offset, int length) throws InvalidProtocolBufferException;
}
