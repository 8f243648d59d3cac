package dev.wirebench.benchmarks;

import dev.wirebench.harness.Flags;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.PrintStream;
import java.io.UncheckedIOException;

/**
 * {@code serve [--port 8080] [--bind 127.0.0.1] [--results-dir DIR]}: a dashboard and JSON API on this
 * machine, to round-trip any codec on its fixtures from a browser or curl, and to read the latest run's
 * summary and charts. Runs until Ctrl-C; see {@link ServeServer} for the endpoints and threads.
 */
public final class ServeCommand extends AbstractSubcommand {

    public ServeCommand() {
        super("serve", "a dashboard and JSON API on this machine: round-trip any codec on its fixtures, the latest run's "
                + "summary and charts", "", """
                Endpoints: / (dashboard), /api/codecs, /api/test/{format}?message=market-data&sample=0,
                           /api/test/hdr/report, /api/runs/latest, /runs/{folder}/{file}
                Serves until Ctrl-C.""");
    }


    private OptionSpec<String> portSpec;
    private OptionSpec<String> bindSpec;
    private OptionSpec<String> resultsDir;

    @Override
    public void declare(OptionParser parser) {
        portSpec = parser.accepts("port", "the port to listen on (0 picks a free one)").withRequiredArg()
                .describedAs("N").defaultsTo(Integer.toString(ServeOptions.DEFAULT_PORT));
        bindSpec = parser.accepts("bind", "the address to listen on: 127.0.0.1 is this machine only; 0.0.0.0 lets any "
                + "machine that reaches this one use it").withRequiredArg().describedAs("ADDR").defaultsTo(ServeOptions.DEFAULT_BIND);
        resultsDir = CommonOptions.resultsDir(parser, "the run folders: the dashboard shows the newest with a summary.md, "
                + "/api/test/hdr/report writes a new one");
    }

    /** The parsed options as the server takes them. @throws IllegalArgumentException for a bad port or address */
    ServeOptions options(OptionSet options) {
        String bind = options.valueOf(bindSpec);
        if (bind.isBlank()) {
            throw new IllegalArgumentException("--bind needs an address, e.g. 127.0.0.1");
        }
        return new ServeOptions(Flags.port("--port", options.valueOf(portSpec), "any free port"), bind,
                CommonOptions.resultsDir(options, resultsDir));
    }

    /** Serves until the JVM is stopped; returns at once when it cannot start. */
    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        if (!options.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + options.nonOptionArguments().get(0) + "'");
        }
        ServeOptions serve = options(options);
        ServeServer server;
        try {
            server = ServeServer.start(serve, CodecSelection.load(), err);
        } catch (IllegalStateException | UncheckedIOException e) {
            err.println("wirebench serve: " + e.getMessage());
            return ExitStatus.FAILED;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            out.println("stopped");
        }, "wirebench-serve-stop"));
        out.println("Serving " + server.url(serve.bind()) + " (Ctrl-C stops)");
        try {
            server.awaitClose();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
        }
        return ExitStatus.DONE;
    }
}
