package dev.wirebench.fix.artio;

import org.agrona.concurrent.IdleStrategy;

import java.util.concurrent.locks.LockSupport;

/**
 * An idle strategy that backs off as another does, and whenever its thread has done work wakes the thread
 * that work was handed to. In one Artio process the engine's thread and the library's polling thread
 * pass every message to each other over Aeron IPC, which nothing signals: a parked receiver finds it only
 * when its park times out, some 50 µs at the least on Linux and up to the back-off's maximum. Waking the
 * peer turns each such hand-off into one unpark; only a thread waiting on a socket still finds the data
 * when it next wakes. A wake that finds nothing costs the peer one more empty poll.
 */
final class HandOffIdleStrategy implements IdleStrategy {

    private final IdleStrategy backOff;
    private volatile Thread owner;
    private HandOffIdleStrategy peer;

    private HandOffIdleStrategy(IdleStrategy backOff) {
        this.backOff = backOff;
    }

    /** Two strategies that wake each other: one for the engine's thread, one for the library's. */
    static HandOffIdleStrategy[] pair(IdleStrategy engineBackOff, IdleStrategy libraryBackOff) {
        HandOffIdleStrategy engine = new HandOffIdleStrategy(engineBackOff);
        HandOffIdleStrategy library = new HandOffIdleStrategy(libraryBackOff);
        engine.peer = library;
        library.peer = engine;
        return new HandOffIdleStrategy[] {engine, library};
    }

    /** Wakes the thread idling with this strategy, if it is parked; the next park returns at once if not. */
    void wake() {
        Thread thread = owner;
        if (thread != null) {
            LockSupport.unpark(thread);
        }
    }

    @Override
    public void idle(int workCount) {
        if (owner == null) {
            owner = Thread.currentThread();
        }
        if (workCount > 0) {
            peer.wake();
        }
        backOff.idle(workCount);
    }

    @Override
    public void idle() {
        backOff.idle();
    }

    @Override
    public void reset() {
        backOff.reset();
    }

    @Override
    public String alias() {
        return "hand-off " + backOff.alias();
    }
}
