package dev.wirebench.smpp.run;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.Role;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.hdr.IntervalLog;
import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.Rounds;
import dev.wirebench.harness.rig.WindowListener;
import dev.wirebench.harness.soak.Soak;
import dev.wirebench.harness.soak.SoakReport;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.server.SmscReader;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * {@code smpp}: a window sweep of submit_sm against this project's SMSC, or one side of it
 * ({@code --role server|client}). With {@code --role both} the SMSC runs in a JVM of its own, so its
 * garbage, JIT and event loops are not the client's.
 */
public final class SmppCommand extends AbstractSubcommand {

    /** Started by {@code --role both}: serve until standard input ends, so the SMSC dies with its client. */
    private final boolean untilInputEnds;

    public SmppCommand() {
        this(false);
    }

    private SmppCommand(boolean untilInputEnds) {
        super("smpp", "SMPP submit_sm against this project's Netty SMSC at rising windows: submit_sm/s and send-to-response "
                + "percentiles per window, on one host or two", "", """
                Each submit_sm's latency runs from just before it is written to the arrival of its submit_sm_resp,
                every one sent in the measured window recorded (HdrHistogram). The run folder gets summary.md (per
                window: sessions, submits, submit_sm/s, p50, p90, p99, p99.9, max, timeouts, errors), one .hgrm per
                window, results.json and smpp-sweep.png (throughput and latency against window).""");
        this.untilInputEnds = untilInputEnds;
    }

    /** Entry point of the SMSC JVM that {@code --role both} starts (and of {@code smpp} on its own). */
    public static void main(String[] args) {
        List<String> own = new ArrayList<>(Arrays.asList(args));
        boolean untilInputEnds = own.remove(ServerProcess.UNTIL_INPUT_ENDS);
        System.exit(Cli.run(new SmppCommand(untilInputEnds), own.toArray(String[]::new), System.out, System.err).code());
    }

    /** Runs {@code smpp} with the arguments after it; returns the exit status (0 done, 1 bad options or a failed run). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new SmppCommand(), args, out, err).code();
    }

    @Override
    public void declare(OptionParser parser) {
        SmppOptions.declare(parser);
    }

    @Override
    public ExitStatus run(OptionSet set, PrintStream out, PrintStream err) {
        SmppOptions options = SmppOptions.from(set);
        if (options.faults() != null) {
            return SmppFaultRun.run(options, out, err);
        }
        return switch (options.role()) {
            case SERVER -> serve(options, untilInputEnds, out, err);
            case CLIENT, BOTH -> measure(options, out, err);
        };
    }

    /** This project's SMSC in a JVM of its own on a free loopback port, ending with this JVM. */
    private static ServerProcess startSmsc(SmppOptions options, SmscReader reader) throws IOException {
        List<String> args = new ArrayList<>(List.of("--role", "server", "--bind", "127.0.0.1", "--port", "0",
                "--smsc-reader", reader.name().toLowerCase(Locale.ROOT), ServerProcess.UNTIL_INPUT_ENDS));
        if (options.spin()) {
            args.add("--spin");
        }
        if (options.receipts()) {
            args.add("--receipts");
        }
        // Netty's default leak detection records a stack trace for one buffer in 128: some 40-50 B per submit_sm
        // on a path that otherwise allocates nothing, which is the detector's cost, not the SMSC's
        return ServerProcess.start("the SMSC", List.of("-Dio.netty.leakDetection.level=disabled"), SmppCommand.class,
                args, ServerProcess.START_TIMEOUT);
    }

    /** Serves until this JVM is stopped, or, started by {@code --role both}, until its input ends. */
    private static ExitStatus serve(SmppOptions options, boolean untilInputEnds, PrintStream out, PrintStream err) {
        SmscConfig config = SmscConfig.of(Map.of(SmppTarget.SYSTEM_ID, SmppTarget.PASSWORD))
                .withHost(options.bind()).withPort(options.port()).withSpin(options.spin())
                // spinning, one worker loop: each keeps a core busy, and Netty's default is two per core
                .withWorkerThreads(options.spin() ? 1 : 0)
                .withReceipts(options.receipts()).withReader(options.readers().get(0));
        Smsc smsc;
        try {
            smsc = Smsc.start(config);
        } catch (IOException | RuntimeException e) {
            err.println("wirebench smpp: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        ServerProcess.serveUntilStopped(smsc, untilInputEnds, () -> {
            out.println("wirebench smpp: SMSC " + ServerProcess.listeningOn(new InetSocketAddress(options.bind(), smsc.port()))
                    + " (system_id " + SmppTarget.SYSTEM_ID + ", password " + SmppTarget.PASSWORD + "; stop with Ctrl-C)");
            out.flush();
        });
        return ExitStatus.DONE;
    }

