package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * {@code serve [--port 8080] [--bind 127.0.0.1] [--results-dir DIR]}: a dashboard and JSON API on this
 * machine, to round-trip any codec on its fixtures from a browser or curl, and to read the latest run's
 * summary and charts. Runs until Ctrl-C; see {@link ServeServer} for the endpoints and threads.
 */
final class ServeCommand {

    static final String USAGE = """
            Usage: java -jar benchmarks.jar serve [--port 8080] [--bind 127.0.0.1] [--results-dir DIR]
              --port N           the port to listen on (default 8080; 0 picks a free one)
              --bind ADDR        the address to listen on (default 127.0.0.1: this machine only;
                                 0.0.0.0 lets any machine that reaches this one use it)
              --results-dir DIR  the run folders: the dashboard shows the newest with a summary.md,
                                 /api/test/hdr/report writes a new one (default results/)
            Endpoints: / (dashboard), /api/codecs, /api/test/{format}?message=market-data&sample=0,
                       /api/test/hdr/report, /api/runs/latest, /runs/{folder}/{file}""";

    private ServeCommand() {
    }

    /** Serves until the JVM is stopped; returns 1 at once when it cannot start. */
    static int run(String[] args, PrintStream out, PrintStream err) {
        if (Arrays.asList(args).contains("-h") || Arrays.asList(args).contains("--help")) {
            out.println(USAGE);
            return 0;
        }
        ServeOptions options;
        try {
            options = ServeOptions.parse(args);
        } catch (IllegalArgumentException e) {
            err.println("wirebench serve: " + e.getMessage());
            err.println(USAGE);
            return 1;
        }
        ServeServer server;
        try {
            server = ServeServer.start(options, Codecs.load(), err);
        } catch (IllegalStateException | UncheckedIOException e) {
            err.println("wirebench serve: " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            out.println("stopped");
        }, "wirebench-serve-stop"));
        out.println("Serving " + server.url(options.bind()) + " (Ctrl-C stops)");
        try {
            server.awaitClose();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            server.close();
        }
        return 0;
    }
}
