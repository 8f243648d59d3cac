package dev.wirebench.codecs.avro;

import dev.wirebench.codec.AbstractNativeCodec;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.ScratchBytes;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;
import dev.wirebench.codecs.avro.generated.InfrastructureExecutionAvro;
import dev.wirebench.codecs.avro.generated.MarketDataAvro;
import dev.wirebench.codecs.avro.generated.OrderAvro;
import dev.wirebench.codecs.avro.generated.UserAvro;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import java.util.function.ToLongFunction;

/**
 * A canonical record as one Avro datum in Avro's binary encoding (no container file, no single-object header): one
 * class for every message and both formats, told apart by the datum writer and reader and the mapping they get.
 * {@code avro} writes and reads the classes generated from {@code schemas/avro} ({@code SpecificDatumWriter} and
 * {@code SpecificDatumReader}); {@code avro-generic} writes and reads {@link GenericData.Record}s of the same
 * schemas ({@code GenericDatumWriter} and {@code GenericDatumReader}). Either object is the codec's
 * {@link dev.wirebench.codec.NativeModel}.
 *
 * <p>Encoder and decoder are made once and reused, as Avro's documentation advises: a direct (unbuffered)
 * {@link BinaryEncoder} over a {@link BufferOutput} aimed at the caller's buffer, and a {@link BinaryDecoder}
 * re-aimed at each input. Each decode reads into a new datum (no reuse object is passed to {@code read}).
 *
 * @param <T> the canonical record
 * @param <N> the datum: a generated class or {@link GenericData.Record}
 */
final class AvroCodec<T, N> extends AbstractNativeCodec<T, N> {

    static final String SPECIFIC = "avro";
    static final String GENERIC = "avro-generic";

    private final DatumWriter<N> writer;
    private final DatumReader<N> reader;
    private final Function<T, N> toDatum;
    private final Function<N, T> toRecord;
    private final ToLongFunction<N> checksum;

    private final BufferOutput output = new BufferOutput();
    /** Direct: every primitive goes straight to {@link #output}, nothing is held back in a buffer of Avro's. */
    private final BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(output, null);
    /** Re-aimed at each input by {@code DecoderFactory.binaryDecoder(bytes, offset, length, reuse)}. */
    private BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(new byte[0], null);
    /** The bytes of a direct buffer, copied here to be decoded: Avro decodes from a byte[] or a stream. */
    private final ScratchBytes scratch = new ScratchBytes(0);

    private AvroCodec(String format, MessageType<T> type, Class<N> datumType, DatumWriter<N> writer,
                      DatumReader<N> reader, Function<T, N> toDatum, Function<N, T> toRecord,
                      ToLongFunction<N> checksum) {
        super(format, type, datumType);
        this.writer = writer;
        this.reader = reader;
        this.toDatum = toDatum;
        this.toRecord = toRecord;
        this.checksum = checksum;
    }

    private static <T, S extends SpecificRecord> AvroCodec<T, S> specific(
            MessageType<T> type, Class<S> generated, Function<T, S> toDatum, Function<S, T> toRecord,
            ToLongFunction<S> checksum) {
        GeneratedClasses.trust(); // before the reader and writer look the classes up
        return new AvroCodec<>(SPECIFIC, type, generated, new SpecificDatumWriter<>(generated),
                new SpecificDatumReader<>(generated), toDatum, toRecord, checksum);
    }

    private static <T> AvroCodec<T, GenericData.Record> generic(
            MessageType<T> type, org.apache.avro.Schema schema, Function<T, GenericData.Record> toDatum,
            Function<GenericData.Record, T> toRecord, ToLongFunction<GenericData.Record> checksum) {
        return new AvroCodec<>(GENERIC, type, GenericData.Record.class, new GenericDatumWriter<>(schema),
                new GenericDatumReader<>(schema), toDatum, toRecord, checksum);
    }

    static AvroCodec<MarketData, MarketDataAvro> marketData() {
        return specific(MessageType.MARKET_DATA, MarketDataAvro.class,
                MarketDataMapping::toAvro, MarketDataMapping::toRecord, MarketDataMapping::checksum);
    }

    static AvroCodec<User, UserAvro> user() {
        return specific(MessageType.USER, UserAvro.class,
                UserMapping::toAvro, UserMapping::toRecord, UserMapping::checksum);
    }

