package dev.wirebench.harness.results;

import dev.wirebench.harness.RunFolder;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Everything one run measured, in the one shape every suite shares, kept in the run folder as
 * {@value ResultsFile#FILE_NAME}: which suite ran, when, on what, how it was set up, what failed, and every
 * metric of every case with the samples it rests on. {@code compare} and {@code history} read nothing else.
 *
 * @param suite       {@code jmh}, {@code fix}, {@code smpp}, {@code pg} or {@code latency}: only runs of one
 *                    suite compare
 * @param title       the summary's heading, e.g. {@code FIX ping-pong}
 * @param started     when the run began, ISO-8601 local time of the machine that ran it, e.g.
 *                    {@code 2026-11-25T21:44:21}
 * @param environment the run's env.json (JDK, flags, CPU, OS and kernel, runner image, commit, libraries)
 * @param settings    how the run was set up, in reading order: {@code Load -> closed loop, 1 in flight}
 * @param failures    what did not finish, one line each
 * @param measures    every metric of every case
 * @param histograms  the whole distributions behind percentile measures
 */
public record RunResults(String suite, String title, String started, Map<String, Object> environment,
                         Map<String, String> settings, List<String> failures, List<Measure> measures,
                         List<RecordedHistogram> histograms) {

    public RunResults {
        Objects.requireNonNull(suite, "suite");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(started, "started");
        environment = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        failures = List.copyOf(failures);
        measures = List.copyOf(measures);
        histograms = List.copyOf(histograms);
    }

    /**
     * The results of the run in {@code folder}: when it started from the folder's name (now, for a folder
     * named otherwise), and its environment from the folder's env.json.
     */
    public static RunResults of(Path folder, String suite, String title, Map<String, String> settings,
                                List<String> failures, List<Measure> measures, List<RecordedHistogram> histograms) {
        String started = RunFolder.startedOf(folder);
        if (started == null) {
            started = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS).toString();
        }
        return new RunResults(suite, title, started, RunFolder.environmentOf(folder), settings, failures, measures,
                histograms);
    }

    /** The commit the run's jar was built from, or null when env.json does not say. */
    public String commit() {
        Object commit = environment.get("gitCommit");
        return commit instanceof String s && !s.isBlank() ? s : null;
    }
}
