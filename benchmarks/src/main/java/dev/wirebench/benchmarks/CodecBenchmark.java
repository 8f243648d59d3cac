package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * Encode, decode, traverse and round trip of one codec on its message type's reference sample
 * ({@link Samples#reference}), into a reused heap or direct buffer.
 *
 * <ul>
 *   <li>{@code encode}: the message into the buffer, from position 0.</li>
 *   <li>{@code decode}: full materialisation of the record from bytes encoded in setup.</li>
 *   <li>{@code traverse}: every field read without materialising where the format allows; returns
 *       the message's {@link dev.wirebench.codec.Checksum}, so nothing read can be dead code.</li>
 *   <li>{@code roundTrip}: encode then decode, as a request/response hop would.</li>
 * </ul>
 *
 * <p>Run: {@code java -jar benchmarks.jar CodecBenchmark -p codec=sbe/market-data}
 * ({@code -p case=...} is accepted too). Without {@code -p codec}, {@link Main} fills in every codec
 * in the registry.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class CodecBenchmark {

    /** Room for the largest reference message with plenty to spare. */
    private static final int BUFFER_BYTES = 1 << 16;

    /** {@code format/message}. No defaults on purpose: Main fills them from the registry, so no list is kept by hand. */
    @Param({})
    public String codec;

    /** Where the bytes live: {@code heap} ({@code ByteBuffer.allocate}) or {@code direct} (off-heap). */
    @Param({"heap", "direct"})
    public String buffer;

    private MessageCodec<Object> subject;
    private Object message;
    private ByteBuffer out;
    private ByteBuffer encoded;
    private int encodedLength;

    @Setup(Level.Trial)
    public void setUp() {
        CodecFixture fixture = CodecFixture.of(Codecs.createOnly(codec), buffer);
        subject = fixture.codec();
        message = fixture.message();
        out = fixture.out();
        encoded = fixture.encoded();
        encodedLength = fixture.encodedLength();
    }

    @Benchmark
    public int encode() {
        // the bytes land in a buffer the JIT cannot see through; the count keeps the call alive
        out.clear();
        return subject.encode(message, out);
    }

    @Benchmark
    public Object decode() {
        return subject.decode(encoded, encodedLength);
    }

    @Benchmark
    public long traverse() {
        return subject.traverse(encoded, encodedLength);
    }

    @Benchmark
    public Object roundTrip() {
        out.clear();
        int n = subject.encode(message, out);
        out.position(0);
        return subject.decode(out, n);
    }

    static ByteBuffer allocate(String kind) {
        return switch (kind) {
            case "heap" -> ByteBuffer.allocate(BUFFER_BYTES);
            case "direct" -> ByteBuffer.allocateDirect(BUFFER_BYTES);
            default -> throw new IllegalArgumentException("buffer must be heap or direct, was '" + kind + "'");
        };
    }

    @SuppressWarnings("unchecked")
    static MessageCodec<Object> typed(MessageCodec<?> codec) {
        return (MessageCodec<Object>) codec;
    }

    @SuppressWarnings("unchecked")
    static long checksum(MessageType<?> type, Object message) {
        return ((MessageType<Object>) type).checksum(message);
    }
}
