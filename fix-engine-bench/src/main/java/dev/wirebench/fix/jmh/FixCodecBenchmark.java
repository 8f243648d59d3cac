package dev.wirebench.fix.jmh;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import dev.wirebench.fix.codec.FixCodecProvider;
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
 * The FIX work an engine does per order, without the network: encode a NewOrderSingle (the reference
 * order, through the {@code fix-quickfixj/order} or {@code fix-philadelphia/order} codec) and parse an
 * ExecutionReport fill, each with the library's own API. Both engines write the same bytes for the
 * order and parse the same bytes for the report, so the numbers compare the libraries and nothing else.
 *
 * <p>Run it with {@code java -jar benchmarks.jar FixCodecBenchmark}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FixCodecBenchmark {

    /** One engine's codec and parser, and the buffers they reuse. */
    @State(Scope.Thread)
    public static class Fixture {

        /** The library: {@code quickfixj} or {@code philadelphia}. */
        @Param({"quickfixj", "philadelphia"})
        public String engine;

        MessageCodec<Order> orderCodec;
        Order order;
        ByteBuffer out;
        ExecutionReportParser reportParser;
        ByteBuffer report;

        /** Builds everything once per trial: nothing here may be timed, and per-invocation setup would be. */
        @Setup(Level.Trial)
        public void setUp() {
            orderCodec = orderCodec("fix-" + engine);
            reportParser = switch (engine) {
                case "quickfixj" -> new QuickFixJExecutionReportParser();
                case "philadelphia" -> new PhiladelphiaExecutionReportParser();
                default -> throw new IllegalArgumentException("unknown engine '" + engine + "'; use quickfixj or philadelphia");
            };
            order = Samples.reference(MessageType.ORDER);
            out = ByteBuffer.allocate(4096);
            report = ByteBuffer.wrap(ExecutionReportFixture.bytes());
        }

        @SuppressWarnings("unchecked") // the message type is checked first
        private MessageCodec<Order> orderCodec(String format) {
            for (MessageCodec<?> codec : new FixCodecProvider().codecs()) {
                if (codec.format().equals(format) && codec.messageType() == MessageType.ORDER) {
                    return (MessageCodec<Order>) codec;
                }
            }
            throw new IllegalArgumentException("no FIX codec for engine '" + engine + "'; use quickfixj or philadelphia");
        }
    }

    @Benchmark
    public int encodeNewOrderSingle(Fixture f) {
        // encode writes at the position: rewind, or the buffer fills up after a few thousand calls
        f.out.clear();
        // the bytes land in a buffer the JIT must keep; the count returned is consumed by JMH
        return f.orderCodec.encode(f.order, f.out);
    }

    @Benchmark
    public long parseExecutionReport(Fixture f) throws Exception {
        // the parser consumes the buffer: rewind, or every call after the first finds nothing to parse
        f.report.clear();
        // every field read is folded into the checksum returned, so none of the reads is dead code
        return f.reportParser.parse(f.report);
    }
}
