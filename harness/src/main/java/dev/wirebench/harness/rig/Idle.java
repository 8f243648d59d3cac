package dev.wirebench.harness.rig;

import java.util.concurrent.locks.LockSupport;

/**
 * How a thread of the rig waits: parked (the OS wakes it, some tens of microseconds late, and the core is free
 * meanwhile) or spinning (it polls, on time, and keeps a core busy). {@code --spin} chooses the second for the
 * rig and for every engine that can.
 */
public enum Idle {
    BLOCK,
    SPIN;

    /** Waits until {@link System#nanoTime()} reaches {@code deadline}. */
    public void until(long deadline) {
        long wait;
        while ((wait = deadline - System.nanoTime()) > 0) {
            if (this == SPIN) {
                Thread.onSpinWait();
            } else {
                LockSupport.parkNanos(wait);
            }
        }
    }

    /** {@code spin} as an Idle. */
    public static Idle of(boolean spin) {
        return spin ? SPIN : BLOCK;
    }
}
