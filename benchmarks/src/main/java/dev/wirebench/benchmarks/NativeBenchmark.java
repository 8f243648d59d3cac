package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.NativeModel;
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
 * {@link CodecBenchmark}'s encode and decode for a user whose domain objects are the format library's own
 * ({@link NativeModel}: protobuf's generated messages, Avro's specific records...): encode from that object, built in
 * set-up, and decode to it, with no mapping to or from the canonical record. Set beside the codec's own encode and
 * decode, the difference is what the mapping costs. Runs only the codecs that have a native model.
 *
 * <p>Run: {@code java -jar benchmarks.jar NativeBenchmark -p codec=protobuf/*}. Its parameter is {@code nativeCodec},
 * not {@code codec}, because JMH gives a parameter the same values in every benchmark: {@link JmhOptions} fills it
 * with the selected codecs that have a native model.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
@State(Scope.Thread)
public class NativeBenchmark {

    /** {@code format/message} of a codec with a native model; filled by the registry, like CodecBenchmark's codec. */
    @Param({})
    public String nativeCodec;

    /** Where the bytes live: {@code heap} or {@code direct}, as in CodecBenchmark. */
    @Param({"heap", "direct"})
    public String buffer;

    private NativeModel<Object, Object> model;
    private Object message;
    private ByteBuffer out;
    private ByteBuffer encoded;
    private int encodedLength;

    @Setup(Level.Trial)
    public void setUp() {
        CodecFixture fixture = CodecFixture.of(Codecs.createOnly(nativeCodec), buffer);
        model = fixture.nativeModel();
        message = model.toNative(fixture.message());
        out = fixture.out();
        encoded = fixture.encoded();
        encodedLength = fixture.encodedLength();
    }

    @Benchmark
    public int encodeNative() {
        out.clear();
        return model.encodeNative(message, out);
    }

    @Benchmark
    public Object decodeNative() {
        return model.decodeNative(encoded, encodedLength);
    }
}
