package dev.wirebench.smpp.run;

import dev.wirebench.harness.fault.DelayRelay;
import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.Load;
import dev.wirebench.harness.rig.Rig;
import dev.wirebench.harness.rig.RigPlan;
import dev.wirebench.harness.rig.RigResult;
import dev.wirebench.harness.rig.WindowListener;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;
import dev.wirebench.smpp.testkit.Poll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ESME under faults on loopback: an SMSC that goes away and comes back, through a relay that holds each chunk. */
class SmppFaultTargetTest {

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private static SmscConfig smsc(int port) {
        return SmscConfig.of(Map.of(SmppTarget.SYSTEM_ID, SmppTarget.PASSWORD)).withPort(port);
    }

    @Test
    @Timeout(120)
    void shouldBindAgainAfterTheSmscRestartsAndAccountForEverySubmit() throws Exception {
        Smsc first = Smsc.start(smsc(0));
        int port = first.port();
        SmppFaultTarget target = new SmppFaultTarget(8);
        try (DelayRelay relay = DelayRelay.start(new InetSocketAddress("127.0.0.1", port), Duration.ofMillis(2),
                Duration.ofMillis(1), 1)) {
            RigPlan plan = new RigPlan(2, 8, Duration.ofMillis(500), Duration.ofSeconds(6), RigPlan.DEFAULT_WINDOW,
                    Idle.BLOCK, Duration.ofSeconds(10), Duration.ofSeconds(20));
            CompletableFuture<RigResult> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return Rig.run(target, relay.address(), Load.CLOSED, plan, WindowListener.NONE, QUIET);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertTrue(Poll.until(() -> target.counts().get(FaultCounts.ANSWERED) > 1_000, 30_000), "traffic before");
            first.close();
            long answeredBefore;
            try (Smsc second = Smsc.start(smsc(port))) {
                answeredBefore = target.counts().get(FaultCounts.ANSWERED);
                RigResult result = run.get(60, TimeUnit.SECONDS);
                assertNull(result.failure(), "the run carried on through the restart");
                Map<String, Long> counts = target.counts();
                assertEquals(0, counts.get(FaultCounts.UNACCOUNTED), counts.toString());
                assertEquals(0, counts.get(FaultCounts.SLOTS_HELD), "no window slot leaked: " + counts);
                assertTrue(counts.get(FaultCounts.RECONNECTS) >= 2, "both sessions bound again: " + counts);
                assertTrue(counts.get(FaultCounts.ANSWERED) > answeredBefore + 1_000, "answers after the restart: " + counts);
                assertEquals(counts.get(FaultCounts.RECONNECTS), target.reconnects().getTotalCount());
                assertTrue(second.stats().sessionsAccepted() >= 2, "the new SMSC took the new binds");
            }
        } finally {
            target.close();
            first.close();
        }
    }
}
