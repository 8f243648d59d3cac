package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.harness.rig.LoadTarget;
import dev.wirebench.harness.rig.Responses;
import dev.wirebench.harness.rig.Transceiver;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A FIX engine's client as the rig drives it under {@code fix --faults}, and a ledger that follows every order by its
 * ClOrdID to exactly one outcome: filled (once, or recovered through the resend after a gap), timed out, or lost with
 * its connection. A durable client is one session that outlives its connections (the engine logs on again and fills
 * gaps by resend), so nothing is lost with a connection. An engine that cannot promise delivery gets a new session
 * after each lost connection, made here every {@link #RECONNECT_INTERVAL}: what the old one had in flight is counted
 * lost at once, since nothing will send it again, and an order made meanwhile waits for the new session. A second plain fill
 * of one ClOrdID is a second execution and is counted, never hidden; a fill told again (PossDupFlag or PossResend) is
 * a repeat and is counted apart. The clean-link {@link FixTarget} does none of this.
 */
final class FixFaultTarget implements LoadTarget {

    /** An order without its fill this long after its intended send time is counted as timed out. */
    static final Duration ORDER_TIMEOUT = Duration.ofSeconds(30);
    /** How long a client that cannot promise delivery waits before each new session, as the durable ones do. */
    static final Duration RECONNECT_INTERVAL = Duration.ofSeconds(1);
    private static final int ACK = 0;
    private static final int FILL = 1;
    /** No ClOrdID used yet (nanoTime values are compared by difference, so no value is "below" all others). */
    private static final long NONE = Long.MIN_VALUE;

    private final FixEngine engine;
    private final boolean durable;
    private final ConcurrentHashMap<Long, Order> orders = new ConcurrentHashMap<>();
    /** The last ClOrdID used: each order's must differ, and the ClOrdID is its stamp. */
    private final AtomicLong lastStamp = new AtomicLong(NONE);
    private final Histogram recovery = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    private final Histogram reconnect = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong filled = new AtomicLong();
    private final AtomicLong recovered = new AtomicLong();
    private final AtomicLong filledTwice = new AtomicLong();
    private final AtomicLong toldAgain = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong lateFills = new AtomicLong();
    private final AtomicLong resent = new AtomicLong();
    private final AtomicLong disconnects = new AtomicLong();
    private volatile long lostAt;
    private volatile boolean closing;
    private Thread sweeper;
    private Session session;

    /**
     * @param engine  the engine, durable ({@code FixEngines.durable}) or as benchmarked
     * @param durable whether its session outlives its connections; if not, this makes a new one after each
     */
    FixFaultTarget(FixEngine engine, boolean durable) {
        this.engine = engine;
        this.durable = durable;
    }

    @Override
    public String name() {
        return engine.name();
    }

    @Override
    public List<String> responses() {
        return FixTarget.RESPONSES;
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>(engine.settings());
        s.put("order timeout", ORDER_TIMEOUT.toSeconds() + " s from the intended send time, then counted as timed out");
        if (!durable) {
            s.put("delivery", "none promised: after a lost connection a new session logs on every "
                    + RECONNECT_INTERVAL.toSeconds() + " s; the orders the old one had in flight are counted lost, and"
                    + " an order made meanwhile waits for the new one");
        }
        return s;
    }

    @Override
    public List<Transceiver> connect(InetSocketAddress server, List<Responses> receivers, Duration timeout)
            throws IOException {
        if (receivers.size() != 1) {
            throw new IllegalArgumentException("fix --faults runs one durable session (one pair of CompIDs), not "
                    + receivers.size());
        }
        session = new Session(receivers.get(0), server, timeout);
        session.client = engine.connect(server, timeout, session);
        sweeper = new Thread(this::sweep, "fix-order-timeouts");
        sweeper.setDaemon(true);
        sweeper.start();
        return List.of(session);
    }

    /** Fails, as timed out, every order without its fill {@link #ORDER_TIMEOUT} after its stamp. */
    private void sweep() {
        long timeout = ORDER_TIMEOUT.toNanos();
        while (!closing) {
            long now = System.nanoTime();
            for (Order o : orders.values()) {
                if (o.outcome == Order.OPEN && now - o.stamp >= timeout && o.finish(Order.TIMED_OUT) == Order.OPEN) {
                    timedOut.incrementAndGet();
                    session.responses.onFailure(o.stamp, true);
                }
            }
            LockSupport.parkNanos(this, TimeUnit.MILLISECONDS.toNanos(100));
        }
    }

    /** What every order came to over the whole run (warm-up included), and what the session went through. */
    @Override
    public Map<String, Long> counts() {
        long open = 0;
        for (Order o : orders.values()) {
            if (o.outcome == Order.OPEN) {
                open++;
            }
        }
        Map<String, Long> c = new LinkedHashMap<>();
        c.put(FixFaultCounts.SENT, sent.get());
        c.put(FixFaultCounts.FILLED, filled.get());
        c.put(FixFaultCounts.RECOVERED, recovered.get());
        c.put(FixFaultCounts.FILLED_TWICE, filledTwice.get());
        c.put(FixFaultCounts.TOLD_AGAIN, toldAgain.get());
        c.put(FixFaultCounts.TIMED_OUT, timedOut.get());
        c.put(FixFaultCounts.LOST, lost.get());
        c.put(FixFaultCounts.LATE_FILLS, lateFills.get());
        c.put(FixFaultCounts.UNACCOUNTED, sent.get() - filled.get() - timedOut.get() - lost.get());
        c.put(FixFaultCounts.OPEN, open);
        c.put(FixFaultCounts.RESENT, resent.get());
        c.put(FixFaultCounts.DISCONNECTS, disconnects.get());
        synchronized (reconnect) {
            c.put(FixFaultCounts.RECONNECTS, reconnect.getTotalCount());
        }
        return c;
    }

    /** From the gap (the connection lost, or the order sent while it was) to the fill the resend brought. */
    Histogram recovery() {
        synchronized (recovery) {
            return recovery.copy();
        }
    }

    /** From each lost connection to the logon after it. */
    Histogram reconnects() {
        synchronized (reconnect) {
            return reconnect.copy();
        }
    }

    @Override
    public void close() {
        closing = true;
        if (session != null) {
            session.stopReconnecting();
        }
        if (sweeper != null) {
            LockSupport.unpark(sweeper);
            try {
                sweeper.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One order's state: whoever finishes it first (its fill, or the timeout) completes it. */
    private static final class Order {
        static final int OPEN = 0;
        static final int FILLED = 1;
        static final int TIMED_OUT = 2;
        static final int LOST = 3;
        final long stamp;
        private boolean acked;
        volatile int outcome = OPEN;
        volatile boolean resent;

        Order(long stamp) {
            this.stamp = stamp;
        }

        /** Sets the outcome if none is set yet; returns the outcome before (OPEN when this call set it). */
        synchronized int finish(int how) {
            int before = outcome;
            if (before == OPEN) {
                outcome = how;
            }
            return before;
        }

        synchronized boolean ack() {
            if (acked || outcome != OPEN) {
                return false;
            }
            acked = true;
            return true;
        }
    }

    /** The one session: orders out, reports and session news in. */
    private final class Session implements Transceiver, ReportListener {
        final Responses responses;
        private final InetSocketAddress server;
        private final Duration logonTimeout;
        /** The client logged on; null while a client that cannot promise delivery is between sessions. */
        volatile FixClient client;
        /** Orders made between sessions, in order, sent once the next logs on; under this session's lock. */
        private final List<Long> held = new ArrayList<>();
        private Thread reconnector;

        Session(Responses responses, InetSocketAddress server, Duration logonTimeout) {
            this.responses = responses;
            this.server = server;
            this.logonTimeout = logonTimeout;
        }

        @Override
        public void send(long stamp) throws IOException {
            // a ClOrdID names one order: two requests meant for the same nanosecond leave one nanosecond apart
            long unique = lastStamp.accumulateAndGet(stamp, (last, s) -> last == NONE || s - last > 0 ? s : last + 1);
            sent.incrementAndGet();
            Order order = new Order(unique);
            orders.put(unique, order);
            if (durable) {
                // a durable client keeps an order it cannot send now for the resend after the next logon
                client.sendOrder(unique);
                return;
            }
            FixClient now;
            synchronized (this) {
                now = client;
                if (now == null) {
                    // between sessions the order waits for the next, as an application would; its latency holds it
                    held.add(unique);
                    return;
                }
            }
            sendOn(now, order);
        }

        /** Sends on {@code on}; an order it cannot take went with its session, and nothing will send it again. */
        private void sendOn(FixClient on, Order order) {
            try {
                on.sendOrder(order.stamp);
            } catch (IOException notSent) {
                lose(order);
            }
        }

        /** Counts an order lost, unless it has an outcome already, and tells the rig. */
        private void lose(Order o) {
            if (o.finish(Order.LOST) == Order.OPEN) {
                lost.incrementAndGet();
                responses.onFailure(o.stamp, false);
            }
        }

        @Override
        public void onReport(char execType, long stamp, FixText message) {
            report(execType, stamp, false);
        }

        @Override
        public void onRepeatedReport(char execType, long stamp, FixText message) {
            report(execType, stamp, true);
        }

        private void report(char execType, long stamp, boolean repeated) {
            long now = System.nanoTime();
            Order o = orders.get(stamp);
            if (o == null) {
                // a ClOrdID this run never sent: another run's, from a store that outlived it
                return;
            }
            if (execType == PingPong.EXEC_TYPE_NEW) {
                if (o.ack()) {
                    responses.onResponse(ACK, stamp, now);
                }
                return;
            }
            int before = o.finish(Order.FILLED);
            if (before != Order.OPEN) {
                if (repeated) {
                    // the same execution told again: the session's resend, or the server's answer to a resent order
                    toldAgain.incrementAndGet();
                } else {
                    // a plain fill: after the timeout or the loss a late one, after a fill a second execution
                    (before == Order.FILLED ? filledTwice : lateFills).incrementAndGet();
                }
                return;
            }
            filled.incrementAndGet();
            if (repeated || o.resent) {
                recovered.incrementAndGet();
                long gap = Math.max(lostAt, stamp);
                synchronized (recovery) {
                    recovery.recordValue(Math.min(recovery.getHighestTrackableValue(), Math.max(0, now - gap)));
                }
            }
            responses.onResponse(FILL, stamp, now);
        }

        @Override
        public void onOrderResent(long stamp) {
            resent.incrementAndGet();
            Order o = orders.get(stamp);
            if (o != null) {
                o.resent = true;
            }
        }

        @Override
        public void onDisconnect(String why) {
            if (durable) {
                disconnects.incrementAndGet();
                lostAt = System.nanoTime();
                return;
            }
            FixClient gone;
            synchronized (this) {
                if (client == null || closing) {
                    // the lost session's last word as it closes, or the run's end
                    return;
                }
                disconnects.incrementAndGet();
                lostAt = System.nanoTime();
                gone = client;
                client = null;
                reconnector = new Thread(() -> newSession(gone), "fix-faults-new-session");
                reconnector.setDaemon(true);
                reconnector.start();
            }
            // nothing will send again what the old session had in flight; the rig's next order is held meanwhile
            orders.values().forEach(o -> {
                if (o.outcome == Order.OPEN && !isHeld(o.stamp)) {
                    lose(o);
                }
            });
        }

        private synchronized boolean isHeld(long stamp) {
            return held.contains(stamp);
        }

        /** Closes the lost session's client, then logs a new one on every {@link #RECONNECT_INTERVAL} until one is. */
        private void newSession(FixClient gone) {
            gone.close();
            while (!closing) {
                LockSupport.parkNanos(RECONNECT_INTERVAL.toNanos());
                if (closing) {
                    return;
                }
                FixClient fresh;
                try {
                    fresh = engine.connect(server, logonTimeout, this);
                } catch (IOException | RuntimeException notYet) {
                    // the server is away or not answering yet: try again
                    continue;
                }
                List<Long> waiting;
                synchronized (this) {
                    if (closing) {
                        fresh.close();
                        return;
                    }
                    client = fresh;
                    waiting = List.copyOf(held);
                    held.clear();
                }
                onLogonAgain();
                for (long stamp : waiting) {
                    Order o = orders.get(stamp);
                    if (o != null && o.outcome == Order.OPEN) {
                        sendOn(fresh, o);
                    }
                }
                return;
            }
        }

        @Override
        public void onLogonAgain() {
            long took = System.nanoTime() - lostAt;
            synchronized (reconnect) {
                reconnect.recordValue(Math.min(reconnect.getHighestTrackableValue(), Math.max(0, took)));
            }
        }

        /** At the run's end: no new session comes, so an order still held went with the last one. */
        void stopReconnecting() {
            Thread t;
            List<Long> waiting;
            synchronized (this) {
                t = reconnector;
                waiting = List.copyOf(held);
                held.clear();
            }
            waiting.forEach(stamp -> lose(orders.get(stamp)));
            if (t != null) {
                LockSupport.unpark(t);
                try {
                    t.join(logonTimeout.toMillis() + 5_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void close() {
            FixClient c = client;
            if (c != null) {
                c.close();
            }
        }
    }
}
