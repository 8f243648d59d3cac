package dev.wirebench.harness.rig;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * The requests one session has in flight, at most a limit: a sender takes a place before sending and waits
 * while none is free; a completion gives one back and wakes that sender. One sender per session.
 */
final class InFlight {

    private final int limit;
    private final Idle idle;
    private final AtomicInteger count = new AtomicInteger();
    private volatile Thread waiting;

    InFlight(int limit, Idle idle) {
        this.limit = limit;
        this.idle = idle;
    }

    /** Takes a place without waiting; false when all are taken. */
    boolean tryTake() {
        int n;
        do {
            n = count.get();
            if (n >= limit) {
                return false;
            }
        } while (!count.compareAndSet(n, n + 1));
        return true;
    }

    /**
     * Takes a place, waiting for one until {@code deadline} ({@link System#nanoTime()}).
     *
     * @return false when none came free in time
     */
    boolean take(long deadline) {
        while (!tryTake()) {
            if (System.nanoTime() - deadline > 0) {
                return false;
            }
            if (idle == Idle.SPIN) {
                Thread.onSpinWait();
            } else {
                waiting = Thread.currentThread();
                // a completion between tryTake and here unparks this thread or is seen by the next tryTake
                if (count.get() >= limit) {
                    LockSupport.parkNanos(1_000_000);
                }
                waiting = null;
            }
        }
        return true;
    }

    /** Gives a place back. */
    void give() {
        count.decrementAndGet();
        Thread t = waiting;
        if (t != null) {
            LockSupport.unpark(t);
        }
    }
}
