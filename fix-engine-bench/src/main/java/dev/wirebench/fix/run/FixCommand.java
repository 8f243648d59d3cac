package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.history.AnalyseCommand;
import dev.wirebench.fix.history.HistoryWriter;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.Role;
import dev.wirebench.harness.cli.AbstractSubcommand;
import dev.wirebench.harness.cli.Subcommand;
import dev.wirebench.harness.results.Repeats;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * {@code fix}: the FIX ping-pong of every engine, or one side of it ({@code --role server|client}), and
 * {@code fix analyse} of a history file. Each engine's server runs in its own JVM unless this process
 * is one side of a two-host run.
 */
public final class FixCommand extends AbstractSubcommand {

    /** Rates of a sweep, orders per second. */
    static final long[] SWEEP_RATES = {1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000};
    /** A sweep stops after the first rate whose achieved rate is below this share of the target. */
    static final double KNEE = 0.95;

    /** Started by {@code --role both}: serve until standard input ends, so the server dies with its client. */
    private final boolean untilInputEnds;

    public FixCommand() {
        this(false);
    }

    private FixCommand(boolean untilInputEnds) {
        super("fix", "FIX engines in a ping-pong (raw TCP, QuickFIX/J default and tuned, Philadelphia): round-trip "
                + "percentiles per order, closed loop or fixed rate, on one host or two", "",
                "Engines: " + String.join(", ", FixEngines.names()) + "\n" + """
                The run folder gets summary.md (RTT tables to the fill and to the ack, engine settings), one .hgrm
                per engine and report, results.json, and a percentile plot (PNG) of every engine.
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
        FixEngine engine = FixEngines.create(name);
        FixServer server;
        try {
            server = engine.startServer(new InetSocketAddress(options.bind(), options.port()));
        } catch (IOException | RuntimeException e) {
            err.println("wirebench fix: the " + name + " server did not start: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        out.println("wirebench fix: " + name + " server " + ServerProcess.listeningOn(server.address()) + " (stop with Ctrl-C)");
        out.flush();
        ServerProcess.serveUntilStopped(server, untilInputEnds);
        return ExitStatus.DONE;
    }

    /** Measures every engine in turn, filing each result as it is done, so a stopped run keeps what finished. */
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
        long seed = new Random().nextLong();
        report.seed(seed);
        int repeats = options.repeats();
        int total = options.engines().size() * repeats;
        int done = 0;
        for (int round = 1; round <= repeats; round++) {
            // a fresh order each round, so that drift over the run (a neighbour, heat) spreads over every engine
            List<String> order = repeats == 1 ? options.engines() : Repeats.order(options.engines(), seed, round);
            for (String name : order) {
                done++;
                if (report.failed(name)) {
                    continue;
                }
                FixEngine engine = FixEngines.create(name);
                double elapsed = (System.nanoTime() - started) / 1e9;
                out.printf(Locale.ROOT, "[%d/%d] %s%s (%.0f s elapsed%s)%n", done, total, name,
                        repeats == 1 ? "" : ", round " + round + "/" + repeats, elapsed,
                        done == 1 ? "" : String.format(Locale.ROOT, ", about %.0f s left", elapsed / (done - 1) * (total - done + 1)));
                report.settings(name, engine.settings());
                try {
                    if (options.role() == Role.CLIENT) {
                        runEngine(engine, new InetSocketAddress(options.host(), options.port()), options, report, out);
                    } else {
                        try (ServerProcess server = startServer(name)) {
                            runEngine(engine, server.address(), options, report, out);
                        }
                    }
                } catch (IOException | RuntimeException e) {
                    String why = e.getMessage() == null ? e.toString() : e.getMessage();
                    err.println("wirebench fix: " + name + " failed" + (repeats == 1 ? "" : " in round " + round) + ": " + why
                            + (repeats == 1 || round == repeats ? "" : "; its later rounds are skipped"));
                    report.failed(name, (repeats == 1 ? "" : "round " + round + ": ") + why);
                }
                report.write();
            }
        }
        out.print(report.text());
        out.printf("Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
        return report.anyFailed() ? ExitStatus.FAILED : ExitStatus.DONE;
    }

    private static void runEngine(FixEngine engine, InetSocketAddress server, FixOptions options, FixReport report,
                                  PrintStream out) throws IOException {
        if (!options.sweep()) {
            Path file = options.history() == null ? null : historyFile(options.history(), engine.name());
            PingPongRun.Result result;
            try (HistoryWriter history = file == null ? null : new HistoryWriter(file)) {
                result = PingPongRun.run(engine, server, options.load(), options.warmup(), options.duration(),
                        options.logonTimeout(), history, out);
            }
            out.println("  " + FixReport.oneLine(result) + (file == null ? "" : "; history in " + file));
            report.add(result);
            return;
        }
        for (long rate : SWEEP_RATES) {
            PingPongRun.Result result;
            try {
                result = PingPongRun.run(engine, server, Load.rate(rate), options.warmup(), options.duration(),
                        options.logonTimeout(), null, out);
            } catch (IOException stalled) {
                // past the knee an engine may stop answering in time; that ends the sweep, not the run
                out.printf("  %s: the knee is below %d orders/s (%s)%n", engine.name(), rate, stalled.getMessage());
                report.knee(engine.name(), rate, stalled.getMessage());
                return;
            }
            out.println("  " + FixReport.oneLine(result));
            report.add(result);
            report.write();
            if (result.achievedRate() < KNEE * rate) {
                out.printf("  %s: the knee is below %d orders/s (achieved %.0f/s)%n", engine.name(), rate,
                        result.achievedRate());
                report.knee(engine.name(), rate, String.format("achieved %.0f/s", result.achievedRate()));
                return;
            }
        }
        report.knee(engine.name(), Long.MAX_VALUE, "every rate up to " + SWEEP_RATES[SWEEP_RATES.length - 1] + "/s held");
    }

    /** The server of {@code engine} in a JVM of its own on a free loopback port, ending with this JVM. */
    private static ServerProcess startServer(String engine) throws IOException {
        return ServerProcess.start("the " + engine + " server", FixCommand.class, List.of("--role", "server", "--engines",
                engine, "--bind", "127.0.0.1", "--port", "0", ServerProcess.UNTIL_INPUT_ENDS));
    }

    /** {@code dir/h.log} and {@code raw} give {@code dir/h-raw.log}. */
    static Path historyFile(Path history, String engine) {
        String file = history.getFileName().toString();
        int dot = file.lastIndexOf('.');
        String named = dot > 0 ? file.substring(0, dot) + "-" + engine + file.substring(dot) : file + "-" + engine;
        return history.resolveSibling(named);
    }
}
