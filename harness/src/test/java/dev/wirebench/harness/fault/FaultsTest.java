package dev.wirebench.harness.fault;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FaultsTest {

    @Test
    void shouldReadEveryPart() {
        Faults f = Faults.parse("loss=0.5%,delay=5ms,jitter=2ms,flap=500ms/60s,restart=2m");
        assertEquals(0.5, f.lossPercent());
        assertEquals(50, f.lossPerTenThousand());
        assertEquals(Duration.ofMillis(5), f.delay());
        assertEquals(Duration.ofMillis(2), f.jitter());
        assertEquals(Duration.ofMillis(500), f.flapFor());
        assertEquals(Duration.ofSeconds(60), f.flapEvery());
        assertEquals(Duration.ofMinutes(2), f.restartEvery());
        assertTrue(f.flaps() && f.restarts() && f.delays());
    }

    @Test
    void shouldReadTheGoalAsIssue21StatesIt() {
        Faults goal = Faults.parse("goal");
        assertEquals(1, goal.lossPercent());
        assertEquals("1% IP packet loss each way, 5 ms ± 2 ms delay each way, link down 500 ms every 60 s, no server restarts",
                goal.describe());
    }

    @Test
    void shouldLeaveOutWhatIsNotAskedFor() {
        Faults f = Faults.parse("restart=30s");
        assertEquals(0, f.lossPercent());
        assertFalse(f.delays());
        assertFalse(f.flaps());
        assertTrue(f.restarts());
    }

    @Test
    void shouldRefuseBadValuesInOneLine() {
        for (String bad : new String[] {"", "loss", "loss=101%", "loss=0.001%", "loss=x", "delay=5ms,jitter=6ms",
                "flap=500ms", "flap=60s/500ms", "flap=0s/10s", "speed=1", "delay=fast"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Faults.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("--faults"), e.getMessage());
            assertFalse(e.getMessage().contains("\n"), e.getMessage());
        }
    }
}
