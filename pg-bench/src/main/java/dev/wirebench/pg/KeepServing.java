package dev.wirebench.pg;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Keeps {@code pg --keep}'s embedded server up after the report until it is asked to stop: by the JVM's
 * shutdown (Ctrl-C, SIGTERM) through a shutdown hook, or by {@link #stop()} (a test). The stopping itself
 * runs on the thread that called {@link #serve}, and the shutdown waits for it, so that what it prints
 * comes out before the JVM exits.
 */
final class KeepServing {

    /** How long the JVM's shutdown waits for the stopping to finish (pg_ctl's own wait is 5 s). */
    static final Duration STOP_WAIT = Duration.ofSeconds(60);

    private final CountDownLatch serving = new CountDownLatch(1);
    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final CountDownLatch stopped = new CountDownLatch(1);

    /**
     * Blocks until {@link #stop()}, the JVM's shutdown or an interrupt, then runs {@code onStop} on this
     * thread. When the JVM is shutting down already, runs {@code onStop} at once.
     */
    void serve(Runnable onStop) {
        Thread hook = new Thread(() -> {
            stop();
            try {
                stopped.await(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "pg-keep-stop");
        boolean interrupted = false;
        try {
            Runtime.getRuntime().addShutdownHook(hook);
            serving.countDown();
            try {
                stopRequested.await();
            } catch (InterruptedException e) {
                interrupted = true;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException exiting) {
                // the hook asked for the stop and waits for onStop below
            }
        } catch (IllegalStateException exiting) {
            // Ctrl-C came before serving began: stop now
        } finally {
            serving.countDown();
            try {
                onStop.run();
            } finally {
                stopped.countDown();
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    /** Asks {@link #serve} to stop; from any thread, any number of times. */
    void stop() {
        stopRequested.countDown();
    }

    /** Waits until {@link #serve} has begun waiting (or has stopped); false when {@code timeout} ran out first. */
    boolean awaitServing(Duration timeout) throws InterruptedException {
        return serving.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits until {@link #serve} has run its {@code onStop}; false when {@code timeout} ran out first. */
    boolean awaitStopped(Duration timeout) throws InterruptedException {
        return stopped.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}
