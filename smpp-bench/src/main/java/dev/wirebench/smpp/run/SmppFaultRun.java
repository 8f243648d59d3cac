package dev.wirebench.smpp.run;

import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.fault.DelayRelay;
import dev.wirebench.harness.fault.FaultLink;
import dev.wirebench.harness.fault.FaultRounds;
import dev.wirebench.harness.fault.Faults;
import dev.wirebench.harness.hdr.IntervalLog;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.server.SmscReader;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code smpp --faults}: each window (and repeat) once against an SMSC in a network namespace of its own, across
 * a {@link FaultLink} that loses packets, through a {@link DelayRelay} where a delay is asked for, with the link
 * flapped and the SMSC restarted on the {@link FaultSchedule}; the ESMEs bind again after every lost connection
 * ({@link SmppFaultTarget}), and the table accounts for every submit_sm.
 */
final class SmppFaultRun {

    /**
     * How long the SMSC is given, after the ESMEs closed, to let their connections go: its idle timeout, which frees a
     * session whose peer vanished without a word, and a margin.
     */
    static final Duration RELEASE_WITHIN = SmscConfig.DEFAULT_IDLE_TIMEOUT.plusSeconds(10);

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
        return FaultRounds.run("smpp", folder, options.windows(), window -> "window " + window, options.repeats(), seed,
                (window, round, caseSeed) -> once(window, round, caseSeed, options, folder, out), report, out, err);
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
                FaultRounds.Faulted<RigResult> run;
                try (IntervalLog log = new IntervalLog(folder.resolve(name), options.config(window, reader),
                        RunFolder.localHost(), target.responses(), plan.duration().toNanos() / 1e9)) {
                    run = FaultRounds.during(faults, link, () -> {
                        smsc.get().close();
                        smsc.set(startSmsc(link, options, reader));
                    }, out, () -> Rig.run(target, to, options.load(), plan, log, out));
                }
                // the ESMEs unbind and close: a connection the SMSC holds past its idle timeout is a dead session kept
                target.close();
                FaultLink.Held held = link.awaitReleased(SmppOptions.FAULT_PORT, RELEASE_WITHIN);
                Map<String, Long> counts = new LinkedHashMap<>(target.counts());
                counts.put(FaultCounts.SMSC_HELD, (long) held.connections());
                return new SmppFaultReport.Run(window, run.result(), counts, target.reconnects(), run.link(),
                        relay == null ? 0 : relay.connections(), held.seconds());
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
