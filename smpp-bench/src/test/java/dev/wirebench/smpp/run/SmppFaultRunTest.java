package dev.wirebench.smpp.run;

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
 * {@code smpp --faults} end to end: the SMSC in a namespace, loss on the link, a delay relay, restarts. Needs root,
 * iproute2 and nftables; without them it is skipped and says why.
 */
class SmppFaultRunTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(180)
    void shouldCarryOnThroughRestartsAndAccountForEverySubmit() throws Exception {
        try {
            // only whether one can be made: the run makes its own
            FaultLink.open(0).close();
        } catch (IOException e) {
            Assumptions.abort("the fault link cannot be made here: " + e.getMessage());
        }
        Path results = dir.resolve("results");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = SmppCommand.run(new String[] {"--faults", "loss=2%,delay=1ms,jitter=1ms,flap=300ms/2s,restart=3s",
                        "--warmup", "500ms", "--duration", "7s", "--sessions", "2", "--results-dir", results.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        String said = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, said);
        Path folder;
        try (Stream<Path> folders = Files.list(results)) {
            folder = folders.findFirst().orElseThrow();
        }
        RunResults run = ResultsFile.read(folder);
        assertEquals("smpp-faults", run.suite(), "never compared with a clean-link sweep");
        assertEquals(0, value(run, FaultCounts.UNACCOUNTED), said);
        assertEquals(0, value(run, FaultCounts.SLOTS_HELD), said);
        assertEquals(0, value(run, FaultCounts.SMSC_HELD), "the SMSC let every connection go: " + said);
        assertTrue(value(run, FaultCounts.RECONNECTS) >= 2, "both sessions bound again after the restart: " + said);
        assertTrue(value(run, FaultCounts.ANSWERED) > 1_000, said);
        assertTrue(value(run, "reconnect p50") > 0, said);
        String summary = Files.readString(folder.resolve("summary.md"));
        assertTrue(summary.contains("server restart") && summary.contains("link down 300 ms"), summary);
        assertTrue(summary.contains("held none of their connections"), summary);
        assertTrue(summary.contains("| 8 | 2 |"), summary);
        assertTrue(Files.exists(folder.resolve("window-8-faults.hgrm")));
    }

    private static double value(RunResults run, String metric) {
        List<Measure> found = run.measures().stream().filter(m -> m.metric().equals(metric)).toList();
        assertEquals(1, found.size(), metric + " in " + run.measures().stream().map(Measure::metric).toList());
        return found.get(0).estimate().median();
    }
}
