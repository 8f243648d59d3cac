package dev.wirebench.harness.soak;

import joptsimple.OptionParser;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SoakPlanTest {

    private static SoakPlan parse(String... args) {
        OptionParser parser = new OptionParser();
        SoakPlan.declare(parser, "the server's");
        return SoakPlan.from(parser.parse(args));
    }

    private static String refusal(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> parse(args)).getMessage();
    }

    @Test
    void readsTheSoakAndSamplesEveryMinuteByDefault() {
        SoakPlan plan = parse("--soak", "30m");
        assertEquals(Duration.ofMinutes(30), plan.duration());
        assertEquals(Duration.ofMinutes(1), plan.sampleEvery());
        assertEquals(5, plan.baselineMinutes(), 1e-12);
    }

    @Test
    void takesTheSampleIntervalGiven() {
        SoakPlan plan = parse("--soak", "1m", "--sample-every", "5s");
        assertEquals(Duration.ofSeconds(5), plan.sampleEvery());
        assertEquals(1.0 / 6, plan.baselineMinutes(), 1e-12);
    }

    @Test
    void isNoSoakWithoutTheOption() {
        assertNull(parse());
    }

    @Test
    void refusesBadValuesInOneLine() {
        assertEquals("--soak takes a time such as 500ms, 5s or 1m, not 'half an hour'", refusal("--soak", "half an hour"));
        assertEquals("--soak takes a time above 0, such as 30m", refusal("--soak", "0"));
        assertEquals("--sample-every takes a time above 0, such as 1m", refusal("--soak", "1m", "--sample-every", "0s"));
        assertEquals("--sample-every 60 s is longer than the --soak 30 s: no trend from one sample", refusal("--soak", "30s"));
        assertEquals("--sample-every is for --soak T", refusal("--sample-every", "5s"));
    }
}
