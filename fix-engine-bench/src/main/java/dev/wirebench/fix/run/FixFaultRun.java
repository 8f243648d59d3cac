package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.fault.DelayRelay;
import dev.wirebench.harness.fault.FaultLink;
import dev.wirebench.harness.fault.FaultRounds;
import dev.wirebench.harness.fault.FaultSchedule;
import dev.wirebench.harness.fault.Faults;
import dev.wirebench.harness.hdr.IntervalLog;
import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

/**
 * {@code fix --faults}: each engine once against its server in a network namespace of its own across a
 * {@link FaultLink}, through a {@link DelayRelay} where a delay is asked for, with the link flapped and the server
 * restarted on the {@link FaultSchedule}; every order is accounted for ({@link FixFaultTarget}). An engine that can
 * promise delivery runs a durable session, its server restarted on the same durable directory so that it carries on
 * the session; the others, named in the table with why they cannot promise it, run as benchmarked with a new session
 * after each lost connection, and what they lose is counted.
 */
final class FixFaultRun {

    private FixFaultRun() {
    }

    static ExitStatus run(FixOptions options, PrintStream out, PrintStream err) {
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "fix", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        Faults faults = options.faults();
        long seed = new Random().nextLong();
        FixFaultReport report = new FixFaultReport(folder, options, seed);
        out.println("wirebench fix --faults: " + faults.describe() + "; " + options.describe());
        out.println("Results go to " + folder + "/");
        for (String engine : options.engines()) {
            String why = FixEngines.cannotPromise(engine);
            report.promise(engine, why);
            if (why != null) {
                out.println("  " + engine + ": " + why + (FixEngines.hasDurableSetUp(engine) ? "" : "; run with a new"
                        + " session after each lost connection, what it loses counted"));
            }
        }
        return FaultRounds.run("fix", folder, options.engines(), engine -> engine, options.repeats(), seed,
                (engine, round, caseSeed) -> once(engine, round, caseSeed, options, folder, out), report, out, err);
    }

    /** One engine: a fresh link, durable directories, server, relay and schedule, all removed after. */
    private static FixFaultReport.Run once(String name, int round, long seed, FixOptions options, RunFolder folder,
                                           PrintStream out) throws IOException {
        Faults faults = options.faults();
        boolean durableSetUp = FixEngines.hasDurableSetUp(name);
        Path durable = Files.createTempDirectory("wirebench-fix-faults-" + name + "-");
        try (FaultLink link = FaultLink.open(faults.lossPercent())) {
            Path serverDir = durableSetUp ? Files.createDirectories(durable.resolve("server-side")) : null;
            AtomicReference<ServerProcess> server = new AtomicReference<>(startServer(name, link, serverDir));
            FixEngine engine = durableSetUp ? FixEngines.durable(name, durable.resolve("client-side"))
                    : FixEngines.create(name);
            try (DelayRelay relay = faults.delays() ? DelayRelay.start(server.get().address(), faults.delay(),
                    faults.jitter(), seed) : null;
                 FixFaultTarget target = new FixFaultTarget(engine, durableSetUp)) {
                InetSocketAddress to = relay == null ? server.get().address() : relay.address();
                RigPlan plan = options.plan(options.load(), Idle.BLOCK);
                String log = name + "-faults-round" + round + ".hlog";
                FaultRounds.Faulted<RigResult> run;
                try (IntervalLog interval = new IntervalLog(folder.resolve(log), options.config(name, options.load(), plan),
                        RunFolder.localHost(), FixTarget.RESPONSES, plan.duration().toNanos() / 1e9)) {
                    run = FaultRounds.during(faults, link, () -> {
                        server.get().close();
                        server.set(startServer(name, link, serverDir));
                    }, out, () -> Rig.run(target, to, options.load(), plan, interval, out));
                }
                return new FixFaultReport.Run(name, run.result(), new LinkedHashMap<>(target.counts()), target.recovery(),
                        target.reconnects(), run.link(), target.settings());
            } finally {
                server.get().close();
            }
        } finally {
            delete(durable);
        }
    }

    /**
     * The engine's server in the link's namespace, on its address and the same port each time: durable on
     * {@code durable}, or, null, as benchmarked.
     */
    private static ServerProcess startServer(String engine, FaultLink link, Path durable) throws IOException {
        List<String> args = new ArrayList<>(List.of("--role", "server", "--engines", engine, "--bind",
                link.serverAddress(), "--port", Integer.toString(FixOptions.DEFAULT_PORT)));
        if (durable != null) {
            args.addAll(List.of("--durable-dir", durable.toString()));
        }
        args.add(ServerProcess.UNTIL_INPUT_ENDS);
        return ServerProcess.start("the " + engine + " server", link.prefix(), FixEngines.jvmFlags(engine),
                FixCommand.class, args, ServerProcess.START_TIMEOUT);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete " + dir + ": remove it by hand", e);
        }
    }
}
