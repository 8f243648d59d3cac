package dev.wirebench.fix.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What every engine's durable session ({@code fix --faults}) must do: a server restarted under a stream of orders,
 * and every order filled exactly once all the same, through the resend where the connection took it; a ClOrdID the
 * server knows is never executed again, even by a server restarted since, but its fill is told again. Each engine
 * that can promise delivery extends this class and makes its durable engine.
 */
public abstract class DurableSessionContract {

    private static final int ORDERS = 3_000;
    /** Orders a client may have unanswered: at the restart, that many in flight either way. */
    private static final int IN_FLIGHT = 200;

    @TempDir
    protected Path dir;

    /** The engine's durable set-up, keeping its sessions under {@code directory}. */
    protected abstract FixEngine durable(Path directory);

    /**
     * Whether an order made while the server is away goes by the session's resend (PossDupFlag=Y) once it is back;
     * an engine that holds such orders in its client until the next Logon says false.
     */
    protected boolean resendsOrdersMadeWhileAway() {
        return true;
    }

    /**
     * Whether the engine promises that every order is filled after a restart. One that does not (its durable set-up
     * was seen to leave orders unanswered) is held here to the other half only: no order is ever executed twice.
     */
    protected boolean promisesDelivery() {
        return true;
    }

    /** Counts what the client hears, per order. */
    private static final class Ledger implements ReportListener {
        final ConcurrentHashMap<Long, AtomicInteger> fills = new ConcurrentHashMap<>();
        final ConcurrentHashMap<Long, AtomicInteger> repeatedFills = new ConcurrentHashMap<>();
        final AtomicLong resent = new AtomicLong();
        final AtomicInteger disconnects = new AtomicInteger();
        final AtomicInteger logonsAgain = new AtomicInteger();
        /** Orders with a fill of either kind. */
        final java.util.Set<Long> answered = ConcurrentHashMap.newKeySet();

        @Override
        public void onReport(char execType, long stamp, FixText message) {
            if (execType == PingPong.EXEC_TYPE_TRADE) {
                fills.computeIfAbsent(stamp, s -> new AtomicInteger()).incrementAndGet();
                answered.add(stamp);
            }
        }

        @Override
        public void onRepeatedReport(char execType, long stamp, FixText message) {
            if (execType == PingPong.EXEC_TYPE_TRADE) {
                repeatedFills.computeIfAbsent(stamp, s -> new AtomicInteger()).incrementAndGet();
                answered.add(stamp);
            }
        }

        @Override
        public void onOrderResent(long stamp) {
            resent.incrementAndGet();
        }

        @Override
        public void onDisconnect(String why) {
            disconnects.incrementAndGet();
        }

        @Override
        public void onLogonAgain() {
            logonsAgain.incrementAndGet();
        }

        boolean everyOrderFilled() {
            for (long s = 1; s <= ORDERS; s++) {
                if (!fills.containsKey(s) && !repeatedFills.containsKey(s)) {
                    return false;
                }
            }
            return true;
        }
    }

    @Test
    @Timeout(180)
    void shouldFillEveryOrderExactlyOnceThroughAServerRestart() throws Exception {
        FixEngine engine = durable(dir);
        Ledger ledger = new Ledger();
        FixServer server = engine.startServer(new InetSocketAddress("127.0.0.1", 0));
        InetSocketAddress address = server.address();
        try (FixClient client = engine.connect(address, Duration.ofSeconds(10), ledger)) {
            for (long stamp = 1; stamp <= ORDERS; stamp++) {
                // as the rig's --in-flight does: a stream, but no more than a window of orders unanswered
                long sent = stamp - 1;
                boolean flowing = until(() -> sent - ledger.answered.size() < IN_FLIGHT,
                        promisesDelivery() ? 60_000 : 10_000);
                if (!promisesDelivery() && !flowing) {
                    break;
                }
                assertTrue(flowing, "answered " + ledger.answered.size() + " of " + sent);
                client.sendOrder(stamp);
                if (stamp == ORDERS / 3) {
                    // abruptly, with orders and reports in flight either way
                    server.close();
                    server = engine.startServer(address);
                }
            }
            boolean everyOne = until(ledger::everyOrderFilled, promisesDelivery() ? 60_000 : 20_000);
            assertTrue(everyOne || !promisesDelivery(), "filled " + ledger.answered.size() + " of " + ORDERS
                    + "; resent " + ledger.resent);
            for (long stamp = 1; stamp <= ORDERS; stamp++) {
                AtomicInteger executed = ledger.fills.get(stamp);
                // a repeated fill is the same execution told again; a second plain one would be a second execution
                assertTrue(executed == null || executed.get() == 1, "order " + stamp + " filled " + executed + " times");
            }
            assertTrue(ledger.disconnects.get() >= 1 && ledger.logonsAgain.get() >= 1,
                    "lost and logged on again: " + ledger.disconnects + ", " + ledger.logonsAgain);
            if (resendsOrdersMadeWhileAway() && everyOne) {
                assertTrue(ledger.resent.get() > 0, "orders sent while the server was away went by resend");
            }
        } finally {
            server.close();
        }
    }

    @Test
    @Timeout(120)
    void shouldNotExecuteAKnownClOrdIdAgainEvenAfterARestartButTellItsFillAgain() throws Exception {
        FixEngine engine = durable(dir);
        Ledger ledger = new Ledger();
        FixServer server = engine.startServer(new InetSocketAddress("127.0.0.1", 0));
        try (FixClient client = engine.connect(server.address(), Duration.ofSeconds(10), ledger)) {
            client.sendOrder(7);
            assertTrue(until(() -> ledger.fills.containsKey(7L), 10_000), "the first fill");
            // the same ClOrdID again, as a resend after a lost fill would bring it
            client.sendOrder(7);
            assertTrue(until(() -> ledger.repeatedFills.containsKey(7L), 10_000), "its fill told again");
            InetSocketAddress address = server.address();
            server.close();
            server = engine.startServer(address);
            assertTrue(until(() -> ledger.logonsAgain.get() >= 1, 30_000), "logged on to the restarted server");
            client.sendOrder(7);
            assertTrue(until(() -> ledger.repeatedFills.get(7L).get() == 2, 10_000), "known after the restart too");
            assertEquals(1, ledger.fills.get(7L).get(), "executed once");
        } finally {
            server.close();
        }
    }

    /** Whether {@code condition} held within {@code millis}, checked every 10 ms. */
    private static boolean until(BooleanSupplier condition, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
