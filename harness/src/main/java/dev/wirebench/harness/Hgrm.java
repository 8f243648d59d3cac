package dev.wirebench.harness;

import org.HdrHistogram.Histogram;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A histogram's percentile distribution in HdrHistogram's {@code .hgrm} text format, the one its
 * plotter (hdrhistogram.github.io/HdrHistogram/plotFiles.html) reads. The histogram holds
 * nanoseconds; the file shows them in the unit given.
 */
public final class Hgrm {

    private Hgrm() {
    }

    /**
     * The {@code .hgrm} text of {@code nanos} with values in {@code unit}, as
     * {@link Histogram#outputPercentileDistribution(PrintStream, Double)} prints it (always with a
     * decimal point, whatever the default locale). An empty histogram gives the header and a footer of zeros.
     */
    public static String render(Histogram nanos, TimeUnit unit) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
            nanos.outputPercentileDistribution(out, (double) unit.toNanos(1));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Writes {@link #render} to {@code file}, replacing it whole: the text goes to a temporary file
     * beside it that is then moved over it, and is deleted if anything fails ({@link AtomicFiles}).
     *
     * @throws java.io.UncheckedIOException if the file cannot be written, naming it
     */
    public static Path write(Path file, Histogram nanos, TimeUnit unit) {
        return AtomicFiles.write(file, render(nanos, unit).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@link #render} to the file {@code name} of a run folder, replacing it whole. */
    public static Path write(RunFolder folder, String name, Histogram nanos, TimeUnit unit) {
        return write(folder.resolve(name), nanos, unit);
    }
}