    /**
     * Runs every window in rounds, filing each result as it is done, so a stopped run keeps what finished. With
     * {@code --role both} each round has an SMSC JVM of its own, so that a repeat is a fresh server as well as
     * fresh sessions.
     */
    private static ExitStatus measure(SmppOptions options, PrintStream out, PrintStream err) {
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "smpp", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        boolean local = options.role() == Role.BOTH;
        String where = local ? "this project's Smsc in a JVM of its own on 127.0.0.1" + (options.repeats() == 1 ? ""
                : ", a fresh one each round") : "the SMSC at " + options.host() + ":" + options.port();
        long seed = new Random().nextLong();
        SmppReport report = new SmppReport(folder, options, where, seed);
        out.println("wirebench smpp: " + options.describe() + "; against " + where);
        out.println("Results go to " + folder + "/");
        long started = System.nanoTime();
        if (options.soak() != null) {
            return soak(options, folder, report, started, out, err);
        }
        // a round's windows share the JVM of the SMSC reading their way; a remote SMSC's reader is its own affair
        List<SmscReader> readers = local ? options.readers() : java.util.Collections.singletonList(null);
        Map<String, Integer> windows = new LinkedHashMap<>();
        Map<String, SmscReader> readerOf = new LinkedHashMap<>();
        for (SmscReader reader : readers) {
            for (int w : options.windows()) {
                String label = "window " + w + ", " + options.sessions() + (options.sessions() == 1 ? " session" : " sessions")
                        + (readers.size() > 1 ? ", SMSC by " + reader.name().toLowerCase(Locale.ROOT) : "");
                windows.put(label, w);
                readerOf.put(label, reader);
            }
        }
        List<Rounds.Case> cases = windows.keySet().stream()
                .map(label -> new Rounds.Case(label, String.valueOf(readerOf.get(label)))).toList();
        Map<String, String> failed = Rounds.run("smpp", cases, options.repeats(), seed,
                local ? server -> startSmsc(options, SmscReader.valueOf(server)) : null,
                new InetSocketAddress(options.host(), options.port()),
                (c, smsc, round) -> {
                    int window = windows.get(c.label());
                    SmscReader reader = readerOf.get(c.label());
                    try {
                        RigResult result = measureOnce(window, reader, smsc, round, options, folder, out);
                        out.println("  " + SmppReport.oneLine(result));
                        report.add(reader, result);
                        if (result.failure() != null) {
                            throw new IOException(result.failure());
                        }
                    } finally {
                        report.write();
                    }
                }, out, err);
        failed.forEach((window, why) -> report.failed(window + ": " + why));
        report.write();
        out.print(report.text());
        out.printf("Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
        return failed.isEmpty() ? ExitStatus.DONE : ExitStatus.FAILED;
    }

    /**
     * {@code --soak}: the rate (given, or a share of the knee a sweep against an SMSC JVM of its own finds), then one
     * run at it against a fresh SMSC JVM whose resources are sampled all along. The sweep's rates are printed and
     * logged (.hlog); the table holds the soak alone, and its resources, growth and verdict follow it.
     */
    private static ExitStatus soak(SmppOptions options, RunFolder folder, SmppReport report, long started,
                                   PrintStream out, PrintStream err) {
        int window = options.windows().get(0);
        SmscReader reader = options.readers().get(0);
        try {
            Soak.Rate rate;
            try (ServerProcess smsc = options.load().closed() ? startSmsc(options, reader) : null) {
                rate = Soak.rate(options.load(), perSecond -> {
                    Load load = Load.rate(perSecond);
                    RigResult r = measureOnce(window, reader, smsc.address(), 1, load, options.plan(window), options,
                            folder, UnaryOperator.identity(), out);
                    out.println("  " + load + ", " + SmppReport.oneLine(r));
                    return r;
                }, out);
            }
            out.println("Soaking the SMSC at " + rate.perSecond() + " submit_sm/s (" + rate.how() + ") for "
                    + Durations.seconds(options.soak().duration()) + "; its JVM sampled every "
                    + Durations.seconds(options.soak().sampleEvery()));
            Load load = Load.rate(rate.perSecond());
            Soak.Result result;
            try (ServerProcess smsc = startSmsc(options, reader)) {
                result = Soak.run(options.soak(), rate, smsc, folder.resolve(Soak.SAMPLES), sampler ->
                        measureOnce(window, reader, smsc.address(), 1, load, options.soakPlan(window), options, folder,
                                sampler::startingWith, out), out);
            }
            out.println("  " + SmppReport.oneLine(result.rig()));
            report.add(reader, result.rig());
            SoakReport soak = new SoakReport(options.soak(), result);
            report.soak(rate.how(), soak);
            report.write();
            out.print(report.text());
            out.print(soak.text());
            out.printf("Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
            if (result.rig().failure() != null) {
                err.println("wirebench smpp: the soak ended early: " + result.rig().failure());
                return ExitStatus.FAILED;
            }
            return ExitStatus.DONE;
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            err.println("wirebench smpp: the soak failed: " + why);
            report.failed("soak: " + why);
            report.write();
            return ExitStatus.FAILED;
        }
    }

    /** One window against a running SMSC, its intervals written to an interval log in the run folder. */
    private static RigResult measureOnce(int window, SmscReader reader, InetSocketAddress smsc, int round,
                                         SmppOptions options, RunFolder folder, PrintStream out) throws IOException {
        return measureOnce(window, reader, smsc, round, options.load(), options.plan(window), options, folder,
                UnaryOperator.identity(), out);
    }

    /** The same at {@code load} as planned by {@code plan}, its interval log heard through {@code listen}. */
    private static RigResult measureOnce(int window, SmscReader reader, InetSocketAddress smsc, int round, Load load,
                                         RigPlan plan, SmppOptions options, RunFolder folder,
                                         UnaryOperator<WindowListener> listen, PrintStream out) throws IOException {
        String name = "window-" + window + (reader == null ? "" : "-" + reader.name().toLowerCase(Locale.ROOT))
                // a soak's sweep and the soak itself run one window at several rates
                + (options.soak() == null ? "" : "-" + load.ratePerSecond()) + "-round" + round + ".hlog";
        try (SmppTarget target = new SmppTarget(window, plan.idle());
             IntervalLog log = new IntervalLog(folder.resolve(name), options.config(plan, reader, load),
                     RunFolder.localHost(), target.responses(), plan.duration().toNanos() / 1e9)) {
            return Rig.run(target, smsc, load, plan, listen.apply(log), out);
        }
    }
}
