package dev.wirebench.fix.artio;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.engine.LowResourceEngineScheduler;
import uk.co.real_logic.artio.library.LibraryConfiguration;

import java.nio.file.Path;

/**
 * How one side's threads run Artio and wait for work. Artio has no blocking mode: its framer polls sockets
 * with {@code selectNow} and its library is polled, so "blocking" here is parking: the engine's agents run
 * on one thread ({@code LowResourceEngineScheduler}) and the library's poller on another, each backing off
 * with parks from the first idle poll, 1 µs doubling to 1 ms, and waking the other on every hand-off
 * ({@link HandOffIdleStrategy}). Artio's default back-off first spins 100 times and yields 100 times; on two
 * cores shared with other busy processes each yield can hand the core away for a whole time slice, which
 * made round trips tens of times longer than parking alone. Spinning is one thread per side, as raw and
 * Philadelphia have: the library's poller steps the framer in the same duty cycle ({@link SteppedFramer})
 * and busy-spins, since two spinning threads per side would be four on the two cores. Every other thread
 * sleeps when idle: the spinning threads hold the cores, so each wake-up takes one from them, and the
 * indexer, parking from 1 µs, woke for nearly every message.
 */
final class Threading {

    /**
     * Term length of the media driver's IPC logs: the engine-library streams carry a few hundred bytes per
     * order, and Aeron's default of 64 MB would map 192 MB of /dev/shm per stream.
     */
    static final int IPC_TERM_LENGTH = 4 << 20;
    /**
     * How long the indexer and the media driver sleep when idle beside spinning threads. They follow the IPC
     * streams, whose publishers may run a term window (2 MB) ahead of them: 1 ms of lag is far inside it at
     * any rate Artio reaches.
     */
    static final long FOLLOWER_SLEEP_MS = 1;
    /**
     * How long the error printers sleep when idle beside spinning threads (the library's runs its Aeron client
     * conductor too): as long as Aeron's own client conductor does by default.
     */
    static final long MONITOR_SLEEP_MS = 16;
    /** The first park; Linux's timer slack makes any park last some 50 µs anyway. */
    static final long MIN_PARK_NS = 1_000;
    /** The longest park, Artio's default: how late a thread that has idled long sees a message from a socket. */
    static final long MAX_PARK_NS = 1 << 20;

    private final boolean spin;

    Threading(boolean spin) {
        this.spin = spin;
    }

    /** One side's threads (each side needs its own: idle strategies keep state, the framer is its engine's). */
    Side side() {
        if (spin) {
            return new Side(new SteppedFramer(), null, new BusySpinIdleStrategy());
        }
        HandOffIdleStrategy[] pair = HandOffIdleStrategy.pair(park(), park());
        return new Side(null, pair[0], pair[1]);
    }

    /** Parks from the first idle call, 1 µs doubling to 1 ms: no spins, no yields. */
    static IdleStrategy park() {
        return new BackoffIdleStrategy(0, 0, MIN_PARK_NS, MAX_PARK_NS);
    }

    /** Beside spinning threads: sleeps {@code millis} whenever a duty cycle found nothing to do. */
    private static IdleStrategy sleep(long millis) {
        return new SleepingMillisIdleStrategy(millis);
    }

    /** How each thread {@link #side()} runs waits, for the settings. */
    String describeIdle() {
        return spin ? "one thread per side busy-spins (BusySpinIdleStrategy): the library's poller, which steps the "
                + "framer; a send retried inside a callback steps the framer, which drains the engine's stream; every "
                + "other thread sleeps when idle (SleepingMillisIdleStrategy), since each wake-up takes a core from a "
                + "spinning thread: the indexer and the media driver " + FOLLOWER_SLEEP_MS + " ms (parking from 1 us "
                + "woke the indexer for nearly every message), the error printers and the Aeron client conductors "
                + MONITOR_SLEEP_MS + " ms (Aeron's default)"
                : "engine and library threads: BackoffIdleStrategy(0 spins, 0 yields, parks from 1 us doubling to "
                + "1 ms), and each of the two wakes the other (LockSupport.unpark) when it has done work, since a message "
                + "handed over Aeron IPC is otherwise found only when the receiver's park times out (Artio's default "
                + "back-off spins and yields 100 times each first, which on two busy cores gave the core away); media "
                + "driver: BackoffIdleStrategy (Aeron's default; it is off the IPC data path)";
    }

