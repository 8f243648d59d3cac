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

    @Test
    @Timeout(120)
    void shouldFindALinkThatIsDownDeadWithinTheKeepAliveAndTheTimeoutAndBindAgainOnceItIsBack() throws Exception {
        dev.wirebench.harness.fault.FaultLink link;
        try {
            link = dev.wirebench.harness.fault.FaultLink.open(0);
        } catch (java.io.IOException e) {
            org.junit.jupiter.api.Assumptions.abort("the fault link cannot be made here: " + e.getMessage());
            return;
        }
        SmppFaultTarget target = new SmppFaultTarget(8);
        try (link; dev.wirebench.harness.ServerProcess smsc = dev.wirebench.harness.ServerProcess.start("the SMSC",
                link.prefix(), java.util.List.of(), SmppCommand.class, java.util.List.of("--role", "server", "--bind",
                        link.serverAddress(), "--port", "2775", dev.wirebench.harness.ServerProcess.UNTIL_INPUT_ENDS),
                dev.wirebench.harness.ServerProcess.START_TIMEOUT)) {
            RigPlan plan = new RigPlan(2, 8, Duration.ofMillis(500), Duration.ofSeconds(20), RigPlan.DEFAULT_WINDOW,
                    Idle.BLOCK, Duration.ofSeconds(10), Duration.ofSeconds(60));
            CompletableFuture<RigResult> run = CompletableFuture.supplyAsync(() -> {
                try {
                    return Rig.run(target, smsc.address(), Load.CLOSED, plan, WindowListener.NONE, QUIET);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            assertTrue(Poll.until(() -> target.counts().get(FaultCounts.ANSWERED) > 1_000, 30_000), "traffic before");
            link.down();
            long down = System.nanoTime();
            try {
                // nothing closes the connections but the keep-alive: no FIN or RST crosses a link that is down
                assertTrue(Poll.until(() -> target.counts().get(FaultCounts.DEAD_LINKS) >= 2, 20_000),
                        "both sessions found the link dead: " + target.counts());
                long found = System.nanoTime() - down;
                long bound = SmppFaultTarget.ENQUIRE_LINK.plus(SmppTarget.REQUEST_TIMEOUT).plusSeconds(1).toNanos();
                assertTrue(found < bound, "found dead after " + found / 1e6 + " ms");
            } finally {
                link.up();
            }
            assertTrue(Poll.until(() -> target.counts().get(FaultCounts.RECONNECTS) >= 2, 20_000),
                    "both bound again once the link was back: " + target.counts());
            long answered = target.counts().get(FaultCounts.ANSWERED);
            assertTrue(Poll.until(() -> target.counts().get(FaultCounts.ANSWERED) > answered + 1_000, 20_000),
                    "answers again: " + target.counts());
            RigResult result = run.get(60, TimeUnit.SECONDS);
            assertNull(result.failure());
            Map<String, Long> counts = target.counts();
            assertEquals(0, counts.get(FaultCounts.UNACCOUNTED), counts.toString());
            assertEquals(0, counts.get(FaultCounts.SLOTS_HELD), counts.toString());
        } finally {
            target.close();
        }
    }
}
