package dev.wirebench.harness.soak;

import dev.wirebench.harness.JvmResources;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SoakReportTest {

    private static final SoakPlan THIRTY_MINUTES = new SoakPlan(Duration.ofMinutes(30), Duration.ofMinutes(1));
    private static final JvmResources CLIENT = new JvmResources(40_000_000, 100, 0, 60_000_000, 12, 200_000_000, 30);

    /** 31 samples, a minute apart: a flat heap and thread count, an RSS of 100 MB plus {@code rssPerMinute}. */
    private static Soak.Result soak(long rssPerMinute) {
        List<ResourceSampler.Sample> samples = new ArrayList<>();
        for (int m = 0; m <= 30; m++) {
            JvmResources server = new JvmResources(20_000_000 + (m % 2) * 500_000, 10L * m + 1, m / 2, 50_000_000, 20, 100_000_000
                    + rssPerMinute * m, 40);
            samples.add(new ResourceSampler.Sample(m, server, CLIENT));
        }
        return new Soak.Result(new Soak.Rate(8000, "given with --rate"), null, samples);
    }

    @Test
    void namesTheResourceThatGrewWithItsGrowthAndSlope() {
        SoakReport report = new SoakReport(THIRTY_MINUTES, soak(1_000_000));
        // first level: median of minutes 0..5, 102.5 MB; last: of minutes 25..30, 127.5 MB
        assertEquals(List.of("server RSS (+24.4%, +1.00 MB per minute)"), report.growing());
        assertTrue(report.verdict().startsWith("Goal missed: grew more than 10% past its first level over 1800 s at 8000/s:"
                + " server RSS"), report.verdict());
        assertTrue(report.markdown().contains("| server | RSS (MB) | 102.5 | 127.5 | +24.4% | +1.00 MB | GROWS |"),
                report.markdown());
    }

    @Test
    void meetsTheGoalWhenNothingGrows() {
        SoakReport report = new SoakReport(THIRTY_MINUTES, soak(0));
        assertEquals(List.of(), report.growing());
        assertEquals("Goal met: no resource grew more than 10% past its first level over 1800 s at 8000/s.",
                report.verdict());
        assertTrue(report.markdown().contains("| server | threads | 40 | 40 | +0.0% | +0.00 | within 10% |"),
                report.markdown());
        assertTrue(report.markdown().contains("the server collected 300 times during the soak, 15 of them asked for"), report.markdown());
    }
}
