package dev.wirebench.harness.hdr;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.codec.kit.FuzzingRun;
import dev.wirebench.harness.ReaderFuzzing;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static dev.wirebench.harness.ReaderFuzzing.assertOneLineNaming;
import static dev.wirebench.harness.ReaderFuzzing.bounded;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The interval logs {@code merge} reads, written with a fuzzer's bytes: {@link IntervalLogs#read} returns a log or
 * throws {@link IllegalArgumentException} in one line naming the file; never another exception, never a hang (10 s
 * per input), never more than 64 MiB allocated for a few KB of file (a histogram's header claims its range).
 *
 * <p>Seeds are a real log cut to one interval, one cut short and a {@code .hgrm} in its place. {@code mvn verify}
 * replays them and every finding kept as {@code regression-<what>}; {@code JAZZER_FUZZ=1 mvn -pl harness test
 * -Dtest=IntervalLogsFuzzTest} fuzzes.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class IntervalLogsFuzzTest {

    static {
        FuzzingRun.configure();
    }

    private final Path file;

    IntervalLogsFuzzTest() throws IOException {
        Path folder = Files.createTempDirectory("wirebench-fuzz-hlog");
        folder.toFile().deleteOnExit();
        file = folder.resolve("client.hlog");
    }

    /**
     * A log read is one {@code merge} can use: its totals are one per response, and the log agrees with itself when
     * {@code requireSameRun} compares it with itself.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void read(byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        IntervalLogs.Log log;
        try {
            log = bounded("reading an interval log", () -> IntervalLogs.read(file));
        } catch (IllegalArgumentException refused) {
            assertOneLineNaming(refused, file);
            return;
        }
        assertEquals(log.responses().size(), log.totals().size(), "one total per response");
        IntervalLogs.requireSameRun(List.of(log, log));
    }
}