    static AvroCodec<Order, OrderAvro> order() {
        return specific(MessageType.ORDER, OrderAvro.class,
                OrderMapping::toAvro, OrderMapping::toRecord, OrderMapping::checksum);
    }

    static AvroCodec<InfrastructureExecution, InfrastructureExecutionAvro> infrastructureExecution() {
        return specific(MessageType.INFRA_EXECUTION, InfrastructureExecutionAvro.class,
                InfrastructureExecutionMapping::toAvro, InfrastructureExecutionMapping::toRecord,
                InfrastructureExecutionMapping::checksum);
    }

    static AvroCodec<MarketData, GenericData.Record> genericMarketData() {
        return generic(MessageType.MARKET_DATA, GenericMarketDataMapping.SCHEMA,
                GenericMarketDataMapping::toGeneric, GenericMarketDataMapping::toRecord,
                GenericMarketDataMapping::checksum);
    }

    static AvroCodec<User, GenericData.Record> genericUser() {
        return generic(MessageType.USER, GenericUserMapping.SCHEMA,
                GenericUserMapping::toGeneric, GenericUserMapping::toRecord, GenericUserMapping::checksum);
    }

    static AvroCodec<Order, GenericData.Record> genericOrder() {
        return generic(MessageType.ORDER, GenericOrderMapping.SCHEMA,
                GenericOrderMapping::toGeneric, GenericOrderMapping::toRecord, GenericOrderMapping::checksum);
    }

    static AvroCodec<InfrastructureExecution, GenericData.Record> genericInfrastructureExecution() {
        return generic(MessageType.INFRA_EXECUTION, GenericInfrastructureExecutionMapping.SCHEMA,
                GenericInfrastructureExecutionMapping::toGeneric, GenericInfrastructureExecutionMapping::toRecord,
                GenericInfrastructureExecutionMapping::checksum);
    }

    /**
     * Avro 1.12.2 checks every declared string, bytes, array and map length against the bytes left in an
     * array-backed input before allocating for it, and caps what one read may allocate for collections: no guard
     * of this module's own is needed (see the README).
     */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    @Override
    public N toNative(T message) {
        return toDatum.apply(message);
    }

    @Override
    public T fromNative(N message) {
        return toRecord.apply(message);
    }

    @Override
    protected int encodeNative(N message, ByteBuffer dst, int offset, int limit) {
        output.aim(dst, offset, limit);
        try {
            writer.write(message, encoder);
            encoder.flush();
            return output.position() - offset;
        } catch (IOException e) {
            throw overflowOr(e, new UncheckedIOException(e)); // BufferOutput throws no IOException of its own
        } catch (AvroRuntimeException e) {
            throw overflowOr(e, e);
        } finally {
            output.release();
        }
    }

    /** The {@link BufferOverflowException} of {@link BufferOutput} if Avro wrapped it, else {@code otherwise}. */
    private static RuntimeException overflowOr(Exception e, RuntimeException otherwise) {
        for (Throwable cause = e.getCause(); cause != null; cause = cause.getCause()) {
            if (cause instanceof BufferOverflowException overflow) {
                return overflow;
            }
        }
        return otherwise;
    }

    @Override
    protected N decodeNative(ByteBuffer src, int offset, int length) {
        return read(src, offset, length);
    }

    /** Reads the datum (Avro has no reader that leaves the bytes in place), then hashes it; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return checksum.applyAsLong(read(src, offset, length));
    }

    private N read(ByteBuffer src, int offset, int length) {
        if (src.hasArray()) {
            decoder = DecoderFactory.get().binaryDecoder(src.array(), src.arrayOffset() + offset, length, decoder);
        } else {
            decoder = DecoderFactory.get().binaryDecoder(scratch.copyOf(src, offset, length), 0, length, decoder);
        }
        try {
            N datum = reader.read(null, decoder);
            if (!decoder.isEnd()) {
                throw malformed("trailing bytes after the " + messageType().id() + " datum");
            }
            return datum;
        } catch (IOException e) { // EOFException, InvalidNumberEncodingException
            throw malformed(describe(e), e);
        } catch (AvroRuntimeException | UnsupportedOperationException e) {
            // AvroTypeException (enum index out of range), SystemLimitException, negative lengths;
            // UnsupportedOperationException: a length past what a Java array can hold
            throw malformed(describe(e), e);
        }
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }
}
