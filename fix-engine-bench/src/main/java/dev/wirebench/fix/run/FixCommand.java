package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.history.AnalyseCommand;
import dev.wirebench.fix.history.HistoryWriter;
import dev.wirebench.harness.Durations;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.Role;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.cli.Subcommand;
import dev.wirebench.harness.hdr.IntervalLog;
import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.Rounds;
import dev.wirebench.harness.rig.Sweep;
import dev.wirebench.harness.rig.WindowListener;
import dev.wirebench.harness.soak.Soak;
import dev.wirebench.harness.soak.SoakReport;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;

/**
 * {@code fix}: the FIX ping-pong of every engine, or one side of it ({@code --role server|client}), and
 * {@code fix analyse} of a history file. Each engine's server runs in its own JVM unless this process
 * is one side of a two-host run.
 */
public final class FixCommand extends AbstractSubcommand {

    /** Started by {@code --role both}: serve until standard input ends, so the server dies with its client. */
    private final boolean untilInputEnds;

    public FixCommand() {
        this(false);
    }

    private FixCommand(boolean untilInputEnds) {
        super("fix", "FIX engines in a ping-pong (raw TCP, QuickFIX/J default and tuned, Philadelphia, Artio): round-trip "
                + "percentiles per order, closed loop or fixed rate, blocking or spinning, on one host or several", "",
                "Engines: " + String.join(", ", FixEngines.names()) + "\n" + """
                The run folder gets summary.md (RTT tables to the fill and to the ack, engine settings), one .hgrm
                per engine and report, results.json, a percentile plot (PNG) of every engine, and an interval
                log (.hlog) per engine, load and round, which merge combines across client hosts.
                Your own FIX client: --role server (any engine but raw) listens on --bind/--port (default\s"""
                + "127.0.0.1:" + FixOptions.DEFAULT_PORT + ");\nlog on with "
                + dev.wirebench.fix.engine.PingPong.logonFacts() + ",\nMsgSeqNum(34) from 1 on each connection; each NewOrderSingle gets an ack and a fill.");
        this.untilInputEnds = untilInputEnds;
    }

    /** Entry point of a server JVM that {@code --role both} starts. */
    public static void main(String[] args) {
        List<String> own = new ArrayList<>(Arrays.asList(args));
        boolean untilInputEnds = own.remove(ServerProcess.UNTIL_INPUT_ENDS);
        System.exit(Cli.run(new FixCommand(untilInputEnds), own.toArray(String[]::new), System.out, System.err).code());
    }

    /** Runs {@code fix} with the arguments after it; returns the exit status (0 done, 1 bad options or a failed run). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        return Cli.run(new FixCommand(), args, out, err).code();
    }

    @Override
    public void declare(OptionParser parser) {
        FixOptions.declare(parser, FixEngines.names(), FixEngines.DEFAULTS);
    }

    @Override
    public List<Subcommand> children() {
        return List.of(new AnalyseCommand());
    }

    @Override
    public ExitStatus run(OptionSet set, PrintStream out, PrintStream err) {
        FixOptions options = FixOptions.from(set, FixEngines.names(), FixEngines.DEFAULTS);
        if (options.faults() != null) {
            return FixFaultRun.run(options, out, err);
        }
        if (options.history() != null && options.sweep()) {
            throw new IllegalArgumentException("--history keeps one run per engine: not with --sweep");
        }
        return switch (options.role()) {
            case SERVER -> serve(options, untilInputEnds, out, err);
            case CLIENT, BOTH -> measure(options, out, err);
        };
    }

    /** Serves one engine until this JVM is stopped, or, started by {@code --role both}, until its input ends. */
    private static ExitStatus serve(FixOptions options, boolean untilInputEnds, PrintStream out, PrintStream err) {
        String name = options.engines().get(0);
        FixEngine engine = options.durableDir() == null ? FixEngines.create(name, options.spin())
                : FixEngines.durable(name, options.durableDir());
        FixServer server;
        try {
            server = engine.startServer(new InetSocketAddress(options.bind(), options.port()));
        } catch (IOException | RuntimeException e) {
            err.println("wirebench fix: the " + name + " server did not start: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        ServerProcess.serveUntilStopped(server, untilInputEnds, () -> {
            out.println("wirebench fix: " + name + " server " + ServerProcess.listeningOn(server.address())
                    + " (stop with Ctrl-C)");
            out.flush();
        });
        return ExitStatus.DONE;
    }

