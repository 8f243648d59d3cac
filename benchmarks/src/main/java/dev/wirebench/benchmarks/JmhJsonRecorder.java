package dev.wirebench.benchmarks;

import dev.wirebench.harness.JmhJson;
import dev.wirebench.harness.RunFolder;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * JMH's console output, passed on unchanged, that also rewrites the run folder's {@code jmh.json}
 * (JMH's own JSON writer) each time a benchmark ends: a run stopped half-way (Ctrl-C, a crashed
 * fork) still leaves the results of every benchmark that finished.
 */
final class JmhJsonRecorder implements OutputFormat {

    private final OutputFormat console;
    private final RunFolder folder;
    private final List<RunResult> finished = new ArrayList<>();

    JmhJsonRecorder(OutputFormat console, RunFolder folder) {
        this.console = console;
        this.folder = folder;
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        console.endBenchmark(result);
        if (result != null) {
            // JMH hands over the result of all forks of the benchmark, aggregated
            finished.add(new RunResult(result.getParams(), List.of(result)));
            write(finished);
        }
    }

    @Override
    public void endRun(Collection<RunResult> results) {
        console.endRun(results);
        write(results);
    }

    private void write(Collection<RunResult> results) {
        folder.writeText(JmhJson.FILE_NAME, format(results, ResultFormatType.JSON));
    }

    /** {@code results} in one of JMH's result formats, written by JMH's own writer. */
    static String format(Collection<RunResult> results, ResultFormatType type) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(type, out).writeOut(results);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    // everything else is the console's

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        console.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        console.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startBenchmark(BenchmarkParams benchParams) {
        console.startBenchmark(benchParams);
    }

    @Override
    public void startRun() {
        console.startRun();
    }

    @Override
    public void print(String s) {
        console.print(s);
    }

    @Override
    public void println(String s) {
        console.println(s);
    }

    @Override
    public void flush() {
        console.flush();
    }

    @Override
    public void close() {
        console.close();
    }

    @Override
    public void verbosePrintln(String s) {
        console.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        console.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        console.write(b);
    }
}
