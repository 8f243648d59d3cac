package dev.wirebench.smpp.run;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SmppOptionsTest {

    private static void assertMessage(String message, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SmppOptions.parse(args));
        assertEquals(message, e.getMessage());
    }

    @Test
    void sweepsWindowsOneToFiveHundredTwelveWithFourSessionsEightTimesForThreeSecondsAfterTwoByDefault() {
        SmppOptions o = SmppOptions.parse(new String[0]);
        assertEquals(List.of(1, 8, 64, 512), o.windows());
        assertEquals(4, o.sessions());
        assertEquals(Duration.ofSeconds(2), o.warmup());
        assertEquals(Duration.ofSeconds(3), o.duration());
        assertEquals(8, o.repeats());
        assertEquals(dev.wirebench.harness.cli.Role.BOTH, o.role());
        assertEquals("127.0.0.1", o.bind());
        assertEquals(2775, o.port());
        assertEquals(Path.of("results"), o.resultsDir());
    }

    @Test
    void quickShortensTheWarmUpAndTheWindowUnlessTimesAreGiven() {
        SmppOptions quick = SmppOptions.parse(new String[] {"--quick"});
        assertEquals(Duration.ofSeconds(1), quick.warmup());
        assertEquals(Duration.ofSeconds(1), quick.duration());
        assertEquals(3, SmppOptions.parse(new String[] {"--quick", "--repeats", "3"}).repeats());
        assertEquals(Duration.ofMillis(500), SmppOptions.parse(new String[] {"--duration", "500ms", "--quick"}).duration());
    }

    @Test
    void takesWindowsInTheOrderGivenWithoutRepeats() {
        SmppOptions o = SmppOptions.parse(new String[] {"--window-sweep", "64,1,64,65535", "--sessions", "1_000"});
        assertEquals(List.of(64, 1, 65535), o.windows());
        assertEquals(1000, o.sessions());
    }

    @Test
    void aClientNeedsTheServersHostAndRealPort() {
        SmppOptions o = SmppOptions.parse(new String[] {"--role", "client", "--host", "10.0.0.1", "--port", "2776"});
        assertEquals("10.0.0.1", o.host());
        assertEquals(2776, o.port());
        assertMessage("--role client needs --host H and --port P of a running smpp --role server", "--role", "client", "--port", "1");
        assertMessage("--role client needs the server's real --port, not 0", "--role", "client", "--host", "h", "--port", "0");
        assertMessage("--host is for --role client; a server listens on --bind", "--host", "h");
    }

    @Test
    void refusesBadValuesNamingTheOption() {
        assertMessage("--window-sweep takes windows from 1 to 65535, comma-separated (1,8,64,512), not '1,,8'", "--window-sweep", "1,,8");
        assertMessage("--window-sweep takes windows from 1 to 65535, comma-separated (1,8,64,512), not '0'", "--window-sweep", "0");
        assertMessage("--window-sweep: a window is at most 65535 (sequence numbers carry the slot in 16 bits), not 65536",
                "--window-sweep", "65536");
        assertMessage("--sessions takes a whole number above 0, not 'four'", "--sessions", "four");
        assertMessage("--sessions takes 1 to 1000, not '1001'", "--sessions", "1001");
        assertMessage("--duration takes a time such as 500ms, 5s or 1m, not 'long'", "--duration", "long");
        assertMessage("--duration must be above 0", "--duration", "0s");
        assertMessage("--role takes both, server or client, not 'proxy'", "--role", "proxy");
        assertMessage("--port takes 1 to 65535 (0: any free port, for a server), not '70000'", "--port", "70000");
        assertMessage("unknown option --window", "--window", "8");
        assertMessage("--sessions needs a value", "--sessions");
        assertMessage("--smsc-reader takes flyweight, decode or flyweight,decode, not 'zero-copy'", "--smsc-reader",
                "zero-copy");
        assertMessage("an SMSC reads one way: --smsc-reader flyweight or decode with --role server", "--role", "server",
                "--smsc-reader", "flyweight,decode");
        assertMessage("--smsc-reader is the SMSC's: give it to smpp --role server", "--role", "client", "--host", "h",
                "--port", "2775", "--smsc-reader", "decode");
        assertMessage("unknown option --bogus", "--quick", "--bogus");
        assertMessage("unexpected argument 'fast'", "fast");
    }

    @Test
    void underFaultsRunsWindowEightOnceForThreeMinutesUnlessTold() {
        SmppOptions o = SmppOptions.parse(new String[] {"--faults", "goal"});
        assertEquals(dev.wirebench.harness.fault.Faults.GOAL, o.faults());
        assertEquals(List.of(8), o.windows());
        assertEquals(1, o.repeats());
        assertEquals(Duration.ofMinutes(3), o.duration());
        assertEquals(Duration.ofSeconds(60), o.plan(8).stall());
        SmppOptions told = SmppOptions.parse(new String[] {"--faults", "loss=1%", "--window-sweep", "1,64", "--repeats",
                "2", "--duration", "10s"});
        assertEquals(List.of(1, 64), told.windows());
        assertEquals(2, told.repeats());
        assertEquals(Duration.ofSeconds(10), told.duration());
        assertEquals(null, SmppOptions.parse(new String[0]).faults());
    }

    @Test
    void refusesFaultsItCannotRunInOneLine() {
        assertMessage("--faults runs both sides on this host, the SMSC in a namespace of its own: leave out --role server",
                "--faults", "goal", "--role", "server");
        assertMessage("--faults: jitter 3 ms is above the delay 1 ms; a chunk cannot leave before it came",
                "--faults", "delay=1ms,jitter=3ms");
        assertMessage("--faults runs one SMSC, reading one way: --smsc-reader flyweight or decode",
                "--faults", "goal", "--smsc-reader", "flyweight,decode");
        assertThrows(IllegalArgumentException.class, () -> SmppOptions.parse(new String[] {"--faults", "goal", "--spin"}));
        assertMessage("--soak runs on a clean link: not with --faults", "--faults", "goal", "--soak", "30m");
    }

    @Test
    void soaksWindowSixtyFourOnceUnlessAnotherWindowIsGiven() {
        SmppOptions o = SmppOptions.parse(new String[] {"--soak", "30m", "--rate", "50000"});
        assertEquals(List.of(64), o.windows());
        assertEquals(1, o.repeats());
        assertEquals(Duration.ofMinutes(30), o.soak().duration());
        assertEquals(Duration.ofMinutes(30), o.soakPlan(64).duration());
        assertEquals(Duration.ofSeconds(3), o.plan(64).duration());
        assertEquals("soak of 1800 s at fixed rate 50000/s, the SMSC's JVM sampled every 60 s, window 64, SMSC reading by"
                + " flyweight, 4 sessions, blocking, warm-up 2 s", o.describe());
        SmppOptions swept = SmppOptions.parse(new String[] {"--soak", "1m", "--sample-every", "5s", "--window-sweep", "8",
                "--smsc-reader", "decode"});
        assertEquals(List.of(8), swept.windows());
        assertEquals(Duration.ofSeconds(5), swept.soak().sampleEvery());
        assertEquals(true, swept.describe().startsWith("soak of 60 s at 80% of the knee a sweep finds first (measuring 3 s"
                + " per rate)"), swept.describe());
        assertEquals(null, SmppOptions.parse(new String[0]).soak());
    }

    @Test
    void refusesASoakWithWhatItCannotBeCombinedWithInOneLine() {
        assertMessage("--soak runs one window: --window-sweep W (default 64)", "--soak", "30m", "--window-sweep", "1,64");
        assertMessage("--soak soaks one SMSC: --smsc-reader flyweight or decode", "--soak", "30m", "--smsc-reader",
                "flyweight,decode");
        assertMessage("--soak runs once: not with --repeats 2", "--soak", "30m", "--repeats", "2");
        assertMessage("--soak samples the SMSC JVM it starts: --role both only", "--soak", "30m", "--role", "server");
        assertMessage("--soak takes a time above 0, such as 30m", "--soak", "0s");
        assertMessage("--sample-every takes a time such as 500ms, 5s or 1m, not 'often'", "--soak", "30m",
                "--sample-every", "often");
        assertMessage("--sample-every is for --soak T", "--sample-every", "1m");
    }
}
