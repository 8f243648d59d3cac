package dev.wirebench.pg;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.harness.LatencyRecorder;
import org.HdrHistogram.Histogram;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Every message encoded in one format, built before any database work: the bytes of each row (and, for
 * JSON, the text a JSON user holds), each message's checksum to verify reads against, the payload sizes,
 * and the serialisation latency of each message.
 *
 * <p>Serialisation is timed one call at a time ({@code nanoTime} on either side of the codec's
 * {@code encode} into one reused buffer), after {@link #warmUp}; copying the bytes out of the buffer,
 * which JDBC forces, happens outside the timing.
 */
final class Payloads {

    private static final int FIRST_CAPACITY = 64 * 1024;

    private final Format format;
    private final byte[][] bytes;
    private final String[] text;
    private final long[] checksums;
    private final Histogram serialisation;

    private Payloads(Format format, byte[][] bytes, String[] text, long[] checksums, Histogram serialisation) {
        this.format = format;
        this.bytes = bytes;
        this.text = text;
        this.checksums = checksums;
        this.serialisation = serialisation;
    }

    /**
     * Encodes and decodes {@code messages} round and round for {@code nanos} (at least one full pass), so that
     * the codec's code is compiled before anything of it is timed.
     *
     * @return the round trips made
     */
    static long warmUp(MessageCodec<InfrastructureExecution> codec, List<InfrastructureExecution> messages, long nanos) {
        ByteBuffer buffer = ByteBuffer.allocate(FIRST_CAPACITY);
        long sink = 0;
        long trips = 0;
        long end = System.nanoTime() + nanos;
        do {
            for (InfrastructureExecution message : messages) {
                buffer = encodeOne(codec, message, buffer);
                buffer.flip();
                sink += codec.decode(buffer, buffer.remaining()).startedAt();
                trips++;
            }
        } while (System.nanoTime() < end);
        return sink == 42 ? trips + 1 : trips; // the sink keeps the decodes from being dead code
    }

    /** Encodes {@code messages} with {@code codec}, timing each call; {@code checksums[i]} belongs to message i. */
    static Payloads encode(Format format, MessageCodec<InfrastructureExecution> codec,
                           List<InfrastructureExecution> messages, long[] checksums) {
        int n = messages.size();
        ByteBuffer buffer = ByteBuffer.allocate(FIRST_CAPACITY);
        byte[][] bytes = new byte[n][];
        LatencyRecorder recorder = new LatencyRecorder();
        for (int i = 0; i < n; i++) {
            InfrastructureExecution message = messages.get(i);
            buffer.clear();
            int length;
            long start = System.nanoTime();
            try {
                length = codec.encode(message, buffer);
            } catch (BufferOverflowException e) {
                buffer = encodeOne(codec, message, buffer); // grows; this one call is not timed
                i--;
                continue;
            }
            long end = System.nanoTime();
            recorder.record(end - start);
            bytes[i] = new byte[length];
            buffer.flip();
            buffer.get(bytes[i]);
        }
        String[] text = null;
        if (format == Format.JSON) {
            text = new String[n];
            for (int i = 0; i < n; i++) {
                text[i] = new String(bytes[i], StandardCharsets.UTF_8);
            }
        }
        return new Payloads(format, bytes, text, checksums.clone(), recorder.snapshot());
    }

    /** Encodes one message at the start of {@code buffer}, growing it until the message fits; returns the buffer used. */
    private static ByteBuffer encodeOne(MessageCodec<InfrastructureExecution> codec, InfrastructureExecution message,
                                        ByteBuffer buffer) {
        while (true) {
            buffer.clear();
            try {
                codec.encode(message, buffer);
                return buffer;
            } catch (BufferOverflowException e) {
                if (buffer.capacity() >= 1 << 30) {
                    throw new PgException("a message does not fit in 1 GiB as " + format(codec));
                }
                buffer = ByteBuffer.allocate(buffer.capacity() * 2);
            }
        }
    }

    private static String format(MessageCodec<?> codec) {
        return codec.name();
    }

    Format format() {
        return format;
    }

    int size() {
        return bytes.length;
    }

    /** The encoded bytes of row {@code i}. */
    byte[] bytes(int i) {
        return bytes[i];
    }

    /** Row {@code i} as the JSON text a JSON user binds; only for {@link Format#JSON}. */
    String text(int i) {
        return text[i];
    }

    long checksum(int i) {
        return checksums[i];
    }

    /** Nanoseconds per encode call, over every message. */
    Histogram serialisation() {
        return serialisation;
    }

    /** Client-side payload sizes in bytes of the first {@code rows} rows. */
    SizeStats sizes(int rows) {
        long sum = 0;
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < rows; i++) {
            int length = bytes[i].length;
            sum += length;
            min = Math.min(min, length);
            max = Math.max(max, length);
        }
        return new SizeStats(rows == 0 ? 0 : (double) sum / rows, rows == 0 ? 0 : min, max, sum);
    }

    /** Payload sizes in bytes over a set of rows. */
    record SizeStats(double mean, int min, int max, long total) {
    }
}
