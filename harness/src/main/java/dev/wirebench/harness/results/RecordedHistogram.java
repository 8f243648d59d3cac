package dev.wirebench.harness.results;

import org.HdrHistogram.Histogram;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.zip.DataFormatException;

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
     * @throws IllegalArgumentException when the text is not such an encoding
     */
    public static Histogram decode(String base64) {
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(base64)), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded HdrHistogram (" + e.getMessage() + ")", e);
        }
    }
}