    /** What {@link #side()} runs on which thread, for the settings. */
    String describeThreads() {
        return spin ? "per side: one thread polls the library (runs the session and the callbacks) and steps the "
                + "engine's framer in the same duty cycle (LockStepFramerEngineScheduler); beside it, none spinning: "
                + "the engine's sequence-number indexer, its error printer and its Aeron client conductor, the "
                + "library's error printer with its Aeron client conductor, one media driver thread "
                + "(ThreadingMode.SHARED)"
                : "per side: one engine thread (LowResourceEngineScheduler: framer, sequence-number indexer, error "
                + "printer and the Aeron client conductor), one thread polling the library (runs the session and the "
                + "callbacks), one media driver thread (ThreadingMode.SHARED)";
    }

    /**
     * One side's threads: spinning, the {@code framer} stepped by the library's poller; parking, the engine's
     * thread idling with {@code engineIdle}, which the poller wakes.
     */
    static final class Side {
        private final SteppedFramer framer;
        private final HandOffIdleStrategy engineIdle;
        private final IdleStrategy pollerIdle;

        private Side(SteppedFramer framer, HandOffIdleStrategy engineIdle, IdleStrategy pollerIdle) {
            this.framer = framer;
            this.engineIdle = engineIdle;
            this.pollerIdle = pollerIdle;
        }

        void configure(EngineConfiguration engine) {
            if (framer == null) {
                // framer, sequence-number indexer, error printer and Aeron client conductor on one thread
                engine.scheduler(new LowResourceEngineScheduler()).framerIdleStrategy(engineIdle);
            } else {
                // Artio's default back-off would spin and yield 100 times after each piece of work
                engine.scheduler(framer)
                        .archiverIdleStrategy(sleep(FOLLOWER_SLEEP_MS))
                        .monitoringThreadIdleStrategy(sleep(MONITOR_SLEEP_MS));
            }
        }

        void configure(LibraryConfiguration library) {
            if (framer != null) {
                // the library's error printer and Aeron client conductor share a thread: as the engine's agents
                library.monitoringThreadIdleStrategy(sleep(MONITOR_SLEEP_MS));
            }
        }

        /** The idle strategy of the thread that polls the library. */
        IdleStrategy pollerIdle() {
            return pollerIdle;
        }

        /** Spinning: one duty cycle of the framer if the caller owns it (see {@link SteppedFramer}); else 0. */
        int stepFramer() {
            return framer == null ? 0 : framer.step();
        }

        /** Spinning: makes {@code poller} the framer's stepper; the caller, its owner until now, stops stepping it. */
        void handFramerTo(Thread poller) {
            if (framer != null) {
                framer.handTo(poller);
            }
        }

        /** How the media driver's one thread waits. */
        IdleStrategy driverIdle() {
            return framer == null ? new BackoffIdleStrategy() : sleep(FOLLOWER_SLEEP_MS);
        }

        /** Parking: wakes the engine's thread for a message handed to it from outside the polling thread. */
        void wakeEngine() {
            if (engineIdle != null) {
                engineIdle.wake();
            }
        }

        /** How a thread waits to retry a send the engine's stream had no room for (it drains as the framer works). */
        IdleStrategy backPressure() {
            return framer == null ? new BackoffIdleStrategy() : framer.backPressure();
        }

        /** Closes {@code engine}; spinning, on a thread called {@code name} while the caller steps the framer. */
        void close(FixEngine engine, String name) {
            if (framer == null) {
                engine.close();
            } else {
                framer.closeEngine(engine, name);
            }
        }
    }

    /**
     * The embedded media driver in {@code directory}: one shared thread, idling with {@code idle}, which
     * never spins. Between an engine and its library only IPC flows, which the publisher writes and the
     * subscriber reads in shared memory; the driver's thread only moves the publication limit, a term window
     * (2 MB) ahead, so spinning it would take a core and buy no latency.
     */
    static MediaDriver.Context driver(Path directory, IdleStrategy idle) {
        return new MediaDriver.Context()
                .aeronDirectoryName(directory.toString())
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(idle)
                .ipcTermBufferLength(IPC_TERM_LENGTH)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .warnIfDirectoryExists(false);
    }
}
