package dev.wirebench.harness.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.harness.AtomicFiles;
import dev.wirebench.harness.results.Comparison;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.stats.Estimate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A static trend site over many runs: one chart per case and metric across runs (x: run date and commit),
 * the 95% interval as a band, a marker where {@code compare} with the previous run of the same suite and
 * JDK gave a significant change, grouped by suite, JDK and message, with a filter box; and a page per run
 * linking its summary.md and charts. HTML, JS and CSS come from this jar and the data is a script beside
 * them, so the site opens from the file system with no server and no network.
 */
public final class HistorySite {

    private static final String RESOURCES = "/dev/wirebench/harness/report/";
    private static final List<String> ASSETS = List.of("index.html", "history.js", "history.css");
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One run folder and what it holds.
     *
     * @param id      its path under the folder of runs, with {@code /}: names its page
     * @param folder  where it is, for its summary.md and charts
     * @param results what it measured
     */
    public record Run(String id, Path folder, RunResults results) {
    }

    private HistorySite() {
    }

    /**
     * Writes the site into {@code out} (created; files of an earlier site there are replaced).
     *
     * @return how many series (case and metric of one suite and JDK) the site charts
     * @throws UncheckedIOException when a file cannot be written, naming it
     */
    public static int write(List<Run> runs, Path out) {
        List<Run> ordered = new ArrayList<>(runs);
        ordered.sort(Comparator.comparing((Run r) -> r.results().started()).thenComparing(Run::id));
        Map<String, Object> data = new LinkedHashMap<>();
        List<Map<String, Object>> runRows = new ArrayList<>();
        // series key -> series; a series is one measure of one suite and JDK across runs
        Map<String, Map<String, Object>> series = new LinkedHashMap<>();
        Map<String, Run> previous = new LinkedHashMap<>();
        for (int i = 0; i < ordered.size(); i++) {
            Run run = ordered.get(i);
            RunResults r = run.results();
            String line = r.suite() + " · JDK " + jdk(r);
            Run before = previous.put(line, run);
            Map<String, String> verdicts = new LinkedHashMap<>();
            int worse = 0;
            int better = 0;
            if (before != null) {
                Comparison c = Comparison.of(before.results().measures(), r.measures(), Comparison.DEFAULT_THRESHOLD_PERCENT);
                for (Comparison.Row row : c.rows()) {
                    if (row.verdict() == Comparison.Verdict.WORSE || row.verdict() == Comparison.Verdict.BETTER) {
                        verdicts.put(row.next().key(), row.verdict().toString());
                        worse += row.verdict() == Comparison.Verdict.WORSE ? 1 : 0;
                        better += row.verdict() == Comparison.Verdict.BETTER ? 1 : 0;
                    }
                }
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("id", run.id());
            row.put("page", page(run));
            row.put("suite", r.suite());
            row.put("title", r.title());
            row.put("line", line);
            row.put("started", r.started());
            row.put("commit", r.commit() == null ? "" : r.commit());
            row.put("measures", r.measures().size());
            row.put("previous", before == null ? null : before.id());
            row.put("worse", worse);
            row.put("better", better);
            row.put("failures", r.failures());
            runRows.add(row);
            for (Measure m : r.measures()) {
                Map<String, Object> s = series.computeIfAbsent(line + " | " + m.key(), k -> newSeries(line, m));
                Estimate e = m.estimate();
                List<Object> point = new ArrayList<>(List.of(i, e.median(), e.low(), e.high(), e.n()));
                point.add(verdicts.getOrDefault(m.key(), ""));
                @SuppressWarnings("unchecked")
                List<Object> points = (List<Object>) s.get("points");
                points.add(point);
            }
        }
        data.put("runs", runRows);
        data.put("series", new ArrayList<>(series.values()));
        try {
            Files.createDirectories(out);
            for (String asset : ASSETS) {
                AtomicFiles.write(out.resolve(asset), resource(asset));
            }
            write(out.resolve("data.js"), "window.HISTORY = " + JSON.writeValueAsString(data) + ";\n");
            for (int i = 0; i < ordered.size(); i++) {
                runPage(ordered.get(i), runRows.get(i), out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the site into " + out + ": " + e.getMessage(), e);
        }
        return series.size();
    }

    private static Map<String, Object> newSeries(String line, Measure m) {
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("line", line);
        s.put("group", group(m));
        s.put("case", m.caseLabel());
        s.put("metric", m.metric());
        s.put("unit", m.unit());
        s.put("better", m.better().id());
        s.put("points", new ArrayList<>());
        return s;
    }

    /** The heading a case is charted under: its message where it has one, else its first dimension. */
    private static String group(Measure m) {
        for (String dim : List.of("message", "engine", "window", "operation")) {
            String value = m.dims().get(dim);
            if (value != null) {
                return dim + " " + value;
            }
        }
        return m.dims().isEmpty() ? "all" : m.dims().keySet().iterator().next() + " " + m.dims().values().iterator().next();
    }

    /** The JDK's feature release (17, 25) as env.json recorded it, or {@code ?}. */
    static String jdk(RunResults r) {
        Object jdk = r.environment().get("jdk");
        if (jdk instanceof Map<?, ?> map && map.get("version") instanceof String version && !version.isBlank()) {
            int dot = version.indexOf('.');
            return dot > 0 ? version.substring(0, dot) : version;
        }
        return "?";
    }

    private static String page(Run run) {
        return "runs/" + safe(run.id()) + "/index.html";
    }

    private static String safe(String id) {
        return id.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** The run's page: what it ran on and how, what changed since the previous run, its summary.md and charts. */
    private static void runPage(Run run, Map<String, Object> row, Path out) throws IOException {
        Path dir = out.resolve("runs").resolve(safe(run.id()));
        Files.createDirectories(dir);
        List<String> files = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(run.folder())) {
            for (Path file : stream) {
                String name = file.getFileName().toString();
                if (Files.isRegularFile(file) && (name.endsWith(".png") || name.equals("summary.md"))) {
                    Files.copy(file, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    files.add(name);
                }
            }
        }
        files.sort(Comparator.naturalOrder());
        RunResults r = run.results();
        StringBuilder html = new StringBuilder("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<title>").append(escape(run.id())).append(" · wirebench</title>")
                .append("<link rel=\"stylesheet\" href=\"../../history.css\"></head><body>\n")
                .append("<p><a href=\"../../index.html\">← all runs</a></p>\n")
                .append("<h1>").append(escape(r.title())).append("</h1>\n<ul class=\"facts\">\n");
        fact(html, "Run", run.id());
        fact(html, "Started", r.started());
        fact(html, "Suite", r.suite() + " · JDK " + jdk(r));
        fact(html, "Commit", r.commit() == null ? "not recorded" : r.commit());
        environment(r.environment()).forEach((k, v) -> fact(html, k, v));
        r.settings().forEach((k, v) -> fact(html, k, v));
        html.append("</ul>\n");
        if (row.get("previous") != null) {
            html.append(String.format(Locale.ROOT, "<p class=\"changes\">Against the previous %s run (%s): "
                            + "<span class=\"worse\">%d worse</span>, <span class=\"better\">%d better</span> "
                            + "(compare at %.0f%%).</p>\n", escape((String) row.get("line")), escape((String) row.get("previous")),
                    (Integer) row.get("worse"), (Integer) row.get("better"), Comparison.DEFAULT_THRESHOLD_PERCENT));
        }
        if (!r.failures().isEmpty()) {
            html.append("<h2>Failures</h2>\n<ul>\n");
            r.failures().forEach(f -> html.append("<li>").append(escape(f)).append("</li>\n"));
            html.append("</ul>\n");
        }
        if (files.contains("summary.md")) {
            html.append("<p><a class=\"summary\" href=\"summary.md\">summary.md</a>: every table of the run</p>\n");
        }
        for (String file : files) {
            if (file.endsWith(".png")) {
                html.append("<figure><img src=\"").append(escape(file)).append("\" alt=\"").append(escape(file))
                        .append("\"><figcaption>").append(escape(file)).append("</figcaption></figure>\n");
            }
        }
        html.append("</body></html>\n");
        write(dir.resolve("index.html"), html.toString());
    }

    /** JDK, OS and kernel, CPU and runner image, as env.json recorded them. */
    private static Map<String, String> environment(Map<String, Object> env) {
        Map<String, String> facts = new LinkedHashMap<>();
        if (env.get("jdk") instanceof Map<?, ?> jdk) {
            facts.put("JDK", jdk.get("vendor") + " " + jdk.get("version") + " (" + jdk.get("vmName") + ")");
        }
        if (env.get("os") instanceof Map<?, ?> os) {
            facts.put("OS", os.get("name") + " " + os.get("version") + " " + os.get("arch"));
        }
        if (env.get("cpu") instanceof Map<?, ?> cpu) {
            facts.put("CPU", cpu.get("model") + ", " + cpu.get("cores") + " cores");
        }
        if (env.get("runner") instanceof Map<?, ?> runner && !runner.isEmpty()) {
            facts.put("Runner", runner.toString());
        }
        return facts;
    }

    private static void fact(StringBuilder html, String key, String value) {
        html.append("<li><b>").append(escape(key)).append(":</b> ").append(escape(value)).append("</li>\n");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static void write(Path file, String text) {
        AtomicFiles.write(file, text.getBytes(StandardCharsets.UTF_8));
    }

    private static byte[] resource(String name) throws IOException {
        try (InputStream in = HistorySite.class.getResourceAsStream(RESOURCES + name)) {
            if (in == null) {
                throw new IOException("the jar lacks " + RESOURCES + name);
            }
            return in.readAllBytes();
        }
    }
}
