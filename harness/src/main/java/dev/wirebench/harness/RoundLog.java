package dev.wirebench.harness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * How a run of interleaved rounds was scheduled, kept beside its {@code jmh.json} as
 * {@value #FILE_NAME}: the seed and the order each round ran its cases in (so a run can be repeated
 * fork for fork), which round each fork of a case came from (so two cases can be paired by round,
 * and drift common to a round cancels out of their ratio), the JVM variants, and the forks that failed.
 *
 * @param seed       the seed the round orders were shuffled with
 * @param rounds     how many rounds were scheduled
 * @param variants   variant name to what it ran with (JVM and flags), empty for a run without variants
 * @param order      per round, the case keys ({@link JmhResult#key()}) in the order they ran
 * @param forkRounds per case key, the round (1-based) of each fork, in the order of the case's
 *                   {@code rawData} rows in jmh.json
 * @param failures   forks that gave no result, each "round N: case key: why"
 * @param notes      what a reader of the summary should know of how the run was chosen, e.g. the preset and
 *                   what it leaves out
 */
public record RoundLog(long seed, int rounds, Map<String, String> variants, List<List<String>> order,
                       Map<String, List<Integer>> forkRounds, List<String> failures, List<String> notes) {

    public static final String FILE_NAME = "rounds.json";
    // a file is one log: anything after it is damage, not something to ignore
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    public RoundLog {
        Objects.requireNonNull(variants, "variants");
        Objects.requireNonNull(order, "order");
        Objects.requireNonNull(forkRounds, "forkRounds");
        Objects.requireNonNull(failures, "failures");
        notes = notes == null ? List.of() : List.copyOf(notes);
    }

    /**
     * The round log of a run folder (or of the folder holding a jmh.json), or null when the run was not
     * scheduled in rounds.
     *
     * @throws ResultsException when the file is there but is not a round log
     */
    public static RoundLog read(Path fileOrRunFolder) {
        Path folder = Files.isDirectory(fileOrRunFolder) ? fileOrRunFolder : fileOrRunFolder.toAbsolutePath().getParent();
        Path file = folder == null ? null : folder.resolve(FILE_NAME);
        if (file == null || !Files.isRegularFile(file)) {
            return null;
        }
        try {
            RoundLog log = JSON.readValue(file.toFile(), RoundLog.class);
            if (log == null) {
                throw new ResultsException(file + " is not a round log: it holds null");
            }
            return log;
        } catch (JsonProcessingException e) {
            throw new ResultsException(file + " is not a round log (" + e.getOriginalMessage() + ")", e);
        } catch (ResultsException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw new ResultsException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The rounds of a case's forks, or null when this log does not know the case. */
    public List<Integer> roundsOf(String caseKey) {
        return forkRounds.get(caseKey);
    }
}
