package dev.wirebench.harness.soak;

import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.Idle;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SoakTest {

    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());

    /** What a target holding every rate up to {@code knee} achieves at {@code rate}: all of it, or the knee. */
    private static RigResult achieved(long rate, long knee) {
        RigPlan plan = RigPlan.of(1, RigPlan.UNLIMITED, Duration.ZERO, Duration.ofSeconds(1), Idle.BLOCK,
                Duration.ofSeconds(1));
        return new RigResult("t", Load.rate(rate), plan, List.of("r"), List.of(new Histogram(3)), new Histogram(3),
                List.of(), rate, rate, 0, 0, 0, Math.min(rate, knee), 0, 0, 0, 0, Map.of(), null);
    }

    @Test
    void soaksAtEightyPercentOfTheHighestRateTheSweepHeld() throws IOException {
        List<Long> swept = new ArrayList<>();
        Soak.Rate rate = Soak.rate(Load.CLOSED, r -> {
            swept.add(r);
            return achieved(r, 30_000);
        }, QUIET);
        assertEquals(List.of(1_000L, 2_000L, 5_000L, 10_000L, 20_000L, 50_000L), swept);
        assertEquals(16_000, rate.perSecond());
        assertTrue(rate.how().startsWith("80% of the knee a sweep found in this run") && rate.how().endsWith(
                "held 20000/s, not 50000/s (achieved 30000/s)"), rate.how());
    }

    @Test
    void soaksAtTheRateGivenWithoutSweeping() throws IOException {
        Soak.Rate rate = Soak.rate(Load.rate(7_000), r -> {
            throw new AssertionError("swept at " + r);
        }, QUIET);
        assertEquals(new Soak.Rate(7_000, "given with --rate"), rate);
    }

    @Test
    void saysSoInOneLineWhenTheSweepHeldNoRate() {
        IOException e = assertThrows(IOException.class, () -> Soak.rate(Load.CLOSED, r -> achieved(r, 500), QUIET));
        assertEquals("the sweep before the soak held no rate (none of the rates held, not 1000/s (achieved 500/s)):"
                + " give one with --rate N", e.getMessage());
    }
}
