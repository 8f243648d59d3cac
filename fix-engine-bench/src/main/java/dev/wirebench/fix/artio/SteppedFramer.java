package dev.wirebench.fix.artio;

import io.aeron.Aeron;
import org.agrona.ErrorHandler;
import org.agrona.LangUtil;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.IdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.EngineScheduler;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.LockStepFramerEngineScheduler;
import uk.co.real_logic.artio.engine.RecordingCoordinator;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An engine whose framer has no thread of its own ({@link LockStepFramerEngineScheduler}): the thread that
 * polls the library steps it in the same duty cycle, so a spinning side spins one thread, as raw and
 * Philadelphia do. The engine's other agents keep threads that idle as configured: the sequence-number
 * indexer ({@code archiverIdleStrategy}) and the error printer ({@code monitoringThreadIdleStrategy}); the
 * engine's Aeron client runs its own conductor thread, sleeping between duties (Aeron's default), since
 * this scheduler leaves the Aeron context as it is.
 * <p>
 * One thread at a time owns the framer: the one that launches the engine, then the library's poller
 * ({@link #handTo}), then the one that closes the engine ({@link #closeEngine}). A step from any other
 * thread does nothing, so a sender retrying outside the poller cannot race it.
 */
final class SteppedFramer implements EngineScheduler {

    /** How long the engine may take to close: it disconnects every session first. */
    private static final long CLOSE_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final LockStepFramerEngineScheduler lockStep = new LockStepFramerEngineScheduler();
    private volatile Thread owner;
    private boolean closed; // guarded by this

    @Override
    public void launch(EngineConfiguration configuration, ErrorHandler errorHandler, Agent framer, Agent indexingAgent,
                       Agent monitoringAgent, Agent conductorAgent, RecordingCoordinator recordingCoordinator) {
        owner = Thread.currentThread();
        lockStep.launch(configuration, errorHandler, framer, indexingAgent, monitoringAgent, conductorAgent,
                recordingCoordinator);
    }

    /** Makes {@code thread} the framer's owner; the caller must own it and stops stepping it. */
    void handTo(Thread thread) {
        owner = thread;
    }

    /** One duty cycle of the framer when the caller owns it: its work count; 0 on any other thread. */
    int step() {
        return Thread.currentThread() == owner ? lockStep.invokeFramer() : 0;
    }

    /**
     * How a thread waits to retry a send the library's stream to the engine had no room for: the framer's
     * owner (the poller, in a callback) steps the framer, which drains that stream; another thread spins.
     */
    IdleStrategy backPressure() {
        return new IdleStrategy() {
            @Override
            public void idle(int workCount) {
                if (workCount <= 0) {
                    idle();
                }
            }

            @Override
            public void idle() {
                if (step() == 0) {
                    Thread.onSpinWait();
                }
            }

            @Override
            public void reset() {
            }

            @Override
            public String alias() {
                return "step the framer, or spin";
            }
        };
    }

    /**
     * Closes {@code engine}, whose framer this is. {@link FixEngine#close()} waits for the framer to
     * disconnect every session, so it runs on a thread of its own, called {@code name}, while the caller takes
     * the framer over and steps it until the engine has closed it.
     *
     * @throws IllegalStateException when the engine has not closed within 30 s
     */
    void closeEngine(FixEngine engine, String name) {
        owner = Thread.currentThread();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread closer = new Thread(() -> {
            try {
                engine.close();
            } catch (RuntimeException | Error e) {
                failure.set(e);
            }
        }, name);
        closer.setDaemon(true);
        closer.start();
        IdleStrategy idle = Threading.park();
        long deadline = System.nanoTime() + CLOSE_NANOS;
        // a thread seen to have ended has made all its writes visible
        while (closer.isAlive()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the artio engine did not close within "
                        + TimeUnit.NANOSECONDS.toSeconds(CLOSE_NANOS) + " s");
            }
            idle.idle(stepUntilClosed());
        }
        if (failure.get() != null) {
            LangUtil.rethrowUnchecked(failure.get());
        }
    }

    /** A step that waits while the engine closes the framer (on the closing thread) and does nothing after. */
    private synchronized int stepUntilClosed() {
        return closed ? 0 : step();
    }

    /** Called by the engine as it closes: closes the framer (never during a step) and the agents' threads. */
    @Override
    public synchronized void close() {
        closed = true;
        lockStep.close();
    }

    @Override
    public int pollFramer() {
        return lockStep.pollFramer();
    }

    @Override
    public void configure(Aeron.Context aeronContext) {
        lockStep.configure(aeronContext);
    }
}
