package dev.wirebench.harness;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.codec.kit.FuzzingRun;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static dev.wirebench.harness.ReaderFuzzing.assertOneLineNaming;
import static dev.wirebench.harness.ReaderFuzzing.bounded;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * The files {@code compare}, {@code report} and {@code history} read from a run folder, each written with a fuzzer's
 * bytes and read: {@code results.json}, JMH's {@code jmh.json}, {@code rounds.json} and {@code env.json}. Each read
 * ends in a model or in the exception its reader documents, whose message is one line naming the file: never another
 * exception, never a hang (10 s per input), never more than 64 MiB allocated for a few KB of file.
 *
 * <p>Seeds are small real files cut from committed run folders, one cut short, one of another kind. {@code mvn
 * verify} replays them and every finding kept as {@code regression-<what>}; {@code JAZZER_FUZZ=1 mvn -pl harness test
 * -Dtest='ResultFilesFuzzTest#resultsJson'} fuzzes one reader.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ResultFilesFuzzTest {

    static {
        FuzzingRun.configure();
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path folder;
    private final Path again;

    ResultFilesFuzzTest() throws IOException {
        folder = Files.createTempDirectory("wirebench-fuzz-run");
        again = Files.createTempDirectory("wirebench-fuzz-again");
        folder.toFile().deleteOnExit();
        again.toFile().deleteOnExit();
    }

    /**
     * {@code ResultsFile.read} returns a model or throws {@link ResultsException} in one line naming the file; a model
     * it returns is written again and read back equal (nothing of what was read is lost), and its environment
     * describes itself as the summary header does.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void resultsJson(byte[] bytes) {
        Path file = write(ResultsFile.FILE_NAME, bytes);
        RunResults read;
        try {
            read = bounded("reading results.json", () -> ResultsFile.read(file));
        } catch (ResultsException refused) {
            assertOneLineNaming(refused, file);
            return;
        }
        assertNotNull(read);
        ResultsFile.write(again, read);
        assertEquals(read, ResultsFile.read(again), "results.json read, written and read again");
        Environment.describe(JSON.valueToTree(read.environment()));
    }

    /**
     * {@code JmhJson.read} and {@code readSettings} return the benchmarks and their settings, or throw
     * {@link ResultsException} in one line naming the file, both the same way.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void jmhJson(byte[] bytes) {
        Path file = write(JmhJson.FILE_NAME, bytes);
        List<JmhResult> results;
        try {
            results = bounded("reading jmh.json", () -> JmhJson.read(file));
        } catch (ResultsException refused) {
            assertOneLineNaming(refused, file);
            return;
        }
        assertNotNull(results);
        List<String> settings = bounded("reading jmh.json's settings", () -> JmhJson.readSettings(folder));
        assertEquals(results.isEmpty(), settings.isEmpty(), "a setting per benchmark read, at least");
    }

    /** {@code RoundLog.read} returns the log of the folder or throws {@link ResultsException} in one line naming it. */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void roundsJson(byte[] bytes) {
        Path file = write(RoundLog.FILE_NAME, bytes);
        try {
            // a file that is there is a round log or a refusal, never "not scheduled in rounds"
            assertNotNull(bounded("reading rounds.json", () -> RoundLog.read(folder)), "rounds.json was there");
        } catch (ResultsException refused) {
            assertOneLineNaming(refused, file);
        }
    }

    /**
     * {@code RunFolder.environmentOf} returns env.json as a map, which describes itself as the summary header does, or
     * throws {@link UncheckedIOException} in one line naming the file.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void envJson(byte[] bytes) {
        Path file = write(RunFolder.ENV_FILE, bytes);
        Map<String, Object> environment;
        try {
            environment = bounded("reading env.json", () -> RunFolder.environmentOf(folder));
        } catch (UncheckedIOException refused) {
            assertOneLineNaming(refused, file);
            return;
        }
        assertNotNull(environment, "env.json was there");
        Environment.describe(JSON.valueToTree(environment));
    }

    private Path write(String name, byte[] bytes) {
        try {
            return Files.write(folder.resolve(name), bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
