package dev.wirebench.harness.results;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * Every value a latency measure was taken from, kept whole so that any percentile can be read later: the
 * histogram of one case (all its repeats merged), named like the measures it underlies ({@code fill}
 * underlies {@code fill p50}, {@code fill p99}...).
 *
 * @param dims      the case's dimensions, as in its measures
 * @param name      e.g. {@code fill}, {@code latency}
 * @param unit      the unit the histogram's values are in, e.g. {@code ns}
 * @param histogram the values
 */
public record RecordedHistogram(Map<String, String> dims, String name, String unit, Histogram histogram) {

    /** The most significant digits a histogram read back may claim: what every wirebench recorder uses. */
    public static final int MAX_SIGNIFICANT_DIGITS = 3;
    /** The first word of a {@code Histogram} in HdrHistogram 2's compressed encoding (V2, 8-byte counts). */
    private static final int COMPRESSED_COOKIE = 0x1c849314;

    public RecordedHistogram {
        dims = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(dims));
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(histogram, "histogram");
    }

    /** HdrHistogram's compressed encoding in base64, as its own tools (and the HdrHistogram JS port) read it. */
    public String encoded() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        byte[] bytes = new byte[length];
        buffer.flip().get(bytes);
        return Base64.getEncoder().encodeToString(bytes);
    }

    /**
     * The histogram that {@link #encoded()} gave.
     *
     * @throws IllegalArgumentException when the text is not such an encoding, or claims more precision than wirebench
     *                                  records (see {@link #requireRecordable})
     */
    public static Histogram decode(String base64) {
        try {
            byte[] compressed = Base64.getDecoder().decode(base64);
            requireRecordable(compressed);
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(compressed), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram (" + e.getMessage() + ")", e);
        }
    }

    /**
     * Refuses a compressed histogram whose header claims more than {@value #MAX_SIGNIFICANT_DIGITS} significant
     * digits, before HdrHistogram allocates its counts for the range the header claims: 5 digits over a long's range
     * are 46 MiB from a 52-character header, so a small file of such headers would exhaust any heap. Wirebench records
     * with 3 digits, whose counts stay under half a MiB whatever the range. Only the header is inflated.
     *
     * @throws IllegalArgumentException saying what the header claims, or that it is not one HdrHistogram 2 writes
     */
    public static void requireRecordable(byte[] compressed) {
        ByteBuffer in = ByteBuffer.wrap(compressed);
        if (compressed.length < 8 || in.getInt(0) != COMPRESSED_COOKIE) {
            throw new IllegalArgumentException("not a compressed histogram as HdrHistogram 2 writes one");
        }
        byte[] header = new byte[16]; // cookie, payload length, normalizing index offset, significant digits
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(compressed, 8, Math.max(0, Math.min(in.getInt(4), compressed.length - 8)));
            if (inflater.inflate(header) < header.length) {
                throw new IllegalArgumentException("its header is cut short");
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("its header does not inflate: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
        int digits = ByteBuffer.wrap(header).getInt(12);
        if (digits > MAX_SIGNIFICANT_DIGITS) {
            throw new IllegalArgumentException("it claims " + digits + " significant digits; wirebench records at most "
                    + MAX_SIGNIFICANT_DIGITS);
        }
    }
}
