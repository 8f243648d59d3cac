package dev.wirebench.fix.run;

import org.junit.jupiter.api.Test;

import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.RigPlan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FixOptionsTest {

    private static final List<String> KNOWN = List.of("raw", "quickfixj", "philadelphia", "quickfixj-tuned+filelog");
    private static final List<String> DEFAULTS = List.of("raw", "quickfixj", "philadelphia");

    private static FixOptions parse(String... args) {
        return FixOptions.parse(args, KNOWN, DEFAULTS);
    }

    @Test
    void shouldRunEveryDefaultEngineInClosedLoopEightTimesForFiveSecondsAfterFiveByDefault() {
        FixOptions o = parse();
        assertEquals(DEFAULTS, o.engines());
        assertEquals(dev.wirebench.harness.cli.Role.BOTH, o.role());
        assertTrue(o.load().closed());
        assertEquals(Duration.ofSeconds(5), o.warmup());
        assertEquals(Duration.ofSeconds(5), o.duration());
        assertEquals(8, o.repeats());
        assertEquals(Path.of("results"), o.resultsDir());
    }

    @Test
    void shouldShortenWithQuickUnlessTimesAreGiven() {
        assertEquals(Duration.ofSeconds(2), parse("--quick").duration());
        assertEquals(Duration.ofSeconds(2), parse("--quick").warmup());
        assertEquals(8, parse("--quick").repeats());
        assertEquals(Duration.ofSeconds(1), parse("--quick", "--duration", "1s").duration());
        assertEquals(3, parse("--quick", "--repeats", "3").repeats());
    }

    @Test
    void shouldRunASweepOrAHistoryOnceUnlessRepeatsAreAskedForWhichTheyRefuse() {
        assertEquals(1, parse("--sweep").repeats());
        assertEquals(1, parse("--history", "h.log").repeats());
        assertEquals(1, parse("--sweep", "--repeats", "1").repeats());
        assertMessage("--sweep runs each engine once: not with --repeats 3", "--sweep", "--repeats", "3");
        assertMessage("--history runs each engine once: not with --repeats 2", "--history", "h.log", "--repeats", "2");
    }

    @Test
    void shouldKeepTheEnginesInTheOrderGivenOnceEach() {
        assertEquals(List.of("philadelphia", "raw"), parse("--engines", "philadelphia,raw,philadelphia").engines());
        assertEquals(List.of("quickfixj-tuned+filelog"), parse("--engines", "quickfixj-tuned+filelog").engines());
    }

    @Test
    void shouldTakeAFixedRateAsOpenLoop() {
        FixOptions o = parse("--rate", "5000");
        assertEquals(5000, o.load().ratePerSecond());
        assertEquals(200_000, o.load().intervalNanos());
    }

    @Test
    void shouldKeepOneOrderInFlightPerSessionInClosedLoopAndNoLimitAtARateUnlessTold() {
        assertEquals(1, parse().plan(parse().load()).inFlight());
        assertEquals(1, parse().plan(parse().load()).sessions());
        FixOptions rate = parse("--rate", "5000", "--sessions", "4");
        assertEquals(dev.wirebench.harness.rig.RigPlan.UNLIMITED, rate.plan(rate.load()).inFlight());
        assertEquals(4, rate.plan(rate.load()).sessions());
        FixOptions windowed = parse("--sessions", "3", "--in-flight", "8", "--spin");
        assertEquals(8, windowed.plan(windowed.load()).inFlight());
        assertEquals(dev.wirebench.harness.rig.Idle.SPIN, windowed.plan(windowed.load()).idle());
        assertTrue(windowed.describe().contains("3 sessions x 8 in flight, spinning"), windowed.describe());
        assertMessage("--history keeps one session's conversation: not with --sessions 2", "--history", "h.log",
                "--sessions", "2");
    }

    @Test
    void shouldTakeBothWaysOfWaitingAsCasesOfOneRunButAServerWaitsOneWay() {
        assertEquals(List.of(dev.wirebench.harness.rig.Idle.BLOCK), parse().idles());
        assertEquals(List.of(dev.wirebench.harness.rig.Idle.SPIN), parse("--spin").idles());
        FixOptions both = parse("--idle", "block,spin");
        assertEquals(List.of(dev.wirebench.harness.rig.Idle.BLOCK, dev.wirebench.harness.rig.Idle.SPIN), both.idles());
        assertTrue(both.describe().contains("blocking and spinning"), both.describe());
        assertMessage("--spin is --idle spin: give one of them", "--spin", "--idle", "spin");
        assertMessage("--idle takes block, spin or block,spin, not 'busy'", "--idle", "busy");
        assertMessage("a server waits one way: --idle block or --idle spin with --role server", "--role", "server",
                "--engines", "raw", "--idle", "block,spin");
    }

    @Test
    void shouldTakeTheTwoSidesOfATwoHostRun() {
        FixOptions server = parse("--role", "server", "--engines", "raw", "--bind", "10.0.0.1", "--port", "0");
        assertEquals(dev.wirebench.harness.cli.Role.SERVER, server.role());
        assertEquals("10.0.0.1", server.bind());
        assertEquals(0, server.port());
        FixOptions client = parse("--role", "client", "--engines", "raw", "--host", "10.0.0.1", "--port", "9000");
        assertEquals("10.0.0.1", client.host());
        assertEquals(9000, client.port());
    }

    @Test
    void refusesBadOptionsSayingWhich() {
        assertMessage("unknown engine 'ideafix'; known: raw, quickfixj, philadelphia, quickfixj-tuned+filelog",
                "--engines", "ideafix");
        assertMessage("--rate takes a whole number above 0, not 'fast'", "--rate", "fast");
        assertMessage("--rate takes a whole number above 0, not '0'", "--rate", "0");
        assertMessage("--repeats takes a whole number above 0, not '0'", "--repeats", "0");
        assertMessage("choose one of --mode closed, --rate N and --sweep", "--rate", "10", "--sweep");
        assertMessage("--duration takes a time such as 500ms, 5s or 1m, not 'long'", "--duration", "long");
        assertMessage("--role takes both, server or client, not 'peer'", "--role", "peer");
        assertMessage("--role server runs one engine: pass --engines with one of raw, quickfixj, philadelphia, quickfixj-tuned+filelog",
                "--role", "server");
        assertMessage("--role client needs --host H and --port P of a running fix --role server",
                "--role", "client", "--engines", "raw");
        assertMessage("--port takes 1 to 65535 (0: any free port, for a server), not '70000'", "--port", "70000");
        assertMessage("--warmup needs a value", "--warmup");
        assertMessage("unknown option --fast", "--fast", "1");
        assertMessage("unexpected argument 'raw'", "raw");
        assertMessage("--mode takes 'closed' (for open loop use --rate N or --sweep), not 'open'", "--mode", "open");
    }

    @Test
    void shouldSoakOneEngineOnceAtTheRateGivenOrAtTheKneeOfASweepFirst() {
        FixOptions given = parse("--engines", "raw", "--soak", "30m", "--rate", "8000");
        assertEquals(Duration.ofMinutes(30), given.soak().duration());
        assertEquals(Duration.ofMinutes(1), given.soak().sampleEvery());
        assertEquals(1, given.repeats());
        RigPlan soak = given.soakPlan(given.load(), given.idles().get(0));
        assertEquals(Duration.ofMinutes(30), soak.duration());
        assertEquals(RigPlan.UNLIMITED, soak.inFlight());
        assertEquals(Duration.ofSeconds(5), given.plan(given.load()).duration());
        assertTrue(given.describe().startsWith("soak of 1800 s at fixed rate 8000/s, the server JVM sampled every 60 s"),
                given.describe());
        FixOptions swept = parse("--engines", "philadelphia", "--soak", "1m", "--sample-every", "5s", "--spin");
        assertTrue(swept.load().closed());
        assertEquals(RigPlan.UNLIMITED, swept.plan(Load.rate(1000)).inFlight());
        assertTrue(swept.describe().contains("at 80% of the knee a sweep finds first")
                && swept.describe().contains("the sweep measuring 5 s per rate"), swept.describe());
        assertEquals(null, parse("--engines", "raw").soak());
    }

    @Test
    void refusesASoakWithWhatItCannotBeCombinedWithInOneLine() {
        assertMessage("--soak soaks one server: pass --engines with one of raw, quickfixj, philadelphia, "
                + "quickfixj-tuned+filelog", "--soak", "30m");
        assertMessage("--soak samples the server JVM it starts: --role both only", "--soak", "30m", "--engines", "raw",
                "--role", "server");
        assertMessage("--soak sweeps to the knee itself: not with --sweep", "--soak", "30m", "--engines", "raw", "--sweep");
        assertMessage("--soak runs at a fixed rate: not with --mode closed", "--soak", "30m", "--engines", "raw", "--mode",
                "closed");
        assertMessage("--soak keeps no history of its orders: not with --history", "--soak", "30m", "--engines", "raw",
                "--history", "h.log");
        assertMessage("--soak waits one way: --idle block or --idle spin", "--soak", "30m", "--engines", "raw", "--idle",
                "block,spin");
        assertMessage("--soak runs once: not with --repeats 3", "--soak", "30m", "--engines", "raw", "--repeats", "3");
        assertMessage("--soak takes a time such as 500ms, 5s or 1m, not 'forever'", "--soak", "forever", "--engines", "raw");
        assertMessage("--sample-every is for --soak T", "--sample-every", "5s");
        assertMessage("--sample-every 60 s is longer than the --soak 30 s: no trend from one sample", "--soak", "30s",
                "--engines", "raw");
    }

    private static void assertMessage(String expected, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> parse(args));
        assertEquals(expected, e.getMessage());
    }

    @Test
    void underFaultsRunsEachEngineOnceForThreeMinutesWithALongerStall() {
        FixOptions o = parse("--faults", "goal");
        assertEquals(dev.wirebench.harness.fault.Faults.GOAL, o.faults());
        assertEquals(1, o.repeats());
        assertEquals(Duration.ofMinutes(3), o.duration());
        assertEquals(Duration.ofSeconds(60), o.plan(o.load()).stall());
        assertEquals("1% IP packet loss each way, 5 ms ± 2 ms delay each way, link down 500 ms every 60 s, no server"
                + " restarts", o.config("quickfixj", o.load(), o.plan(o.load())).get("faults"));
        assertEquals(null, parse().faults());
    }

    @Test
    void refusesFaultsWithWhatTheyCannotRunInOneLine() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> parse("--faults", "goal", "--role", "server", "--engines", "raw"));
        assertEquals("--faults runs both sides on this host, the server in a namespace of its own: leave out --role server",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("--faults", "goal", "--sessions", "2"));
        assertTrue(e.getMessage().startsWith("--faults runs one blocking durable session per engine"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("--durable-dir", "/tmp/x"));
        assertEquals("--durable-dir is a server's: --faults gives it to the server it starts", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> parse("--faults", "loss=2x"));
        assertTrue(e.getMessage().startsWith("--faults"), e.getMessage());
    }
}
