package dev.wirebench.harness.rig;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class RigTest {

    private static final PrintStream QUIET = new PrintStream(new ByteArrayOutputStream());

    private static RigPlan plan(int sessions, int inFlight) {
        return RigPlan.of(sessions, inFlight, Duration.ofMillis(300), Duration.ofMillis(1000), Idle.BLOCK,
                Duration.ofSeconds(10)).withWindow(Duration.ofMillis(250));
    }

    @Test
    void shouldKeepExactlyWInFlightPerSessionInClosedLoopAndTimeEveryMeasuredRequest() throws Exception {
        EchoTarget target = new EchoTarget();
        List<Long> windowCounts = new ArrayList<>();
        List<Integer> indexes = new ArrayList<>();
        RigResult r;
        try (EchoTarget.Server server = new EchoTarget.Server()) {
            r = Rig.run(target, server.address(), Load.CLOSED, plan(2, 3), (index, from, to, latency) -> {
                indexes.add(index);
                windowCounts.add(latency.get(1).getTotalCount());
                assertTrue(to > from, "a window ends after it starts");
            }, QUIET);
        }
        assertNull(r.failure());
        assertEquals(3, target.maxInFlight.get(), "never more than W in flight, and W reached");
        assertTrue(r.completed() > 100, "completed " + r.completed());
        assertEquals(r.sent(), r.completed(), "every measured request completed");
        assertEquals(r.completed(), r.completing().getTotalCount());
        assertEquals(r.completed(), r.latency("ack").getTotalCount(), "each completed request had its ack timed");
        assertEquals(List.of(0, 1, 2, 3), indexes, "the measured second in four windows of 250 ms");
        assertEquals(windowCounts, r.completedPerWindow());
        assertEquals(r.completed(), windowCounts.stream().mapToLong(Long::longValue).sum());
        assertTrue(r.latency("ack").getMaxValue() <= r.completing().getMaxValue() * 1.01 + 1);
        assertEquals(0, r.senderLag().getTotalCount(), "no sender in closed loop");
    }

    @Test
    void shouldSendEveryScheduledRequestAtAFixedRateAndRecordTheSendersLag() throws Exception {
        RigResult r;
        try (EchoTarget.Server server = new EchoTarget.Server()) {
            r = Rig.run(new EchoTarget(), server.address(), Load.rate(2000), plan(2, RigPlan.UNLIMITED),
                    WindowListener.NONE, QUIET);
        }
        assertNull(r.failure());
        // the schedule puts exactly rate x measured time in the measured time, however late they leave
        assertTrue(Math.abs(r.sent() - 2000) <= 1, "sent " + r.sent());
        assertEquals(r.sent(), r.completed());
        assertEquals(r.sent(), r.senderLag().getTotalCount());
        assertEquals(r.completed(), r.completing().getTotalCount());
    }

    @Test
    void shouldKeepWhatWasMeasuredAndSayWhenTheServerDied() throws Exception {
        EchoTarget.Server server = new EchoTarget.Server();
        RigResult r = Rig.run(new EchoTarget(), server.address(), Load.CLOSED, plan(1, 1), (index, from, to, latency) -> {
            if (index == 1) {
                try {
                    server.close();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
            }
        }, QUIET);
        assertTrue(r.failure() != null && r.failure().contains("the session closed")
                && r.failure().contains("into the measured time"), r.failure());
        assertTrue(r.completed() > 0, "what was measured before is kept");
        assertEquals(r.completed(), r.completing().getTotalCount());
    }

    @Test
    void shouldEndAStalledRunAndSaySo() throws Exception {
        RigResult r;
        try (EchoTarget.Server server = new EchoTarget.Server()) {
            RigPlan plan = plan(1, 2).withStall(Duration.ofMillis(500));
            r = Rig.run(new EchoTarget(), server.address(), Load.CLOSED, plan, (index, from, to, latency) -> {
                if (index == 0) {
                    server.answering = false;
                }
            }, QUIET);
        }
        assertTrue(r.failure() != null && r.failure().contains("stalled"), r.failure());
        assertTrue(r.completed() > 0);
    }

    @Test
    void shouldLeaveTheRigsOwnIntervalLogOutOfTheClientsAllocation(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        RigResult r;
        RigPlan plan = plan(1, 1).withWindow(Duration.ofMillis(20));
        try (EchoTarget.Server server = new EchoTarget.Server();
             dev.wirebench.harness.hdr.IntervalLog log = new dev.wirebench.harness.hdr.IntervalLog(dir.resolve("echo.hlog"),
                     Map.of("target", "echo"), "host", List.of("ack", "fill"), 1)) {
            r = Rig.run(new EchoTarget(), server.address(), Load.CLOSED, plan, log, QUIET);
        }
        assertNull(r.failure());
        // fifty windows of two compressed histograms each: hundreds of bytes a request, were they counted
        assertTrue(r.bytesPerRequest() >= 0 && r.bytesPerRequest() < 16, r.bytesPerRequest() + " B per request");
    }

    @Test
    void shouldRefuseClosedLoopWithoutALimitInFlight() {
        assertThrows(IllegalArgumentException.class, () -> Rig.run(new EchoTarget(), null, Load.CLOSED,
                plan(1, RigPlan.UNLIMITED), WindowListener.NONE, QUIET));
    }

    @Test
    void shouldCountWindowsWithoutCompletionsBetweenOthersAsStalls() {
        RigResult r = new RigResult("x", Load.CLOSED, plan(1, 1), List.of("r"), List.of(new Histogram(2)),
                new Histogram(2), List.of(0L, 5L, 0L, 0L, 7L, 0L), 12, 12, 0, 0, 0, 12, 0, 0, 0, 1.0, Map.of(), null);
        assertEquals(2, r.stalledWindows());
    }
}
