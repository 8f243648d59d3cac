package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.fault.DelayRelay;
import dev.wirebench.harness.fault.FaultLink;
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
 * {@code fix --faults}: each engine that can promise delivery once, as a durable session, against its server in a
 * network namespace of its own across a {@link FaultLink}, through a {@link DelayRelay} where a delay is asked
 * for, with the link flapped and the server restarted on the {@link FaultSchedule} (on the same durable
 * directory, so it carries on the session); every order is accounted for ({@link FixFaultTarget}). An engine that
 * cannot promise it is named in the table with why, and not run.
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
        long started = System.nanoTime();
        boolean failed = false;
        List<String> runnable = new ArrayList<>();
        for (String engine : options.engines()) {
            String why = FixEngines.cannotPromise(engine);
            report.promise(engine, why);
            if (why == null) {
                runnable.add(engine);
            } else {
                out.println("  " + engine + ": " + why);
            }
        }
        int done = 0;
        for (int round = 1; round <= options.repeats(); round++) {
            for (String engine : runnable) {
                done++;
                out.printf(Locale.ROOT, "[%d/%d] %s under faults%s (%.0f s elapsed)%n", done,
                        runnable.size() * options.repeats(), engine, options.repeats() == 1 ? "" : ", repeat " + round,
                        (System.nanoTime() - started) / 1e9);
                try {
                    FixFaultReport.Run r = once(engine, round, seed + done, options, folder, out);
                    report.add(r);
                    out.println("  " + FixFaultReport.oneLine(r));
                    if (r.result().failure() != null) {
                        failed = true;
                        report.failed(engine + ": " + r.result().failure());
                    }
                } catch (IOException | RuntimeException e) {
                    String why = e.getMessage() == null ? e.toString() : e.getMessage();
                    err.println("wirebench fix: " + engine + " under faults failed: " + why);
                    report.failed(engine + ": " + why);
                    failed = true;
                } finally {
                    report.write();
                }
            }
        }
        out.print(report.text());
        out.printf(Locale.ROOT, "Done in %.0f s. Run folder: %s/%n", (System.nanoTime() - started) / 1e9, folder);
        return failed ? ExitStatus.FAILED : ExitStatus.DONE;
    }

    /** One engine: a fresh link, durable directories, server, relay and schedule, all removed after. */
    private static FixFaultReport.Run once(String name, int round, long seed, FixOptions options, RunFolder folder,
                                           PrintStream out) throws IOException {
        Faults faults = options.faults();
        Path durable = Files.createTempDirectory("wirebench-fix-faults-" + name + "-");
        try (FaultLink link = FaultLink.open(faults.lossPercent())) {
            Path serverDir = Files.createDirectories(durable.resolve("server-side"));
            AtomicReference<ServerProcess> server = new AtomicReference<>(startServer(name, link, serverDir));
            FixEngine engine = FixEngines.durable(name, durable.resolve("client-side"));
            try (DelayRelay relay = faults.delays() ? DelayRelay.start(server.get().address(), faults.delay(),
                    faults.jitter(), seed) : null;
                 FixFaultTarget target = new FixFaultTarget(engine)) {
                InetSocketAddress to = relay == null ? server.get().address() : relay.address();
                RigPlan plan = options.plan(options.load(), Idle.BLOCK);
                String log = name + "-faults-round" + round + ".hlog";
                RigResult result;
                FaultSchedule schedule;
                try (IntervalLog interval = new IntervalLog(folder.resolve(log), options.config(name, options.load(), plan),
                        RunFolder.localHost(), FixTarget.RESPONSES, plan.duration().toNanos() / 1e9)) {
                    schedule = FaultSchedule.start(faults, link, faults.restarts() ? () -> {
                        server.get().close();
                        server.set(startServer(name, link, serverDir));
                    } : null, out);
                    try {
                        result = Rig.run(target, to, options.load(), plan, interval, out);
                    } finally {
                        schedule.close();
                    }
                }
                return new FixFaultReport.Run(name, result, new LinkedHashMap<>(target.counts()), target.recovery(),
                        target.reconnects(), schedule.events(), schedule.failure(), link.dropped(), link.passed(),
                        target.settings());
            } finally {
                server.get().close();
            }
        } finally {
            delete(durable);
        }
    }

    /** The engine's durable server in the link's namespace, on its address and the same port each time. */
    private static ServerProcess startServer(String engine, FaultLink link, Path durable) throws IOException {
        List<String> args = List.of("--role", "server", "--engines", engine, "--bind", link.serverAddress(), "--port",
                Integer.toString(FixOptions.DEFAULT_PORT), "--durable-dir", durable.toString(),
                ServerProcess.UNTIL_INPUT_ENDS);
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