    /** Measures every engine in rounds, filing each result as it is done, so a stopped run keeps what finished. */
    private static ExitStatus measure(FixOptions options, PrintStream out, PrintStream err) {
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "fix", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        FixReport report = new FixReport(folder, options);
        out.println("wirebench fix: " + options.describe() + "; engines " + String.join(", ", options.engines())
                + (options.role() == Role.CLIENT ? " against " + options.host() + ":" + options.port()
                : ", each server in its own JVM on loopback"));
        out.println("Results go to " + folder + "/");
        long started = System.nanoTime();
        if (options.soak() != null) {
            return soak(options, folder, report, started, out, err);
        }
        long seed = new Random().nextLong();
        report.seed(seed);
        // each engine and way of waiting names its own server, so every case meets a fresh server JVM
        Map<String, Idle> idleOf = new LinkedHashMap<>();
        Map<String, String> engineOf = new LinkedHashMap<>();
        for (Idle idle : options.idles()) {
            for (String engine : options.engines()) {
                String label = FixReport.label(engine, idle);
                idleOf.put(label, idle);
                engineOf.put(label, engine);
            }
        }
        List<Rounds.Case> cases = idleOf.keySet().stream().map(label -> new Rounds.Case(label, label)).toList();
        boolean remote = options.role() == Role.CLIENT;
        Map<String, String> failed = Rounds.run("fix", cases, options.repeats(), seed,
                remote ? null : label -> startServer(engineOf.get(label), idleOf.get(label) == Idle.SPIN),
                new InetSocketAddress(options.host(), options.port()),
                (c, server, round) -> {
                    Idle idle = idleOf.get(c.label());
                    FixEngine engine = FixEngines.create(engineOf.get(c.label()), idle == Idle.SPIN);
                    report.settings(c.label(), engine.settings());
                    try {
                        runEngine(engine, idle, server, round, options, folder, report, out);
                    } finally {
                        report.write();
                    }
                }, out, err);
        failed.forEach(report::failed);
        report.write();
        out.print(report.text());
        out.printf("Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
        return failed.isEmpty() ? ExitStatus.DONE : ExitStatus.FAILED;
    }

    private static void runEngine(FixEngine engine, Idle idle, InetSocketAddress server, int round, FixOptions options,
                                  RunFolder folder, FixReport report, PrintStream out) throws IOException {
        if (!options.sweep()) {
            Path file = options.history() == null ? null : historyFile(options.history(), engine.name());
            RigResult result;
            try (HistoryWriter history = file == null ? null : new HistoryWriter(file)) {
                result = measureOnce(engine, idle, server, options.load(), round, options, folder, history, out);
            }
            out.println("  " + FixReport.oneLine(result) + (file == null ? "" : "; history in " + file));
            report.add(result);
            if (result.failure() != null) {
                throw new IOException(result.failure());
            }
            return;
        }
        Sweep.Knee knee = Sweep.run(Sweep.RATES, rate -> {
            RigResult result = measureOnce(engine, idle, server, Load.rate(rate), round, options, folder, null, out);
            out.println("  " + FixReport.oneLine(result));
            report.add(result);
            report.write();
            return result;
        });
        String label = FixReport.label(engine.name(), idle);
        out.println("  " + label + ": " + knee);
        report.knee(label, knee);
    }

    /**
     * {@code --soak}: the rate (given, or a share of the knee a sweep against a server JVM of its own finds), then
     * one run at it against a fresh server JVM whose resources are sampled all along. The sweep's rates are printed
     * and logged (.hlog); the tables hold the soak alone, and its resources, growth and verdict.
     */
    private static ExitStatus soak(FixOptions options, RunFolder folder, FixReport report, long started, PrintStream out,
                                   PrintStream err) {
        String name = options.engines().get(0);
        Idle idle = options.idles().get(0);
        String label = FixReport.label(name, idle);
        try {
            Soak.Rate rate;
            try (ServerProcess server = options.load().closed() ? startServer(name, idle == Idle.SPIN) : null) {
                rate = Soak.rate(options.load(), perSecond -> {
                    RigResult r = measureOnce(FixEngines.create(name, idle == Idle.SPIN), idle, server.address(),
                            Load.rate(perSecond), 1, options, folder, null, out);
                    out.println("  " + FixReport.oneLine(r));
                    return r;
                }, out);
            }
            out.println("Soaking " + label + " at " + rate.perSecond() + "/s (" + rate.how() + ") for "
                    + Durations.seconds(options.soak().duration()) + "; the server JVM sampled every "
                    + Durations.seconds(options.soak().sampleEvery()));
            Load load = Load.rate(rate.perSecond());
            Soak.Result result;
            try (ServerProcess server = startServer(name, idle == Idle.SPIN)) {
                FixEngine engine = FixEngines.create(name, idle == Idle.SPIN);
                report.settings(label, engine.settings());
                result = Soak.run(options.soak(), rate, server, folder.resolve(Soak.SAMPLES), sampler ->
                        measureOnce(engine, idle, server.address(), load, options.soakPlan(load, idle), 1, options,
                                folder, null, sampler::startingWith, out), out);
            }
            out.println("  " + FixReport.oneLine(result.rig()));
            report.add(result.rig());
            SoakReport soak = new SoakReport(options.soak(), result);
            report.soak(rate.how(), soak);
            report.write();
            out.print(report.text());
            out.print(soak.text());
            out.printf("Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
            if (result.rig().failure() != null) {
                err.println("wirebench fix: the soak of " + label + " ended early: " + result.rig().failure());
                return ExitStatus.FAILED;
            }
            return ExitStatus.DONE;
        } catch (IOException | RuntimeException e) {
            String why = e.getMessage() == null ? e.toString() : e.getMessage();
            err.println("wirebench fix: the soak of " + label + " failed: " + why);
            report.failed(label, why);
            report.write();
            return ExitStatus.FAILED;
        }
    }

    /** One measurement of one engine at one load, its windows written to an interval log in the run folder. */
    private static RigResult measureOnce(FixEngine engine, Idle idle, InetSocketAddress server, Load load, int round,
                                         FixOptions options, RunFolder folder, HistoryWriter history,
                                         PrintStream out) throws IOException {
        return measureOnce(engine, idle, server, load, options.plan(load, idle), round, options, folder, history,
                UnaryOperator.identity(), out);
    }

    /** The same as planned by {@code plan}, its interval log heard through {@code listen} (a soak's sampler). */
    private static RigResult measureOnce(FixEngine engine, Idle idle, InetSocketAddress server, Load load, RigPlan plan,
                                         int round, FixOptions options, RunFolder folder, HistoryWriter history,
                                         UnaryOperator<WindowListener> listen, PrintStream out) throws IOException {
        Map<String, String> config = options.config(engine.name(), load, plan);
        String name = engine.name() + (idle == Idle.SPIN ? "-spin" : "") + (load.closed() ? "" : "-" + load.ratePerSecond())
                + "-round" + round + ".hlog";
        try (FixTarget target = new FixTarget(engine, history);
             IntervalLog log = new IntervalLog(folder.resolve(name), config, RunFolder.localHost(),
                     FixTarget.RESPONSES, plan.duration().toNanos() / 1e9)) {
            return Rig.run(target, server, load, plan, listen.apply(log), out);
        }
    }

    /** The server of {@code engine} in a JVM of its own on a free loopback port, ending with this JVM. */
    private static ServerProcess startServer(String engine, boolean spin) throws IOException {
        List<String> args = new ArrayList<>(List.of("--role", "server", "--engines", engine, "--bind", "127.0.0.1",
                "--port", "0", ServerProcess.UNTIL_INPUT_ENDS));
        if (spin) {
            args.add("--spin");
        }
        return ServerProcess.start("the " + engine + " server", FixEngines.jvmFlags(engine), FixCommand.class, args,
                ServerProcess.START_TIMEOUT);
    }

    /** {@code dir/h.log} and {@code raw} give {@code dir/h-raw.log}. */
    static Path historyFile(Path history, String engine) {
        String file = history.getFileName().toString();
        int dot = file.lastIndexOf('.');
        String named = dot > 0 ? file.substring(0, dot) + "-" + engine + file.substring(dot) : file + "-" + engine;
        return history.resolveSibling(named);
    }
}
