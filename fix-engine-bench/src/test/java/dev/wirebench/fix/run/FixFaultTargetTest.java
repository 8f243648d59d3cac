package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.harness.rig.Responses;
import dev.wirebench.harness.rig.Transceiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ledger of {@link FixFaultTarget} against a scripted engine: each way an order can end, counted once. */
class FixFaultTargetTest {

    private static final FixText NO_TEXT = out -> { };

    /** What the rig heard: one completion per request is the contract. */
    private static final class Heard implements Responses {
        final List<Long> fills = new ArrayList<>();
        final List<Long> acks = new ArrayList<>();
        final List<Long> failures = new ArrayList<>();

        @Override
        public synchronized void onResponse(int kind, long stamp, long arrived) {
            (kind == 0 ? acks : fills).add(stamp);
        }

        @Override
        public synchronized void onFailure(long stamp, boolean timedOut) {
            failures.add(stamp);
        }

        @Override
        public void onClosed(String why) {
            throw new AssertionError("a durable session never ends the run: " + why);
        }
    }

    /** An engine whose server is the test: each order is answered by the script, on the sending thread. */
    private static final class Scripted implements FixEngine {
        volatile ReportListener listener;
        final List<Long> orders = new java.util.concurrent.CopyOnWriteArrayList<>();
        final java.util.concurrent.atomic.AtomicInteger connects = new java.util.concurrent.atomic.AtomicInteger();

        @Override
        public String name() {
            return "scripted";
        }

        @Override
        public Map<String, String> settings() {
            return Map.of();
        }

        @Override
        public FixServer startServer(InetSocketAddress bind) {
            throw new UnsupportedOperationException();
        }

        @Override
        public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) {
            this.listener = listener;
            connects.incrementAndGet();
            return new FixClient() {
                @Override
                public void sendOrder(long stamp) {
                    orders.add(stamp);
                }

                @Override
                public void appendLastOrder(StringBuilder out) {
                }

                @Override
                public void close() {
                }
            };
        }
    }

    @Test
    void shouldCountEachWayAnOrderEndsOnceAndTellTheRigOnce() throws Exception {
        Scripted engine = new Scripted();
        Heard heard = new Heard();
        try (FixFaultTarget target = new FixFaultTarget(engine, true)) {
            Transceiver session = target.connect(new InetSocketAddress("127.0.0.1", 1), List.of(heard),
                    Duration.ofSeconds(1)).get(0);
            long now = System.nanoTime();
            // two requests meant for the same nanosecond, and four more
            for (int i = 0; i < 6; i++) {
                session.send(i < 2 ? now : now + 1_000 * i);
            }
            List<Long> ids = engine.orders;
            assertEquals(6, ids.stream().distinct().count(), "every order has a ClOrdID of its own: " + ids);
            ReportListener server = engine.listener;
            // 0: ack and fill
            server.onReport(PingPong.EXEC_TYPE_NEW, ids.get(0), NO_TEXT);
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(0), NO_TEXT);
            // 1: filled, then a second plain fill: a second execution
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(1), NO_TEXT);
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(1), NO_TEXT);
            // 2: filled, then its fill told again by a resend
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(2), NO_TEXT);
            server.onRepeatedReport(PingPong.EXEC_TYPE_TRADE, ids.get(2), NO_TEXT);
            // 3: lost with the connection, resent, filled: recovered
            server.onDisconnect("gone");
            server.onOrderResent(ids.get(3));
            server.onLogonAgain();
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(3), NO_TEXT);
            // 4: its fill only came through the server's resend
            server.onRepeatedReport(PingPong.EXEC_TYPE_TRADE, ids.get(4), NO_TEXT);
            // 5: never answered
            Map<String, Long> c = target.counts();
            assertEquals(6, c.get(FixFaultCounts.SENT));
            assertEquals(5, c.get(FixFaultCounts.FILLED));
            assertEquals(2, c.get(FixFaultCounts.RECOVERED));
            assertEquals(1, c.get(FixFaultCounts.FILLED_TWICE));
            assertEquals(1, c.get(FixFaultCounts.TOLD_AGAIN));
            assertEquals(1, c.get(FixFaultCounts.OPEN));
            assertEquals(1, c.get(FixFaultCounts.UNACCOUNTED), "the one still waiting");
            assertEquals(1, c.get(FixFaultCounts.DISCONNECTS));
            assertEquals(1, c.get(FixFaultCounts.RECONNECTS));
            assertEquals(List.of(ids.get(0), ids.get(1), ids.get(2), ids.get(3), ids.get(4)), heard.fills,
                    "one completion per filled order, the second execution not passed on");
            assertEquals(List.of(ids.get(0)), heard.acks);
            assertEquals(2, target.recovery().getTotalCount());
        }
    }

    @Test
    @Timeout(30)
    void shouldCountWhatASessionWithoutAStoreLosesAndHoldWhatIsMadeForTheNextSession() throws Exception {
        Scripted engine = new Scripted();
        Heard heard = new Heard();
        try (FixFaultTarget target = new FixFaultTarget(engine, false)) {
            Transceiver session = target.connect(new InetSocketAddress("127.0.0.1", 1), List.of(heard),
                    Duration.ofSeconds(1)).get(0);
            long now = System.nanoTime();
            session.send(now);
            session.send(now + 1_000);
            List<Long> ids = engine.orders;
            ReportListener server = engine.listener;
            server.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(0), NO_TEXT);
            // the second was in flight when the connection went: nothing will send it again
            server.onDisconnect("gone");
            assertEquals(List.of(ids.get(1)), heard.failures, "lost at once, not after the order timeout");
            // made between sessions, it is held for the next one and goes on it; the sender is not kept waiting
            session.send(now + 2_000);
            long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
            while (engine.orders.size() < 3 && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
            assertEquals(2, engine.connects.get(), "a new session was logged on");
            assertEquals(3, engine.orders.size(), "the held order went on it");
            engine.listener.onReport(PingPong.EXEC_TYPE_TRADE, engine.orders.get(2), NO_TEXT);
            // a fill for the lost order, from nowhere, is late, not a second execution
            engine.listener.onReport(PingPong.EXEC_TYPE_TRADE, ids.get(1), NO_TEXT);
            Map<String, Long> c = target.counts();
            assertEquals(3, c.get(FixFaultCounts.SENT));
            assertEquals(2, c.get(FixFaultCounts.FILLED));
            assertEquals(1, c.get(FixFaultCounts.LOST));
            assertEquals(0, c.get(FixFaultCounts.FILLED_TWICE));
            assertEquals(1, c.get(FixFaultCounts.LATE_FILLS));
            assertEquals(0, c.get(FixFaultCounts.UNACCOUNTED));
            assertEquals(1, c.get(FixFaultCounts.DISCONNECTS));
            assertEquals(1, c.get(FixFaultCounts.RECONNECTS));
            assertTrue(target.settings().get("delivery").startsWith("none promised"), target.settings().toString());
        }
    }
}
