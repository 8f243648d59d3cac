package dev.wirebench.fix.run;

import dev.wirebench.harness.fault.FaultLink;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code fix --faults} end to end: QuickFIX/J's durable session against its server in a namespace, loss and a delay
 * on the link, the server restarted on its durable directory; raw and quickfixj-tuned as benchmarked, with a new
 * session after the restart. Needs root, iproute2 and nftables; without them it is
 * skipped and says why.
 */
class FixFaultRunTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void shouldFillEveryOrderOnceThroughARestartAndSayWhichEnginesCannotPromiseIt() throws Exception {
        try {
            // only whether one can be made: the run makes its own
            FaultLink.open(0).close();
        } catch (IOException e) {
            Assumptions.abort("the fault link cannot be made here: " + e.getMessage());
        }
        Path results = dir.resolve("results");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int status = FixCommand.run(new String[] {"--faults", "loss=2%,delay=1ms,restart=6s", "--engines",
                        "raw,quickfixj,quickfixj-tuned", "--warmup", "500ms", "--duration", "10s", "--results-dir",
                        results.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(out, true, StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, said);
        Path folder;
        try (Stream<Path> folders = Files.list(results)) {
            folder = folders.findFirst().orElseThrow();
        }
        RunResults run = ResultsFile.read(folder);
        assertEquals("fix-faults", run.suite(), "never compared with a clean-link ping-pong");
        assertEquals(0, value(run, "quickfixj", FixFaultCounts.UNACCOUNTED), said);
        assertEquals(0, value(run, "quickfixj", FixFaultCounts.FILLED_TWICE), said);
        assertEquals(0, value(run, "quickfixj", FixFaultCounts.TIMED_OUT), said);
        assertEquals(0, value(run, "quickfixj", FixFaultCounts.LOST), "a durable session loses nothing: " + said);
        assertTrue(value(run, "quickfixj", FixFaultCounts.DISCONNECTS) >= 1
                        && value(run, "quickfixj", FixFaultCounts.RECONNECTS) >= 1,
                "lost the connection at the restart and logged on again: " + said);
        assertTrue(value(run, "quickfixj", FixFaultCounts.FILLED) > 100, said);
        for (String engine : List.of("raw", "quickfixj-tuned")) {
            // run as benchmarked, a new session after the restart, and still every order accounted for
            assertEquals(0, value(run, engine, FixFaultCounts.UNACCOUNTED), engine + ": " + said);
            assertTrue(value(run, engine, FixFaultCounts.DISCONNECTS) >= 1
                    && value(run, engine, FixFaultCounts.RECONNECTS) >= 1, engine + " had a new session: " + said);
            assertTrue(value(run, engine, FixFaultCounts.FILLED) > 100, engine + ": " + said);
        }
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("| raw | exempt"), summary);
        assertTrue(summary.contains("| quickfixj-tuned | cannot promise: no message store"), summary);
        assertTrue(summary.contains("server restart"), summary);
        assertTrue(Files.exists(folder.resolve("quickfixj-faults-fill.hgrm")));
    }

    private static double value(RunResults run, String engine, String metric) {
        List<Measure> found = run.measures().stream()
                .filter(m -> m.metric().equals(metric) && engine.equals(m.dims().get("engine"))).toList();
        assertEquals(1, found.size(), metric + " of " + engine + " in " + run.measures().stream()
                .map(m -> m.dims().get("engine") + " " + m.metric()).toList());
        return found.get(0).estimate().median();
    }
}
