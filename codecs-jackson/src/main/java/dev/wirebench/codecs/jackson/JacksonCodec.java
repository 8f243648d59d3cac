package dev.wirebench.codecs.jackson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.ScratchBytes;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;

/**
 * A canonical record through Jackson databind, in one of the {@link JacksonFormat}s: one class for every message and
 * format. The record is written and read as it is, by its components, without a DTO or an annotation.
 *
 * <ul>
 *   <li>encode: the codec's {@link ObjectWriter} writes into the caller's buffer through a reused {@link BufferOutput}
 *       (Jackson's generator fills its own recycled buffer and flushes it there);</li>
 *   <li>decode: the codec's {@link ObjectReader} parses the backing array of a heap buffer in place, or a copy of a
 *       direct buffer's bytes in a reused array;</li>
 *   <li>traverse: Jackson's streaming parser over the same bytes, hashed by {@link TokenChecksum}: no record built.</li>
 * </ul>
 *
 * @param <T> the canonical record
 */
final class JacksonCodec<T> extends AbstractMessageCodec<T> {

    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final TokenChecksum.Root root;
    private final TokenChecksum tokens;
    private final BufferOutput output = new BufferOutput();
    /** A direct buffer's bytes, copied out for the parser, which reads arrays or streams. */
    private final ScratchBytes scratch = new ScratchBytes(256);

    JacksonCodec(JacksonFormat format, MessageType<T> type, TokenChecksum.Root root) {
        super(format.format(), type);
        this.reader = format.mapper().readerFor(type.javaType());
        this.writer = format.mapper().writerFor(type.javaType());
        this.root = root;
        this.tokens = new TokenChecksum(format.charsInPlace());
    }

    /**
     * All three formats pass the kit's truncations and corruptions: Jackson's parsers bound what they read by the
     * length given and by {@code StreamReadConstraints} (nesting 1,000, a number 1,000 chars, a string 20,000,000), and
     * databind refuses what the records cannot hold, with no guard of ours. Smile and CBOR read the UTF-8 bytes of a
     * surrogate as an unpaired surrogate, which their generators then refuse to write: such a message decodes, and
     * encoding it again fails with an {@code IllegalArgumentException} (see the README). One cost is quadratic in the
     * input's length: a run of CBOR tags (see the README).
     */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        try {
            writer.writeValue(output.aim(dst, offset, limit), message);
        } catch (IOException e) {
            // a flush inside a serializer reaches here wrapped in a JsonMappingException
            throw overflowOr(e);
        }
        return output.written();
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        try {
            T message = src.hasArray() ? reader.readValue(src.array(), src.arrayOffset() + offset, length)
                    : reader.readValue(scratch.copyOf(src, offset, length), 0, length);
            if (message == null) {
                // databind reads a null token at the root (JSON null, Smile 0x21, CBOR 0xf6) as a null record
                throw malformed("the message is null, not a " + messageType().id());
            }
            return message;
        } catch (IOException e) {
            throw malformed(describe(e), e);
        }
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        byte[] bytes = src.hasArray() ? src.array() : scratch.copyOf(src, offset, length);
        int from = src.hasArray() ? src.arrayOffset() + offset : 0;
        try (JsonParser parser = reader.createParser(bytes, from, length)) {
            return tokens.read(parser, root);
        } catch (IOException e) {
            throw malformed(describe(e), e);
        }
    }

    /**
     * The {@link BufferOverflowException} {@link BufferOutput} threw, however Jackson wrapped it: bare when the
     * generator flushed as it closed, as the cause of a {@code JsonMappingException} when a serializer's write
     * made it flush. Anything else is a value the format cannot carry, which the generator refused: a string with
     * an unpaired surrogate, which UTF-8 has no bytes for.
     */
    private RuntimeException overflowOr(IOException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof BufferOverflowException overflow) {
                return overflow;
            }
        }
        return new IllegalArgumentException(name() + ": cannot write the " + messageType().id() + ": " + describe(e), e);
    }

    /** Jackson's message without its source location, which names the byte[] and the codec names anyway. */
    private static String describe(IOException e) {
        String what = e instanceof JsonProcessingException jackson ? jackson.getOriginalMessage() : e.getMessage();
        return what == null ? e.getClass().getSimpleName() : what;
    }
}
