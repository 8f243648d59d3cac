package dev.wirebench.fix.artio;

import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.library.FixLibrary;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The thread that polls a {@link FixLibrary}, which runs every session callback, and, when its side spins,
 * steps the engine's framer in the same cycle. Artio's library is not thread-safe, so each poll runs under
 * a lock that any other thread takes to use the library (a client's orders sent from outside the callbacks):
 * the library then has one user at a time, each seeing the last one's writes. The callback thread sends
 * without contention (the lock is reentrant); another thread waits at most for the poll in progress,
 * because the poller steps aside, without parking, while someone waits. The framer is stepped outside the
 * lock: only this thread steps it, and it must drain the library's sends while a sender holds the library.
 */
final class DutyCycle implements AutoCloseable {

    /** Messages handed to callbacks per poll: a poll stays short, so a waiting sender is not kept long. */
    private static final int FRAGMENT_LIMIT = 10;

    private final ArtioStack stack;
    private final FixLibrary library;
    private final IdleStrategy idle;
    private final Consumer<Throwable> failed;
    private final ReentrantLock lock = new ReentrantLock();
    private final AtomicInteger waiting = new AtomicInteger();
    private final Thread thread;
    private volatile boolean running = true;

    /** @param failed told, on the polling thread, of anything a poll throws (a callback's failure); polling goes on */
    DutyCycle(ArtioStack stack, String name, Consumer<Throwable> failed) {
        this.stack = stack;
        this.library = stack.library();
        this.idle = stack.pollerIdle();
        this.failed = failed;
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
    }

    /** Starts polling: the caller hands over the framer and uses the library only through {@link #acquire()}. */
    void start() {
        stack.handFramerTo(thread);
        thread.start();
    }

    private void run() {
        while (running) {
            int work = stack.stepFramer();
            if (waiting.get() == 0 && lock.tryLock()) {
                try {
                    work += library.poll(FRAGMENT_LIMIT);
                } catch (RuntimeException | Error e) {
                    failed.accept(e);
                } finally {
                    lock.unlock();
                }
            }
            idle.idle(work);
        }
    }

    /** Takes the library for the calling thread; pair with {@link #release()}. Reentrant. */
    void acquire() {
        if (lock.isHeldByCurrentThread()) {
            lock.lock();
            return;
        }
        waiting.incrementAndGet();
        try {
            lock.lock();
        } finally {
            waiting.decrementAndGet();
        }
    }

    void release() {
        lock.unlock();
    }

    /** Whether the caller is inside a callback of this cycle (or otherwise holds the library). */
    boolean holdsLibrary() {
        return lock.isHeldByCurrentThread();
    }

    /** Stops polling and waits up to 5 s for the thread, which must not be the caller. */
    @Override
    public void close() {
        running = false;
        if (thread.isAlive() && thread != Thread.currentThread()) {
            try {
                thread.join(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
