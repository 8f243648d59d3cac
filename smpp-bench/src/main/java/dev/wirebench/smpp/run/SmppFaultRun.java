package dev.wirebench.smpp.run;

import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.fault.DelayRelay;
import dev.wirebench.harness.fault.FaultLink;
import dev.wirebench.harness.fault.FaultSchedule;
import dev.wirebench.harness.fault.Faults;
import dev.wirebench.harness.hdr.IntervalLog;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.smpp.server.SmscReader;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code smpp --faults}: each window (and repeat) once against an SMSC in a network namespace of its own, across
 * a {@link FaultLink} that loses packets, through a {@link DelayRelay} where a delay is asked for, with the link
 * flapped and the SMSC restarted on the {@link FaultSchedule}; the ESMEs bind again after every lost connection
 * ({@link SmppFaultTarget}), and the table accounts for every submit_sm.
 */
final class SmppFaultRun {

    private SmppFaultRun() {
    }

    static ExitStatus run(SmppOptions options, PrintStream out, PrintStream err) {
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "smpp", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        Faults faults = options.faults();
        long seed = new Random().nextLong();
        SmppFaultReport report = new SmppFaultReport(folder, options, seed);
        out.println("wirebench smpp --faults: " + faults.describe() + "; " + options.describe());
        out.println("Results go to " + folder + "/");
        long started = System.nanoTime();
        boolean failed = false;
        int total = options.windows().size() * options.repeats();
        int done = 0;
        for (int round = 1; round <= options.repeats(); round++) {
            for (int window : options.windows()) {
                done++;
                out.printf(Locale.ROOT, "[%d/%d] window %d under faults%s (%.0f s elapsed)%n", done, total, window,
                        options.repeats() == 1 ? "" : ", repeat " + round, (System.nanoTime() - started) / 1e9);
                try {
                    SmppFaultReport.Run r = once(window, round, seed + done, options, folder, out);
                    report.add(r);
                    out.println("  " + SmppFaultReport.oneLine(r));
                    if (r.result().failure() != null) {
                        failed = true;
                        report.failed("window " + window + ": " + r.result().failure());
                    }
                } catch (IOException | RuntimeException e) {
                    String why = e.getMessage() == null ? e.toString() : e.getMessage();
                    err.println("wirebench smpp: window " + window + " under faults failed: " + why);
                    report.failed("window " + window + ": " + why);
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

    /** One window: a fresh link, SMSC, relay and schedule, torn down after. */
    private static SmppFaultReport.Run once(int window, int round, long seed, SmppOptions options, RunFolder folder,
                                            PrintStream out) throws IOException {
        Faults faults = options.faults();
        SmscReader reader = options.readers().get(0);
        try (FaultLink link = FaultLink.open(faults.lossPercent())) {
            AtomicReference<ServerProcess> smsc = new AtomicReference<>(startSmsc(link, options, reader));
            try (DelayRelay relay = faults.delays() ? DelayRelay.start(smsc.get().address(), faults.delay(),
                    faults.jitter(), seed) : null;
                 SmppFaultTarget target = new SmppFaultTarget(window)) {
                InetSocketAddress to = relay == null ? smsc.get().address() : relay.address();
                RigPlan plan = options.plan(window);
                String name = "window-" + window + "-faults-round" + round + ".hlog";
                RigResult result;
                List<FaultSchedule.Event> events;
                String scheduleFailure;
                try (IntervalLog log = new IntervalLog(folder.resolve(name), options.config(window, reader),
                        RunFolder.localHost(), target.responses(), plan.duration().toNanos() / 1e9)) {
                    // the schedule starts with the rig, so the first flap falls one period into the run
                    FaultSchedule schedule = FaultSchedule.start(faults, link, faults.restarts() ? () -> {
                        smsc.get().close();
                        smsc.set(startSmsc(link, options, reader));
                    } : null, out);
                    try {
                        result = Rig.run(target, to, options.load(), plan, log, out);
                    } finally {
                        schedule.close();
                    }
                    events = schedule.events();
                    scheduleFailure = schedule.failure();
                }
                return new SmppFaultReport.Run(window, result, new java.util.LinkedHashMap<>(target.counts()),
                        target.reconnects(), events, scheduleFailure, link.dropped(), link.passed(),
                        relay == null ? 0 : relay.connections());
            } finally {
                smsc.get().close();
            }
        }
    }

    /** The SMSC in the link's namespace, on its address and the same port each time. */
    private static ServerProcess startSmsc(FaultLink link, SmppOptions options, SmscReader reader) throws IOException {
        List<String> args = new ArrayList<>(List.of("--role", "server", "--bind", link.serverAddress(), "--port",
                Integer.toString(SmppOptions.FAULT_PORT), "--smsc-reader", reader.name().toLowerCase(Locale.ROOT),
                ServerProcess.UNTIL_INPUT_ENDS));
        if (options.receipts()) {
            args.add("--receipts");
        }
        return ServerProcess.start("the SMSC", link.prefix(), List.of("-Dio.netty.leakDetection.level=disabled"),
                SmppCommand.class, args, ServerProcess.START_TIMEOUT);
    }
}
