package dev.wirebench.harness;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DurationsTest {

    @Test
    void shouldReadEveryUnitAndSecondsWithoutOne() {
        assertEquals(Duration.ofNanos(250), Durations.parse("--t", "250ns"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("--t", "250us"));
        assertEquals(Duration.ofNanos(250_000), Durations.parse("--t", "250µs"));
        assertEquals(Duration.ofMillis(500), Durations.parse("--t", "500ms"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("--t", "1.5s"));
        assertEquals(Duration.ofSeconds(2), Durations.parse("--t", "2"));
        assertEquals(Duration.ofMinutes(1), Durations.parse("--t", "1m"));
    }

    @Test
    void rejectsWhatIsNotATimeNamingTheFlag() {
        for (String bad : new String[] {"", "fast", "-1s", "5 hours", "1e3ms"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Durations.parse("--warmup", bad));
            assertTrue(e.getMessage().startsWith("--warmup takes a time"), e.getMessage());
        }
    }

    @Test
    void showsWholeSecondsWithoutAPointAndOthersWithIt() {
        assertEquals("5 s", Durations.seconds(Duration.ofSeconds(5)));
        assertEquals("0.5 s", Durations.seconds(Duration.ofMillis(500)));
    }
}
