package dev.wirebench.smpp.run;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Flags;
import dev.wirebench.harness.OptionReader;
import dev.wirebench.smpp.client.EsmeConfig;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The options of {@code smpp}, parsed and checked; every refusal says which option and why.
 *
 * @param windows  the windows of the sweep, in the order given: submit_sm each session keeps in flight
 * @param sessions ESME sessions, each with its own sending thread, per window
 */
public record SmppOptions(List<Integer> windows, int sessions, Duration warmup, Duration duration, int repeats,
                          Role role, String bind, String host, int port, Path resultsDir) {

    /** Repeats of each window when none are asked for: enough for compare to call a change in twenty measures. */
    static final int DEFAULT_REPEATS = 8;

    /** Which sides this process runs. */
    public enum Role { BOTH, SERVER, CLIENT }

    public static final String USAGE = """
            Usage: java -jar benchmarks.jar smpp [--window-sweep 1,8,64,512] [--sessions 4] [--repeats 8]
                   [--duration 3s] [--warmup 2s] [--quick] [--results-dir DIR]
                   [--role both | server --bind ADDR --port P | client --host H --port P]
              --window-sweep W,...  windows to run in turn: each session keeps W submit_sm in flight, sending the
                                    next as soon as a response frees a place (1 is sync: send, wait, send)
              --sessions N          ESME sessions per window, each bound as a transceiver with its own sending
                                    thread (default 4)
              --repeats N           runs of each window, in rounds: each round a fresh SMSC JVM (with --role both)
                                    and fresh sessions, the windows in a shuffled order; a repeat is one sample
                                    for compare (default 8)
              --duration T          measured time per window and repeat (default 3s); --warmup T before it
                                    (default 2s)
              --quick               --warmup 1s --duration 1s (your own --warmup/--duration/--repeats win)
              --role both           SMSC and ESMEs on loopback, the SMSC in a JVM of its own (default)
              --role server         only the SMSC, on --bind (default 127.0.0.1) --port (default 2775), until
                                    stopped (Ctrl-C); it accepts system_id wirebench, password wirebnch
              --role client         only the ESMEs, against --host H --port P of a running smpp --role server
            Each submit_sm's latency runs from just before it is written to the arrival of its submit_sm_resp,
            every one sent in the measured window recorded (HdrHistogram). The run folder gets summary.md (per
            window: sessions, submits, submit_sm/s, p50, p90, p99, p99.9, max, timeouts, errors), one .hgrm per
            window, results.json and smpp-sweep.png (throughput and latency against window).""";

    static final List<Integer> DEFAULT_WINDOWS = List.of(1, 8, 64, 512);
    /** SMPP's registered port, where a server listens unless told otherwise. */
    static final int DEFAULT_PORT = 2775;
    /** More sessions than this on one client would measure the client's threads, not SMPP. */
    static final int MAX_SESSIONS = 1000;

    /**
     * Parses the options after {@code smpp}.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static SmppOptions parse(String[] args) {
        List<Integer> windows = DEFAULT_WINDOWS;
        int sessions = 4;
        Duration warmup = null;
        Duration duration = null;
        int repeats = DEFAULT_REPEATS;
        boolean quick = false;
        Role role = Role.BOTH;
        String bind = "127.0.0.1";
        String host = null;
        Integer port = null;
        Path resultsDir = Path.of("results");
        OptionReader options = new OptionReader(args, "--quick");
        while (options.next()) {
            String arg = options.flag();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--window-sweep" -> windows = windows(options.value());
                case "--sessions" -> sessions = sessions(options.value());
                case "--warmup" -> warmup = Durations.parse(arg, options.value());
                case "--duration" -> duration = Durations.parse(arg, options.value());
                case "--repeats" -> repeats = Flags.positiveInt(arg, options.value());
                case "--role" -> role = Flags.choice(arg, options.value(), Role.class);
                case "--bind" -> bind = options.value();
                case "--host" -> host = options.value();
                case "--port" -> port = Flags.port(arg, options.value(), "any free port, for a server");
                case "--results-dir" -> resultsDir = Path.of(options.value());
                default -> throw options.unknown("smpp");
            }
        }
        if (duration == null) {
            duration = Duration.ofSeconds(quick ? 1 : 3);
        }
        if (warmup == null) {
            warmup = Duration.ofSeconds(quick ? 1 : 2);
        }
        if (duration.isZero()) {
            throw new IllegalArgumentException("--duration must be above 0");
        }
        if (role == Role.CLIENT && (host == null || port == null)) {
            throw new IllegalArgumentException("--role client needs --host H and --port P of a running smpp --role server");
        }
        if (role == Role.CLIENT && port == 0) {
            throw new IllegalArgumentException("--role client needs the server's real --port, not 0");
        }
        if (role != Role.CLIENT && host != null) {
            throw new IllegalArgumentException("--host is for --role client; a server listens on --bind");
        }
        return new SmppOptions(windows, sessions, warmup, duration, repeats, role, bind, host == null ? "127.0.0.1" : host,
                port == null ? DEFAULT_PORT : port, resultsDir);
    }

    private static List<Integer> windows(String value) {
        List<Integer> windows = new ArrayList<>();
        for (String part : value.split(",", -1)) {
            int w;
            try {
                w = Flags.positiveInt("--window-sweep", part);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--window-sweep takes windows from 1 to " + EsmeConfig.MAX_WINDOW
                        + ", comma-separated (1,8,64,512), not '" + value + "'");
            }
            if (w > EsmeConfig.MAX_WINDOW) {
                throw new IllegalArgumentException("--window-sweep: a window is at most " + EsmeConfig.MAX_WINDOW
                        + " (sequence numbers carry the slot in 16 bits), not " + w);
            }
            if (!windows.contains(w)) {
                windows.add(w);
            }
        }
        return List.copyOf(windows);
    }

    private static int sessions(String value) {
        int n = Flags.positiveInt("--sessions", value);
        if (n > MAX_SESSIONS) {
            throw new IllegalArgumentException("--sessions takes 1 to " + MAX_SESSIONS + ", not '" + value + "'");
        }
        return n;
    }


    /** One line for the report: what was run, for how long. */
    public String describe() {
        return "windows " + windows + ", " + sessions + " session" + (sessions == 1 ? "" : "s") + ", warm-up "
                + Durations.seconds(warmup) + ", measured " + Durations.seconds(duration) + " per window"
                + (repeats == 1 ? "" : ", " + repeats + " repeats in rounds");
    }
}
