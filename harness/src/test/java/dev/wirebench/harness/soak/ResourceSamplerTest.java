package dev.wirebench.harness.soak;

import dev.wirebench.harness.JvmResources;
import dev.wirebench.harness.rig.WindowListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResourceSamplerTest {

    @Test
    @Timeout(60)
    void samplesFromTheStartOfTheMeasuredTimeIntoTheCsvUntilStopped(@TempDir Path dir) throws Exception {
        AtomicInteger reads = new AtomicInteger();
        Path csv = dir.resolve(Soak.SAMPLES);
        AtomicLong measuringAt = new AtomicLong();
        WindowListener log = new WindowListener() {
            @Override
            public void measuring(long epochMillis) {
                measuringAt.set(epochMillis);
            }

            @Override
            public void window(int index, long startNanos, long endNanos, List<org.HdrHistogram.Histogram> latency) {
            }
        };
        ResourceSampler sampler = new ResourceSampler(() -> {
            int n = reads.incrementAndGet();
            return new JvmResources(1_000_000L * n, n, 0, 2_000_000, 10 + n, 50_000_000, 20 + n);
        }, Duration.ofMillis(20), csv, new PrintStream(new ByteArrayOutputStream()));
        WindowListener sampling = sampler.startingWith(log);
        assertEquals(0, reads.get(), "sampled before the measured time began");
        sampling.measuring(42);
        assertEquals(42, measuringAt.get());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (sampler.samples().size() < 3 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
        }
        List<ResourceSampler.Sample> samples = sampler.stop();
        int taken = reads.get();
        assertTrue(samples.size() >= 3, "samples: " + samples.size());
        assertEquals(taken, samples.size());
        assertEquals(3_000_000, samples.get(2).server().heapAfterGc());
        assertEquals(23, samples.get(2).server().threads());
        assertTrue(samples.get(1).minutes() > samples.get(0).minutes());
        List<String> lines = Files.readAllLines(csv);
        assertEquals(ResourceSampler.HEADER, lines.get(0));
        assertEquals(samples.size() + 1, lines.size());
        assertTrue(lines.get(3).matches("[0-9.]+,3000000,3,0,2000000,13,50000000,23,.*"), lines.get(3));
        assertEquals(taken, reads.get(), "sampled after it was stopped");
    }
}
