package dev.wirebench.harness.soak;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.JvmResources;
import dev.wirebench.harness.TextTable;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * What a soak says of its resources: per resource of the server JVM and of the client its first and last level,
 * growth and slope with a verdict against the {@link Trend#GOAL}, the resources that grew named in one line, and
 * every sample. The latency and the request count of the soak are the suite's own tables, as for any run.
 */
public final class SoakReport {

    /**
     * One resource a soak judges.
     *
     * @param name  what the table calls it
     * @param mega  whether it is bytes, shown in MB
     * @param value reads it from a sample's figures (-1 unknown)
     */
    private record Resource(String name, boolean mega, ToDoubleFunction<JvmResources> value) {
    }

    private static final List<Resource> RESOURCES = List.of(
            new Resource("heap after GC", true, JvmResources::heapAfterGc),
            new Resource("RSS", true, JvmResources::rss),
            new Resource("threads", false, JvmResources::threads));

    private final SoakPlan plan;
    private final Soak.Result result;

    public SoakReport(SoakPlan plan, Soak.Result result) {
        this.plan = plan;
        this.result = result;
    }

    /** The trend of {@code resource} of the server ({@code server}) or the client. */
    private Trend trend(Resource resource, boolean server) {
        List<ResourceSampler.Sample> samples = result.samples();
        double[] minutes = new double[samples.size()];
        double[] values = new double[samples.size()];
        for (int i = 0; i < samples.size(); i++) {
            minutes[i] = samples.get(i).minutes();
            values[i] = resource.value().applyAsDouble(server ? samples.get(i).server() : samples.get(i).client());
        }
        return Trend.of(minutes, values, plan.baselineMinutes());
    }

    /** The resources that grew past the goal, named with their growth and slope; empty when none did. */
    public List<String> growing() {
        List<String> named = new ArrayList<>();
        for (boolean server : new boolean[] {true, false}) {
            for (Resource r : RESOURCES) {
                Trend t = trend(r, server);
                if (t.grows()) {
                    named.add(String.format(Locale.ROOT, "%s %s (%+.1f%%, %s per minute)", server ? "server" : "client",
                            r.name(), t.growth() * 100, amount(r, t.slopePerMinute(), true)));
                }
            }
        }
        return named;
    }

    /** One line: whether the goal was met, naming what grew. */
    public String verdict() {
        List<String> growing = growing();
        String over = "over " + Durations.seconds(plan.duration()) + " at " + result.rate().perSecond() + "/s";
        if (result.samples().size() < 2) {
            return "Too few samples to judge (" + result.samples().size() + "): the soak ended before its second sample";
        }
        return growing.isEmpty()
                ? String.format(Locale.ROOT, "Goal met: no resource grew more than %.0f%% past its first level %s.",
                Trend.GOAL * 100, over)
                : String.format(Locale.ROOT, "Goal missed: grew more than %.0f%% past its first level %s: %s.",
                Trend.GOAL * 100, over, String.join("; ", growing));
    }

    /** The trend table, the verdict, how to read it, and every sample, as markdown. */
    public String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("Rate: ").append(result.rate().perSecond()).append("/s, ").append(result.rate().how()).append(".\n\n");
        md.append(trends().toMarkdown()).append('\n');
        md.append(verdict()).append("\n\n");
        md.append(notes()).append("\n\n");
        md.append("Every sample (also in `").append(Soak.SAMPLES).append("`, in bytes):\n\n");
        md.append(samples().toMarkdown());
        return md.toString();
    }

    /** The trend table and the verdict, for the console. */
    public String text() {
        return trends().toText() + verdict() + "\n";
    }

    private String notes() {
        String baseline = plan.baselineMinutes() == Trend.BASELINE_MINUTES ? "5 minutes"
                : String.format(Locale.ROOT, "%.2g min (a sixth of the soak)", plan.baselineMinutes());
        List<ResourceSampler.Sample> s = result.samples();
        long gcs = s.isEmpty() ? 0 : s.get(s.size() - 1).server().gcs() - Math.max(0, s.get(0).server().gcs());
        long forced = s.isEmpty() ? 0 : s.get(s.size() - 1).server().forcedGcs() - Math.max(0, s.get(0).server().forcedGcs());
        return "A level is the median of the samples in the first (or the last) " + baseline + "; growth is last over "
                + "first; the slope is the least-squares fit over every sample. Heap after GC is the heap in use after"
                + " the latest collection before each sample (read inside the JVM; after a young collection it holds"
                + " the old generation's garbage until a mixed or full one takes it);"
                + " the server collected " + gcs + " times during the soak, " + forced + " of them asked for (System.gc())"
                + " by a sample that found no collection since the one before, whose pause is in that minute's latency"
                + ". RSS and threads are the OS's (`/proc/<pid>/status`: VmRSS, Threads, the JVM's own threads"
                + " included); where there is no `/proc`, RSS is unknown and threads are the live Java threads.";
    }

    private TextTable trends() {
        TextTable table = new TextTable(2, "JVM", "Resource", "First", "Last", "Growth", "Slope per minute", "Verdict");
        for (boolean server : new boolean[] {true, false}) {
            for (Resource r : RESOURCES) {
                Trend t = trend(r, server);
                table.add(server ? "server" : "client", r.name() + (r.mega() ? " (MB)" : ""), amount(r, t.first(), false),
                        amount(r, t.last(), false), t.known() ? String.format(Locale.ROOT, "%+.1f%%", t.growth() * 100) : "-",
                        amount(r, t.slopePerMinute(), true), !t.known() ? "not known" : t.grows() ? "GROWS" : "within "
                                + Math.round(Trend.GOAL * 100) + "%");
            }
        }
        return table;
    }

    private TextTable samples() {
        TextTable table = new TextTable(0, "Minute", "Server heap after GC (MB)", "Server GCs", "Server RSS (MB)",
                "Server threads", "Client heap after GC (MB)", "Client RSS (MB)", "Client threads");
        for (ResourceSampler.Sample s : result.samples()) {
            table.add(String.format(Locale.ROOT, "%.2f", s.minutes()), mb(s.server().heapAfterGc()),
                    Long.toString(s.server().gcs()), mb(s.server().rss()), Integer.toString(s.server().threads()),
                    mb(s.client().heapAfterGc()), mb(s.client().rss()), Integer.toString(s.client().threads()));
        }
        return table;
    }

    private static String mb(long bytes) {
        return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.1f", bytes / 1e6);
    }

    private static String amount(Resource r, double value, boolean signed) {
        if (Double.isNaN(value)) {
            return "-";
        }
        double shown = r.mega() ? value / 1e6 : value;
        return String.format(Locale.ROOT, signed ? "%+.2f" : r.mega() ? "%.1f" : "%.0f", shown)
                + (signed && r.mega() ? " MB" : "");
    }
}
