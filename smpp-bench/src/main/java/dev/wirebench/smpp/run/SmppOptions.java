package dev.wirebench.smpp.run;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Flags;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.Role;
import dev.wirebench.harness.fault.Faults;
import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.soak.Soak;
import dev.wirebench.harness.soak.SoakPlan;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.server.SmscReader;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of {@code smpp}, parsed and checked; every refusal says which option and why.
 *
 * @param windows  the windows of the sweep, in the order given: submit_sm each session keeps in flight
 * @param sessions ESME sessions, each with its own sending thread, per window
 * @param faults   the faults on the link ({@code --faults}), or null for a clean link
 */
public record SmppOptions(List<Integer> windows, List<SmscReader> readers, int sessions, Load load, boolean spin,
                          boolean receipts,
                          Duration interval,
                          Duration warmup, Duration duration, int repeats, Role role, String bind, String host, int port,
                          SoakPlan soak, Path resultsDir, Faults faults) {

    /** Repeats of each window when none are asked for: enough for compare to call a change in twenty measures. */
    static final int DEFAULT_REPEATS = 8;

    static final List<Integer> DEFAULT_WINDOWS = List.of(1, 8, 64, 512);
    /** The window a soak runs unless given one: the async window of the goal. */
    static final int SOAK_WINDOW = 64;
    /** How long the sessions may take to bind. */
    static final Duration BIND_TIMEOUT = Duration.ofSeconds(10);
    /** SMPP's registered port, where a server listens unless told otherwise. */
    static final int DEFAULT_PORT = 2775;
    /** More sessions than this on one client would measure the client's threads, not SMPP. */
    static final int MAX_SESSIONS = 1000;

    /** Under {@code --faults} a run is one long sample: a window and a repeat unless asked for more. */
    static final List<Integer> FAULT_WINDOWS = List.of(8);
    /** Under {@code --faults}, three of the goal's one-a-minute flaps. */
    static final Duration FAULT_DURATION = Duration.ofMinutes(3);
    /** Under {@code --faults}, how long without any answer ends a run: longer than a restart of the SMSC's JVM. */
    static final Duration FAULT_STALL = Duration.ofSeconds(60);
    /** The port the SMSC listens on in its namespace under {@code --faults}, the same after each restart. */
    static final int FAULT_PORT = DEFAULT_PORT;

    /** Declares the options of {@code smpp}. */
    static void declare(OptionParser parser) {
        parser.accepts("window-sweep", "windows to run in turn: each session keeps W submit_sm in flight, sending the next "
                + "as soon as a response frees a place (1 is sync: send, wait, send)").withRequiredArg().describedAs("W,...")
                .defaultsTo("1,8,64,512");
        parser.accepts("sessions", "ESME sessions per window, each bound as a transceiver with its own sending thread")
                .withRequiredArg().describedAs("N").defaultsTo("4");
        parser.accepts("rate", "a fixed rate of N submit_sm/s over all sessions instead of closed loop: latency counts from"
                + " each submit_sm's intended send time (no coordinated omission); the window then caps what a session has"
                + " in flight").withRequiredArg().describedAs("N");
        parser.accepts("spin", "the ESMEs' event loops (and the SMSC's, with --role both) poll instead of blocking in"
                + " select: the OS's wake-up leaves the round trip, and each loop keeps a core busy");
        parser.accepts("smsc-reader", "how the SMSC (--role both, or a server) reads submit_sm: flyweight (in place, nothing"
                + " allocated), decode (a record per PDU), or flyweight,decode: both as cases of one run and table")
                .withRequiredArg().describedAs("R,...").defaultsTo("flyweight");
        parser.accepts("receipts", "the SMSC (with --role both) sends an SMPP delivery receipt (a deliver_sm) for every"
                + " submit_sm, whose registered_delivery asks for one, after its submit_sm_resp; the ESMEs answer each and"
                + " count them");
        parser.accepts("interval", "the interval of each run's interval log (.hlog, one per window and round)")
                .withRequiredArg().describedAs("T").defaultsTo("1s");
        parser.accepts("repeats", "runs of each window, in rounds: each round a fresh SMSC JVM (with --role both) and fresh "
                + "sessions, the windows in a shuffled order; a repeat is one sample for compare").withRequiredArg()
                .describedAs("N").defaultsTo(Integer.toString(DEFAULT_REPEATS));
        parser.accepts("duration", "measured time per window and repeat (default 3s)").withRequiredArg().describedAs("T");
        parser.accepts("warmup", "time before it (default 2s)").withRequiredArg().describedAs("T");
        parser.accepts("quick", "--warmup 1s --duration 1s (your own --warmup/--duration/--repeats win)");
        parser.accepts("faults", "run across a network namespace with faults on the link, each window once for"
                + " --duration (default 3m), window 8 unless --window-sweep says: goal (1% loss, 5ms ± 2ms each way, the link"
                + " down 500 ms every minute) or any of loss=P%,delay=T,jitter=T,flap=DOWN/EVERY,restart=T; sessions bind"
                + " again after a lost connection and every submit_sm is accounted for (needs root, iproute2, nftables)")
                .withRequiredArg().describedAs("SPEC");
        SoakPlan.declare(parser, "the SMSC's");
        CommonOptions.role(parser, "both: SMSC and ESMEs on loopback, the SMSC in a JVM of its own; server: only the SMSC, "
                + "on --bind --port, until stopped (Ctrl-C), accepting system_id wirebench, password wirebnch; client: only "
                + "the ESMEs, against --host --port of a running smpp --role server");
        parser.accepts("bind", "the SMSC's address (--role server)").withRequiredArg().describedAs("ADDR").defaultsTo("127.0.0.1");
        parser.accepts("host", "the SMSC to connect to (--role client)").withRequiredArg().describedAs("H");
        parser.accepts("port", "the SMSC's port (default " + DEFAULT_PORT + ", SMPP's own; 0: any free port, for a server)")
                .withRequiredArg().describedAs("P");
        CommonOptions.resultsDir(parser, "where the run folder goes");
    }

    /**
     * Parses the options after {@code smpp}.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static SmppOptions parse(String[] args) {
        return from(Cli.parse(SmppOptions::declare, args));
    }

    /** The options {@link #declare}d, checked. @throws IllegalArgumentException with a one-line reason */
    static SmppOptions from(OptionSet set) {
        if (!set.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + set.nonOptionArguments().get(0) + "'");
        }
        Faults faults = set.has("faults") ? Faults.parse(value(set, "faults")) : null;
        List<Integer> windows = faults != null && !set.has("window-sweep") ? FAULT_WINDOWS : windows(value(set, "window-sweep"));
        int sessions = sessions(value(set, "sessions"));
        Duration warmup = set.has("warmup") ? Durations.parse("--warmup", value(set, "warmup")) : null;
        Duration duration = set.has("duration") ? Durations.parse("--duration", value(set, "duration")) : null;
        int repeats = faults != null && !set.has("repeats") ? 1 : Flags.positiveInt("--repeats", value(set, "repeats"));
        boolean quick = set.has("quick");
        Role role = CommonOptions.role(set);
        String bind = value(set, "bind");
        String host = set.has("host") ? value(set, "host") : null;
        Integer port = set.has("port") ? Flags.port("--port", value(set, "port"), "any free port, for a server") : null;
        Path resultsDir = Path.of(value(set, "results-dir"));
        Load load = set.has("rate") ? Load.rate(Flags.positive("--rate", value(set, "rate"))) : Load.CLOSED;
        Duration interval = Durations.parse("--interval", value(set, "interval"));
        if (interval.isZero()) {
            throw new IllegalArgumentException("--interval must be above 0");
        }
        if (duration == null) {
            duration = faults != null ? FAULT_DURATION : Duration.ofSeconds(quick ? 1 : 3);
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
        if (faults != null && role != Role.BOTH) {
            throw new IllegalArgumentException("--faults runs both sides on this host, the SMSC in a namespace of its own:"
                    + " leave out --role " + role.name().toLowerCase(Locale.ROOT));
        }
        if (faults != null && set.has("spin")) {
            throw new IllegalArgumentException("--faults and --spin do not go together: a run under faults measures"
                    + " recovery, not the last microsecond, and spinning threads would starve the fault relay");
        }
        List<SmscReader> readers = readers(value(set, "smsc-reader"));
        if (faults != null && readers.size() > 1) {
            throw new IllegalArgumentException("--faults runs one SMSC, reading one way: --smsc-reader flyweight or decode");
        }
        SoakPlan soak = SoakPlan.from(set);
        if (soak != null && faults != null) {
            throw new IllegalArgumentException("--soak runs on a clean link: not with --faults");
        }
        if (soak != null) {
            if (role != Role.BOTH) {
                throw new IllegalArgumentException("--soak samples the SMSC JVM it starts: --role both only");
            }
            if (set.has("window-sweep") && windows.size() > 1) {
                throw new IllegalArgumentException("--soak runs one window: --window-sweep W (default " + SOAK_WINDOW + ")");
            }
            if (readers.size() > 1) {
                throw new IllegalArgumentException("--soak soaks one SMSC: --smsc-reader flyweight or decode");
            }
            if (set.has("repeats") && repeats > 1) {
                throw new IllegalArgumentException("--soak runs once: not with --repeats " + repeats);
            }
            windows = set.has("window-sweep") ? windows : List.of(SOAK_WINDOW);
            repeats = 1;
        }
        if (role == Role.SERVER && readers.size() > 1) {
            throw new IllegalArgumentException("an SMSC reads one way: --smsc-reader flyweight or decode with --role server");
        }
        if (role == Role.CLIENT && set.has("smsc-reader")) {
            throw new IllegalArgumentException("--smsc-reader is the SMSC's: give it to smpp --role server");
        }
        return new SmppOptions(windows, readers, sessions, load, set.has("spin"), set.has("receipts"), interval, warmup, duration, repeats, role, bind,
                host == null ? "127.0.0.1" : host, port == null ? DEFAULT_PORT : port, soak, resultsDir, faults);
    }

    private static String value(OptionSet set, String option) {
        return (String) set.valueOf(option);
    }

    private static List<SmscReader> readers(String value) {
        List<SmscReader> readers = new ArrayList<>();
        for (String part : value.split(",")) {
            SmscReader reader = switch (part.trim()) {
                case "flyweight" -> SmscReader.FLYWEIGHT;
                case "decode" -> SmscReader.DECODE;
                default -> throw new IllegalArgumentException("--smsc-reader takes flyweight, decode or flyweight,decode,"
                        + " not '" + value + "'");
            };
            if (!readers.contains(reader)) {
                readers.add(reader);
            }
        }
        return List.copyOf(readers);
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


    /** How the rig runs window {@code window}. */
    RigPlan plan(int window) {
        return new RigPlan(sessions, window, warmup, duration, interval, Idle.of(spin), BIND_TIMEOUT,
                faults == null ? RigPlan.DEFAULT_STALL : FAULT_STALL);
    }

    /** How the rig runs the soak itself: the measured time is the soak's. */
    RigPlan soakPlan(int window) {
        return new RigPlan(sessions, window, warmup, soak.duration(), interval, Idle.of(spin), BIND_TIMEOUT,
                RigPlan.DEFAULT_STALL);
    }

    /** What an interval log says ran, as merge compares it: every setting that changes the numbers. */
    Map<String, String> config(int window, SmscReader reader) {
        return config(plan(window), reader, load);
    }

    /** The same of a run as planned by {@code plan} at {@code load} (a rate of a soak's sweep, or the soak). */
    Map<String, String> config(RigPlan plan, SmscReader reader, Load load) {
        Map<String, String> config = plan.config("smpp", "submit_sm", load);
        config.put("receipts", Boolean.toString(receipts));
        config.put("smsc reader", reader == null ? "the remote SMSC's" : reader.name().toLowerCase(Locale.ROOT));
        if (faults != null) {
            config.put("faults", faults.describe());
        }
        return config;
    }

    /** One line for the report: what was run, for how long. */
    public String describe() {
        if (soak != null) {
            return "soak of " + Durations.seconds(soak.duration()) + " at " + (load.closed()
                    ? Math.round(Soak.SHARE_OF_KNEE * 100) + "% of the knee a sweep finds first (measuring "
                    + Durations.seconds(duration) + " per rate)" : load) + ", the SMSC's JVM sampled every "
                    + Durations.seconds(soak.sampleEvery()) + ", window " + windows.get(0) + ", SMSC reading by "
                    + readers.get(0).name().toLowerCase(Locale.ROOT) + ", " + sessions + " session"
                    + (sessions == 1 ? "" : "s") + (spin ? ", spinning" : ", blocking")
                    + (receipts ? ", delivery receipts" : "") + ", warm-up " + Durations.seconds(warmup);
        }
        return load + ", windows " + windows + ", SMSC reading by " + String.join(" and ", readers.stream()
                .map(r -> r.name().toLowerCase(Locale.ROOT)).toList()) + ", " + sessions + " session" + (sessions == 1 ? "" : "s")
                + (spin ? ", spinning" : ", blocking") + (receipts ? ", delivery receipts" : "") + ", warm-up "
                + Durations.seconds(warmup) + ", measured " + Durations.seconds(duration) + " per window"
                + (repeats == 1 ? "" : ", " + repeats + " repeats in rounds");
    }
}
