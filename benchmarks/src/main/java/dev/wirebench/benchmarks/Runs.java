package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.ResultsException;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** Reads any run the CLI is pointed at into the one model: a run folder of any suite, or a JMH JSON file. */
final class Runs {

    private Runs() {
    }

    /**
     * The results of {@code path}: its results.json; for a JMH run folder written before results.json
     * existed, or a JMH JSON file, the same built from jmh.json.
     *
     * @throws ResultsException saying in one line why it cannot be read
     */
    static RunResults read(Path path) {
        try {
            if (Files.isDirectory(path)) {
                if (ResultsFile.isIn(path)) {
                    return ResultsFile.read(path);
                }
                if (Files.isRegularFile(path.resolve(JmhJson.FILE_NAME))) {
                    Map<String, Long> sizes = RunReport.readSizes(path.resolve(RunReport.SIZES_FILE));
                    return JmhRun.of(path, sizes == null ? Map.of() : sizes);
                }
                throw new ResultsException(path + " is not a run folder: it has neither " + ResultsFile.FILE_NAME
                        + " nor " + JmhJson.FILE_NAME);
            }
            if (!Files.exists(path)) {
                throw new ResultsException(path + ": no such file or folder");
            }
            return path.getFileName().toString().equals(ResultsFile.FILE_NAME) ? ResultsFile.read(path)
                    : JmhRun.of(path, Map.of());
        } catch (UncheckedIOException e) {
            throw new ResultsException(e.getMessage(), e);
        }
    }
}
