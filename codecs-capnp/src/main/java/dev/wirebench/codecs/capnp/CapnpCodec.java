package dev.wirebench.codecs.capnp;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import org.capnproto.DecodeException;
import org.capnproto.MessageBuilder;
import org.capnproto.MessageReader;

import java.io.IOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A canonical record as a Cap'n Proto message: one class for every message and both formats,
 * told apart by its {@link CapnpMapping} (record ↔ generated struct) and its {@link Framing}
 * (standard, packed, or packed behind a check of the packing).
 *
 * <p>Encode builds the message in a builder kept across calls ({@link ReusableMessageBuilder}) and
 * writes it into the caller's buffer; decode and traverse read it through the generated readers,
 * with a traversal limit of the message's own size. See the module README for what each call
 * allocates.
 *
 * @param <T> the canonical record
 * @param <R> the generated root struct's reader
 */
final class CapnpCodec<T, R> extends AbstractMessageCodec<T> {

    private final Framing framing;
    private final CapnpMapping<T, R> mapping;
    private final ReusableMessageBuilder builder = new ReusableMessageBuilder();
    private final FramingState state = new FramingState();

    CapnpCodec(Framing framing, MessageType<T> type, CapnpMapping<T, R> mapping) {
        super(framing.format(), type);
        this.framing = framing;
        this.mapping = mapping;
    }

    /** New codecs for every canonical message in {@code framing}. */
    static List<MessageCodec<?>> all(Framing framing) {
        return List.of(
                new CapnpCodec<>(framing, MessageType.MARKET_DATA, new MarketDataMapping()),
                new CapnpCodec<>(framing, MessageType.USER, new UserMapping()),
                new CapnpCodec<>(framing, MessageType.ORDER, new OrderMapping()),
                new CapnpCodec<>(framing, MessageType.INFRA_EXECUTION, new InfrastructureExecutionMapping()));
    }

    @Override
    public Conformance conformance() {
        return framing.conformance();
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        MessageBuilder built = builder.reset();
        mapping.write(message, built);
        while (builder.spilled()) {
            // the first segment was too small: build again in one that holds it all (once per size record)
            built = builder.reset();
            mapping.write(message, built);
        }
        try {
            return framing.write(built, dst, offset, limit, state);
        } catch (IOException full) {
            BufferOverflowException overflow = new BufferOverflowException();
            overflow.initCause(full);
            throw overflow;
        }
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        try {
            return mapping.read(root(src, offset, length));
        } catch (DecodeException | BufferOverflowException e) {
            throw rejected(e);
        }
    }

    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        try {
            return mapping.checksum(root(src, offset, length));
        } catch (DecodeException | BufferOverflowException e) {
            throw rejected(e);
        }
    }

    private R root(ByteBuffer src, int offset, int length) {
        MessageReader reader = framing.read(src, offset, length, state);
        return reader.getRoot(mapping.root());
    }

    /**
     * The runtime's own verdicts on bad bytes: {@code DecodeException} (a pointer of the wrong kind,
     * out of bounds, past the traversal or nesting limit, Text without its NUL) and, from its
     * {@code PackedInputStream}, a run that overflows the segment being unpacked.
     */
    private RuntimeException rejected(RuntimeException e) {
        String what = e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
        return malformed(what, e);
    }
}
