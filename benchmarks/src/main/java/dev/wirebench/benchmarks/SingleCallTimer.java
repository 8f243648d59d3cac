package dev.wirebench.benchmarks;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.harness.LatencyRecorder;
import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.time.Duration;

/**
 * Times single calls of one codec operation, every call after the warm-up recorded with {@link System#nanoTime()}
 * on either side into an HdrHistogram, on the same fixture and reused buffers as {@link CodecBenchmark}; and the
 * clock itself (back-to-back {@code nanoTime()}), the floor under every other row.
 *
 * <p>One timing loop serves every operation and the clock: the operation is a {@code switch} inside the timed region
 * rather than a lambda or a virtual call, so the only dispatch there is a branch that goes the same way on every call
 * (the CPU predicts it; about a cycle against a clock read of ~25 ns), and the clock row, an empty arm, carries that
 * same branch as the floor. The codec call itself is an interface call that sees every codec of the run, as a user's
 * would that holds several.
 */
final class SingleCallTimer {

    private final Duration warmup;
    private final Duration duration;
    private final long count;

    /**
     * Every result goes here, after the second clock read, so no call can be dead code. JMH's Blackhole is
     * JMH's to construct (a new one outside a benchmark needs a password that changes between releases);
     * a volatile store is a side effect the JIT must keep, and costs nothing on the timed path.
     */
    private final Sink sink = new Sink();

    /** Keeps results alive: each store is volatile, so neither it nor the call that made the value can go. */
    private static final class Sink {
        private volatile long lastLong;
        private volatile Object lastObject;

        void consume(long value) {
            lastLong = value;
        }

        void consume(Object value) {
            lastObject = value;
        }
    }

    /**
     * @param warmup   untimed calls first, this long
     * @param duration timed calls this long, unless {@code count} is above 0
     * @param count    exactly this many timed calls, or 0
     */
    SingleCallTimer(Duration warmup, Duration duration, long count) {
        this.warmup = warmup;
        this.duration = duration;
        this.count = count;
    }

    /** Back-to-back {@code nanoTime()} calls: the resolution and cost of the clock every other row is timed with. */
    Histogram clock() {
        return time(null, LatencyCommand.CLOCK);
    }

    /** Warm-up, then the timed calls of one operation of one codec ({@code f} null for the clock). */
    Histogram time(CodecFixture f, String op) {
        int code = op.equals(LatencyCommand.CLOCK) ? -1 : LatencyCommand.OPERATIONS.indexOf(op);
        LatencyRecorder recorder = new LatencyRecorder();
        for (LatencyRecorder into : new LatencyRecorder[] {null, recorder}) {
            long until = System.nanoTime() + (into == null ? warmup : duration).toNanos();
            long max = Long.MAX_VALUE;
            if (into != null && count > 0) {
                max = count;
                until = Long.MAX_VALUE;
            }
            loop(f, code, into, until, max);
        }
        return recorder.snapshot();
    }

    /**
     * Calls {@code op} (an index of {@link LatencyCommand#OPERATIONS}; -1: nothing, the clock) until {@code max} calls or
     * {@code until}, timing each into {@code into} (null: warm-up). What a call returns is consumed after the second
     * clock read, so no call is dead code and the consuming is not timed.
     */
    private void loop(CodecFixture f, int op, LatencyRecorder into, long until, long max) {
        MessageCodec<Object> codec = f == null ? null : f.codec();
        Object message = f == null ? null : f.message();
        ByteBuffer out = f == null ? null : f.out();
        ByteBuffer encoded = f == null ? null : f.encoded();
        int length = f == null ? 0 : f.encodedLength();
        for (long n = 0; n < max; n++) {
            long number = 0;
            Object made = null;
            long t0 = System.nanoTime();
            switch (op) {
                case 0 -> {
                    out.clear();
                    number = codec.encode(message, out);
                }
                case 1 -> made = codec.decode(encoded, length);
                case 2 -> number = codec.traverse(encoded, length);
                case 3 -> {
                    out.clear();
                    int written = codec.encode(message, out);
                    out.position(0);
                    made = codec.decode(out, written);
                }
                default -> {
                }
            }
            long t1 = System.nanoTime();
            if (made != null) {
                sink.consume(made);
            } else {
                sink.consume(number);
            }
            if (into != null) {
                into.record(t1 - t0);
            } else {
                sink.consume(t1 - t0);
            }
            if (t1 >= until) {
                return;
            }
        }
    }
}
