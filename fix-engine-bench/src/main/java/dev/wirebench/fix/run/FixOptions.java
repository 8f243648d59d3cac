package dev.wirebench.fix.run;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Flags;
import dev.wirebench.harness.OptionReader;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The options of {@code fix}, parsed and checked; every refusal says which option and why. */
public record FixOptions(List<String> engines, Role role, String bind, String host, int port, Load load, boolean sweep,
                         Duration warmup, Duration duration, int repeats, Duration logonTimeout, Path history,
                         Path resultsDir) {

    /**
     * Repeats of each engine when none are asked for: eight, so that a compare of two runs of four engines
     * (about forty measures, Holm-corrected) can call a change; seven would be the least.
     */
    static final int DEFAULT_REPEATS = 8;

    /** Which sides this process runs. */
    public enum Role { BOTH, SERVER, CLIENT }

    public static final String USAGE = """
            Usage: java -jar benchmarks.jar fix [--engines E] [--repeats 8] [--duration 5s] [--warmup 5s] [--quick]
                   [--mode closed | --rate N | --sweep] [--history FILE] [--results-dir DIR]
                   [--role both | server --bind ADDR --port P | client --host H --port P]
                   java -jar benchmarks.jar fix analyse FILE [--warmup 60s] [--tag 35=D] [--samples 10000]
              --engines E    comma-separated, in the order to run (default: %s);
                             also: %s
              --repeats N    runs of each engine, in rounds, each engine in a fresh server JVM with fresh
                             sessions, the engines in a shuffled order each round; a repeat is one sample
                             for compare (default 8; 1 with --sweep or --history)
              --duration T   measured time per repeat (default 5s); --warmup T before it (default 5s)
              --quick        --warmup 2s --duration 2s (your own --warmup/--duration/--repeats win)
              --mode closed  one order in flight, the next sent when the fill arrives (the default)
              --rate N       open loop: N orders/s on a fixed schedule; latency counts from each order's
                             intended send time, so stalls are not hidden (coordinated omission)
              --sweep        open loop at rising rates (1000, 2000, 5000, 10000, ... orders/s) until the
                             achieved rate falls below 95%% of the target: the knee, per engine
              --history FILE every message the client sends and receives as <nanotime>;<FIX message>,
                             one file per engine (FILE with the engine's name before the extension)
              --role both    server and client on loopback, the server in its own JVM (default)
              --role server  only the server of one engine, on --bind (default 127.0.0.1) --port (default
                             9876), until stopped (Ctrl-C)
              --role client  only the client of one engine, against --host H --port P
              --logon-timeout T  how long to wait for the Logon answer (default 10s)
            The run folder gets summary.md (RTT tables to the fill and to the ack, engine settings), one .hgrm
            per engine and report, results.json, and a percentile plot (PNG) of every engine.""";

    static final int DEFAULT_PORT = 9876;

    /**
     * Parses the options after {@code fix}.
     *
     * @param known    every engine name that exists
     * @param defaults the engines run when {@code --engines} is not given, in order
     * @throws IllegalArgumentException with a one-line reason
     */
    public static FixOptions parse(String[] args, List<String> known, List<String> defaults) {
        List<String> engines = defaults;
        Role role = Role.BOTH;
        String bind = "127.0.0.1";
        String host = null;
        Integer port = null;
        Load load = Load.CLOSED;
        boolean sweep = false;
        boolean rateGiven = false;
        boolean modeGiven = false;
        boolean quick = false;
        Duration warmup = null;
        Duration duration = null;
        Integer repeats = null;
        Duration logonTimeout = Duration.ofSeconds(10);
        Path history = null;
        Path resultsDir = Path.of("results");
        OptionReader options = new OptionReader(args, "--quick", "--sweep");
        while (options.next()) {
            String arg = options.flag();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--sweep" -> sweep = true;
                case "--engines" -> engines = engines(options.value(), known);
                case "--role" -> role = Flags.choice(arg, options.value(), Role.class);
                case "--bind" -> bind = options.value();
                case "--host" -> host = options.value();
                case "--port" -> port = Flags.port(arg, options.value(), "any free port, for a server");
                case "--mode" -> {
                    if (!options.value().equals("closed")) {
                        throw new IllegalArgumentException("--mode takes 'closed' (for open loop use --rate N or --sweep), not '"
                                + options.value() + "'");
                    }
                    modeGiven = true;
                }
                case "--rate" -> {
                    load = Load.rate(Flags.positive("--rate", options.value()));
                    rateGiven = true;
                }
                case "--warmup" -> warmup = Durations.parse(arg, options.value());
                case "--duration" -> duration = Durations.parse(arg, options.value());
                case "--repeats" -> repeats = Flags.positiveInt(arg, options.value());
                case "--logon-timeout" -> logonTimeout = Durations.parse(arg, options.value());
                case "--history" -> history = Path.of(options.value());
                case "--results-dir" -> resultsDir = Path.of(options.value());
                default -> throw options.unknown("fix");
            }
        }
        if ((rateGiven ? 1 : 0) + (sweep ? 1 : 0) + (modeGiven ? 1 : 0) > 1) {
            throw new IllegalArgumentException("choose one of --mode closed, --rate N and --sweep");
        }
        if (duration == null) {
            duration = quick ? Duration.ofSeconds(2) : Duration.ofSeconds(5);
        }
        if (warmup == null) {
            warmup = quick ? Duration.ofSeconds(2) : Duration.ofSeconds(5);
        }
        boolean once = sweep || history != null;
        if (repeats != null && repeats > 1 && once) {
            throw new IllegalArgumentException((sweep ? "--sweep" : "--history") + " runs each engine once: not with --repeats "
                    + repeats);
        }
        if (repeats == null) {
            repeats = once ? 1 : DEFAULT_REPEATS;
        }
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be above 0");
        }
        if (role != Role.BOTH && engines.size() != 1) {
            throw new IllegalArgumentException("--role " + role.name().toLowerCase(Locale.ROOT)
                    + " runs one engine: pass --engines with one of " + String.join(", ", known));
        }
        if (role == Role.CLIENT && port != null && port == 0) {
            throw new IllegalArgumentException("--role client needs the server's real --port, not 0");
        }
        if (role == Role.CLIENT && (host == null || port == null)) {
            throw new IllegalArgumentException("--role client needs --host H and --port P of a running fix --role server");
        }
        if (role != Role.CLIENT && host != null) {
            throw new IllegalArgumentException("--host is for --role client; a server listens on --bind");
        }
        return new FixOptions(engines, role, bind, host == null ? "127.0.0.1" : host,
                port == null ? DEFAULT_PORT : port, load, sweep, warmup, duration, repeats, logonTimeout, history,
                resultsDir);
    }

    private static List<String> engines(String value, List<String> known) {
        List<String> engines = new ArrayList<>();
        for (String name : value.split(",")) {
            String trimmed = name.trim();
            if (!known.contains(trimmed)) {
                throw new IllegalArgumentException("unknown engine '" + trimmed + "'; known: " + String.join(", ", known));
            }
            if (!engines.contains(trimmed)) {
                engines.add(trimmed);
            }
        }
        return List.copyOf(engines);
    }

    /** One line for the report: what was run, for how long. */
    public String describe() {
        String how = sweep ? "rate sweep (open loop)" : load.toString();
        return how + ", warm-up " + Durations.seconds(warmup) + ", measured " + Durations.seconds(duration) + " per engine"
                + (sweep ? " per rate" : "") + (repeats == 1 ? "" : ", " + repeats + " repeats in rounds");
    }
}
