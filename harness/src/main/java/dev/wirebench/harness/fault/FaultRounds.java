package dev.wirebench.harness.fault;

import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.ExitStatus;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * How a command runs its cases under faults ({@code fix --faults}, {@code smpp --faults}): each case in rounds with a
 * progress line, the fault schedule around the rig, what the link went through kept for the report, and the report
 * written as each case ends, so that nothing measured is lost when a later case fails or the run is stopped.
 */
public final class FaultRounds {

    private FaultRounds() {
    }

    /**
     * What the link went through during one case.
     *
     * @param events          the faults the schedule made, in order
     * @param scheduleFailure what went wrong with the schedule (a restart that failed), or null
     * @param dropped         IP packets nft dropped on the link, both ways
     * @param passed          IP packets that crossed it
     */
    public record LinkRecord(List<FaultSchedule.Event> events, String scheduleFailure, long dropped, long passed) {

        /** The faults made, with when and how long, for the settings. */
        public String describeEvents() {
            if (events.isEmpty() && scheduleFailure == null) {
                return "none (the run was shorter than the first period)";
            }
            StringBuilder s = new StringBuilder();
            for (FaultSchedule.Event e : events) {
                s.append(s.isEmpty() ? "" : "; ").append(String.format(Locale.ROOT, "%.1f s: %s (%.0f ms)", e.at(),
                        e.what(), e.millis()));
            }
            if (scheduleFailure != null) {
                s.append(s.isEmpty() ? "" : "; ").append(scheduleFailure);
            }
            return s.toString();
        }

        /** The packets dropped of all, for the settings. */
        public String describePackets() {
            long all = dropped + passed;
            return String.format(Locale.ROOT, "%,d dropped of %,d (%.2f%%) by nft on the link", dropped, all,
                    100.0 * dropped / Math.max(1, all));
        }
    }

    /** The rig's result of one case, and what the link went through meanwhile. */
    public record Faulted<T>(T result, LinkRecord link) {
    }

    /** Runs the rig of one case. */
    @FunctionalInterface
    public interface Rig<T> {
        T run() throws IOException;
    }

    /**
     * Runs {@code rig} with the fault schedule started now, so the first flap falls one period into the run, and
     * stopped after it.
     *
     * @param restart how to restart the server, used only where the faults ask for restarts
     */
    public static <T> Faulted<T> during(Faults faults, FaultLink link, FaultSchedule.Restart restart, PrintStream out,
                                       Rig<T> rig) throws IOException {
        FaultSchedule schedule = FaultSchedule.start(faults, link, faults.restarts() ? restart : null, out);
        T result;
        try {
            result = rig.run();
        } finally {
            schedule.close();
        }
        return new Faulted<>(result, new LinkRecord(schedule.events(), schedule.failure(), link.dropped(),
                link.passed()));
    }

    /** A command's report of its runs under faults, one {@code R} a case and round, and the failures said. */
    public abstract static class Report<R> {

        protected final List<R> runs = new ArrayList<>();
        protected final List<String> failures = new ArrayList<>();

        public void add(R run) {
            runs.add(run);
        }

        public void failed(String why) {
            failures.add(why);
        }

        /** The progress line of a run that ended. */
        public abstract String oneLine(R run);

        /** Why the run ended before its time, or null. */
        public abstract String failure(R run);

        /** Writes the run folder's files as they stand. */
        public abstract void write();

        /** The summary, for the console at the end. */
        public abstract String text();
    }

    /** One case, one round. */
    @FunctionalInterface
    public interface Case<C, R> {
        R run(C item, int round, long seed) throws IOException;
    }

    /**
     * Runs every item once a round, {@code repeats} rounds, into {@code folder}, saying each as it starts and ends; a
     * case that fails is said in one line and the others still run.
     *
     * @param command the command's name, as users type it ({@code fix}, {@code smpp})
     * @param label   how an item is named in the progress lines and failures
     * @param seed    the run's seed; each case gets one of its own from it
     * @return FAILED if any case failed or ended early
     */
    public static <C, R> ExitStatus run(String command, RunFolder folder, List<C> items, Function<C, String> label,
                                        int repeats, long seed, Case<C, R> once, Report<R> report, PrintStream out,
                                        PrintStream err) {
        long started = System.nanoTime();
        boolean failed = false;
        int done = 0;
        for (int round = 1; round <= repeats; round++) {
            for (C item : items) {
                done++;
                String name = label.apply(item);
                out.printf(Locale.ROOT, "[%d/%d] %s under faults%s (%.0f s elapsed)%n", done, items.size() * repeats,
                        name, repeats == 1 ? "" : ", repeat " + round, (System.nanoTime() - started) / 1e9);
                try {
                    R r = once.run(item, round, seed + done);
                    report.add(r);
                    out.println("  " + report.oneLine(r));
                    if (report.failure(r) != null) {
                        failed = true;
                        report.failed(name + ": " + report.failure(r));
                    }
                } catch (IOException | RuntimeException e) {
                    String why = e.getMessage() == null ? e.toString() : e.getMessage();
                    err.println("wirebench " + command + ": " + name + " under faults failed: " + why);
                    report.failed(name + ": " + why);
                    failed = true;
                } finally {
                    report.write();
                }
            }
        }
        out.print(report.text());
        out.printf(Locale.ROOT, "Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
        return failed ? ExitStatus.FAILED : ExitStatus.DONE;
    }
}
