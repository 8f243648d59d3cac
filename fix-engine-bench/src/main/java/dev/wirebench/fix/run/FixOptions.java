package dev.wirebench.fix.run;

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

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options of {@code fix}, parsed and checked; every refusal says which option and why.
 *
 * @param faults     the faults on the link ({@code --faults}), or null for a clean link
 * @param durableDir a server's durable session directory ({@code --durable-dir}, given by {@code --faults} to the
 *                   server it starts), or null
 */
public record FixOptions(List<String> engines, Role role, String bind, String host, int port, Load load, boolean sweep,
                         int sessions, int inFlight, List<Idle> idles, Duration interval, Duration warmup, Duration duration,
                         int repeats, Duration logonTimeout, Path history, SoakPlan soak, Path resultsDir, Faults faults,
                         Path durableDir) {

    /** Under {@code --faults}, three of the goal's one-a-minute flaps. */
    static final Duration FAULT_DURATION = Duration.ofMinutes(3);
    /** Under {@code --faults}, how long without any fill ends a run: past a server restart and its resend. */
    static final Duration FAULT_STALL = Duration.ofSeconds(60);

    /**
     * Repeats of each engine when none are asked for: eight, so that a compare of two runs of four engines
     * (about forty measures, Holm-corrected) can call a change; seven would be the least.
     */
    static final int DEFAULT_REPEATS = 8;

    static final int DEFAULT_PORT = 9876;

    /**
     * Declares the options of {@code fix}.
     *
     * @param known    every engine name that exists
     * @param defaults the engines run when {@code --engines} is not given, in order
     */
    static void declare(OptionParser parser, List<String> known, List<String> defaults) {
        parser.accepts("engines", "comma-separated, in the order to run (default: " + String.join(",", defaults)
                + "; every engine is listed below)").withRequiredArg().describedAs("E,...");
        parser.accepts("repeats", "runs of each engine, in rounds, each engine in a fresh server JVM with fresh sessions, "
                + "the engines in a shuffled order each round; a repeat is one sample for compare (default "
                + DEFAULT_REPEATS + "; 1 with --sweep or --history)").withRequiredArg().describedAs("N");
        parser.accepts("duration", "measured time per repeat (default 5s)").withRequiredArg().describedAs("T");
        parser.accepts("warmup", "time before it (default 5s)").withRequiredArg().describedAs("T");
        parser.accepts("quick", "--warmup 2s --duration 2s (your own --warmup/--duration/--repeats win)");
        parser.accepts("mode", "closed: one order in flight, the next sent when the fill arrives (the default)")
                .withRequiredArg().describedAs("closed");
        parser.accepts("rate", "open loop: N orders/s on a fixed schedule; latency counts from each order's intended "
                + "send time, so stalls are not hidden (coordinated omission)").withRequiredArg().describedAs("N");
        parser.accepts("sweep", "open loop at rising rates (1000, 2000, 5000, 10000, ... orders/s) until the achieved "
                + "rate falls below 95% of the target: the knee, per engine");
        parser.accepts("sessions", "client sessions, each logged on with its own connection (default 1)")
                .withRequiredArg().describedAs("N");
        parser.accepts("in-flight", "orders each session keeps in flight in closed loop (default 1), or may have in flight"
                + " at a rate before the sender waits, late (default: no limit)").withRequiredArg().describedAs("W");
        parser.accepts("spin", "the client's threads, and the server's where the engine can, poll instead of blocking:"
                + " the OS's wake-up leaves the round trip, and each spinning thread keeps a core busy (--idle spin)");
        parser.accepts("idle", "how threads wait, each mode a case of the same rounds and table: block, spin, or"
                + " block,spin (default block)").withRequiredArg().describedAs("MODE,...");
        parser.accepts("interval", "the interval of each client's interval log (.hlog, one per engine, load and round)")
                .withRequiredArg().describedAs("T").defaultsTo("1s");
        parser.accepts("history", "every message the client sends and receives as <nanotime>;<FIX message>, one file "
                + "per engine (FILE with the engine's name before the extension)").withRequiredArg().describedAs("FILE");
        parser.accepts("faults", "run across a network namespace with faults on the link, each engine once for --duration"
                + " (default 3m): goal (1% loss, 5ms ± 2ms each way, the link down 500 ms every minute) or any of"
                + " loss=P%,delay=T,jitter=T,flap=DOWN/EVERY,restart=T; an engine whose configuration keeps a store runs"
                + " a durable session (resend after a gap, each ClOrdID executed once) and every order is accounted for;"
                + " the others are named with why they cannot promise delivery (needs root, iproute2, nftables)")
                .withRequiredArg().describedAs("SPEC");
        parser.accepts("durable-dir", "a server's durable session directory (what --faults gives the server it starts)")
                .withRequiredArg().describedAs("DIR");
        SoakPlan.declare(parser, "the server's");
        CommonOptions.role(parser, "both: server and client on loopback, the server in its own JVM; server: only the "
                + "server of one engine, on --bind --port, until stopped (Ctrl-C); client: only the client of one engine, "
                + "against --host --port");
        parser.accepts("bind", "the server's address (--role server)").withRequiredArg().describedAs("ADDR")
                .defaultsTo("127.0.0.1");
        parser.accepts("host", "the server to connect to (--role client)").withRequiredArg().describedAs("H");
        parser.accepts("port", "the server's port (default " + DEFAULT_PORT + "; 0: any free port, for a server)")
                .withRequiredArg().describedAs("P");
        parser.accepts("logon-timeout", "how long to wait for the Logon answer").withRequiredArg().describedAs("T")
                .defaultsTo("10s");
        CommonOptions.resultsDir(parser, "where the run folder goes");
    }

    /**
     * Parses the options after {@code fix}.
     *
     * @param known    every engine name that exists
     * @param defaults the engines run when {@code --engines} is not given, in order
     * @throws IllegalArgumentException with a one-line reason
     */
    public static FixOptions parse(String[] args, List<String> known, List<String> defaults) {
        return from(Cli.parse(p -> declare(p, known, defaults), args), known, defaults);
    }

    /**
     * The options {@link #declare}d, checked.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    static FixOptions from(OptionSet set, List<String> known, List<String> defaults) {
        if (!set.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + set.nonOptionArguments().get(0) + "'");
        }
        List<String> engines = set.has("engines") ? engines(value(set, "engines"), known) : defaults;
        Role role = CommonOptions.role(set);
        String bind = value(set, "bind");
        String host = set.has("host") ? value(set, "host") : null;
        Integer port = set.has("port") ? Flags.port("--port", value(set, "port"), "any free port, for a server") : null;
        boolean sweep = set.has("sweep");
        boolean quick = set.has("quick");
        if (set.has("mode") && !value(set, "mode").equals("closed")) {
            throw new IllegalArgumentException("--mode takes 'closed' (for open loop use --rate N or --sweep), not '"
                    + value(set, "mode") + "'");
        }
        Load load = set.has("rate") ? Load.rate(Flags.positive("--rate", value(set, "rate"))) : Load.CLOSED;
        int sessions = set.has("sessions") ? Flags.positiveInt("--sessions", value(set, "sessions")) : 1;
        Integer inFlight = set.has("in-flight") ? Flags.positiveInt("--in-flight", value(set, "in-flight")) : null;
        Duration interval = Durations.parse("--interval", value(set, "interval"));
        Duration warmup = set.has("warmup") ? Durations.parse("--warmup", value(set, "warmup")) : null;
        Duration duration = set.has("duration") ? Durations.parse("--duration", value(set, "duration")) : null;
        Integer repeats = set.has("repeats") ? Flags.positiveInt("--repeats", value(set, "repeats")) : null;
        Duration logonTimeout = Durations.parse("--logon-timeout", value(set, "logon-timeout"));
        Path history = set.has("history") ? Path.of(value(set, "history")) : null;
        Path resultsDir = Path.of(value(set, "results-dir"));
        Faults faults = set.has("faults") ? Faults.parse(value(set, "faults")) : null;
        Path durableDir = set.has("durable-dir") ? Path.of(value(set, "durable-dir")) : null;
        if (faults != null) {
            if (role != Role.BOTH) {
                throw new IllegalArgumentException("--faults runs both sides on this host, the server in a namespace of"
                        + " its own: leave out --role " + role.name().toLowerCase(Locale.ROOT));
            }
            if (sweep || history != null || set.has("spin") || set.has("idle") || sessions != 1) {
                throw new IllegalArgumentException("--faults runs one blocking durable session per engine: not with"
                        + " --sweep, --history, --spin, --idle or --sessions");
            }
            if (duration == null) {
                duration = FAULT_DURATION;
            }
            if (repeats == null) {
                repeats = 1;
            }
        }
        if (durableDir != null && role != Role.SERVER) {
            throw new IllegalArgumentException("--durable-dir is a server's: --faults gives it to the server it starts");
        }
        SoakPlan soak = SoakPlan.from(set);
        if (soak != null && faults != null) {
            throw new IllegalArgumentException("--soak runs on a clean link: not with --faults");
        }
        if (soak != null) {
            soakAlone(set, role, engines, known, repeats);
        }
        if ((set.has("rate") ? 1 : 0) + (sweep ? 1 : 0) + (set.has("mode") ? 1 : 0) > 1) {
            throw new IllegalArgumentException("choose one of --mode closed, --rate N and --sweep");
        }
        if (duration == null) {
            duration = quick ? Duration.ofSeconds(2) : Duration.ofSeconds(5);
        }
        if (warmup == null) {
            warmup = quick ? Duration.ofSeconds(2) : Duration.ofSeconds(5);
        }
        boolean once = sweep || history != null || soak != null;
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
        if (interval.isZero()) {
            throw new IllegalArgumentException("--interval must be above 0");
        }
        if (history != null && sessions > 1) {
            throw new IllegalArgumentException("--history keeps one session's conversation: not with --sessions " + sessions);
        }
        if (inFlight == null) {
            inFlight = load.closed() && !sweep && soak == null ? 1 : RigPlan.UNLIMITED;
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
                port == null ? DEFAULT_PORT : port, load, sweep, sessions, inFlight, idles(set, role), interval, warmup,
                duration, repeats, logonTimeout, history, soak, resultsDir, faults, durableDir);
    }

    /** Refuses what a soak (one server JVM, one run, at a fixed rate) cannot be combined with. */
    private static void soakAlone(OptionSet set, Role role, List<String> engines, List<String> known, Integer repeats) {
        if (role != Role.BOTH) {
            throw new IllegalArgumentException("--soak samples the server JVM it starts: --role both only");
        }
        if (engines.size() != 1) {
            throw new IllegalArgumentException("--soak soaks one server: pass --engines with one of " + String.join(", ", known));
        }
        for (String other : List.of("sweep", "mode", "history", "idle")) {
            if (set.has(other) && !(other.equals("idle") && !value(set, "idle").contains(","))) {
                throw new IllegalArgumentException("--soak " + switch (other) {
                    case "sweep" -> "sweeps to the knee itself: not with --sweep";
                    case "mode" -> "runs at a fixed rate: not with --mode closed";
                    case "history" -> "keeps no history of its orders: not with --history";
                    default -> "waits one way: --idle block or --idle spin";
                });
            }
        }
        if (repeats != null && repeats > 1) {
            throw new IllegalArgumentException("--soak runs once: not with --repeats " + repeats);
        }
    }

    private static List<Idle> idles(OptionSet set, Role role) {
        if (set.has("spin") && set.has("idle")) {
            throw new IllegalArgumentException("--spin is --idle spin: give one of them");
        }
        if (!set.has("idle")) {
            return List.of(set.has("spin") ? Idle.SPIN : Idle.BLOCK);
        }
        List<Idle> idles = new ArrayList<>();
        for (String mode : value(set, "idle").split(",")) {
            Idle idle = switch (mode.trim()) {
                case "block" -> Idle.BLOCK;
                case "spin" -> Idle.SPIN;
                default -> throw new IllegalArgumentException("--idle takes block, spin or block,spin, not '"
                        + value(set, "idle") + "'");
            };
            if (!idles.contains(idle)) {
                idles.add(idle);
            }
        }
        if (role == Role.SERVER && idles.size() > 1) {
            throw new IllegalArgumentException("a server waits one way: --idle block or --idle spin with --role server");
        }
        return List.copyOf(idles);
    }

    private static String value(OptionSet set, String option) {
        return (String) set.valueOf(option);
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
        String how = soak != null ? "soak of " + Durations.seconds(soak.duration()) + " at " + (load.closed()
                ? Math.round(Soak.SHARE_OF_KNEE * 100) + "% of the knee a sweep finds first" : load) + ", the server JVM"
                + " sampled every " + Durations.seconds(soak.sampleEvery())
                : sweep ? "rate sweep (fixed rates to the knee)" : load.toString();
        String measured = soak == null ? ", measured " + Durations.seconds(duration) + " per engine" + (sweep ? " per rate" : "")
                : load.closed() ? ", the sweep measuring " + Durations.seconds(duration) + " per rate" : "";
        return how + ", " + sessions + (sessions == 1 ? " session" : " sessions") + (inFlight == RigPlan.UNLIMITED ? ""
                : " x " + inFlight + " in flight") + ", " + String.join(" and ", idles.stream()
                .map(i -> i == Idle.SPIN ? "spinning" : "blocking").toList()) + ", warm-up "
                + Durations.seconds(warmup) + measured + (repeats == 1 ? "" : ", " + repeats + " repeats in rounds");
    }

    /** Whether a server ({@code --role server}, one mode) spins. */
    boolean spin() {
        return idles.contains(Idle.SPIN);
    }

    /** How the rig runs one measurement at {@code load} in the first mode asked for. */
    RigPlan plan(Load load) {
        return plan(load, idles.get(0));
    }

    /** How the rig runs one measurement at {@code load}, its threads waiting as {@code idle}. */
    RigPlan plan(Load load, Idle idle) {
        return new RigPlan(sessions, load.closed() && inFlight == RigPlan.UNLIMITED ? 1 : inFlight, warmup, duration,
                interval, idle, logonTimeout, faults == null ? RigPlan.DEFAULT_STALL : FAULT_STALL);
    }

    /** How the rig runs the soak itself at {@code load}: the measured time is the soak's. */
    RigPlan soakPlan(Load load, Idle idle) {
        RigPlan p = plan(load, idle);
        return new RigPlan(p.sessions(), p.inFlight(), p.warmup(), soak.duration(), p.window(), p.idle(),
                p.connectTimeout(), p.stall());
    }

    /** What an interval log says ran, as merge compares it: every setting that changes the numbers. */
    Map<String, String> config(String engine, Load load, RigPlan plan) {
        Map<String, String> config = plan.config("fix", engine, load);
        if (faults != null) {
            config.put("faults", faults.describe());
        }
        return config;
    }
}
