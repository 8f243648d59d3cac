package dev.wirebench.fix.artio;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

import java.nio.file.Path;

/**
 * How one side's threads wait for work. Artio has no blocking mode: its framer polls sockets with
 * {@code selectNow} and its library is polled, so "blocking" here is parking: a back-off that parks from
 * the first idle poll, 1 µs doubling to 1 ms, with the engine and library threads waking each other on
 * every hand-off ({@link HandOffIdleStrategy}). Artio's default back-off first spins 100 times and yields
 * 100 times; on two cores shared with other busy processes each yield can hand the core away for a whole
 * time slice, which made round trips tens of times longer than parking alone. Spinning is Agrona's busy spin.
 */
final class Threading {

    /**
     * Term length of the media driver's IPC logs: the engine-library streams carry a few hundred bytes per
     * order, and Aeron's default of 64 MB would map 192 MB of /dev/shm per stream.
     */
    static final int IPC_TERM_LENGTH = 4 << 20;
    /** The first park; Linux's timer slack makes any park last some 50 µs anyway. */
    static final long MIN_PARK_NS = 1_000;
    /** The longest park, Artio's default: how late a thread that has idled long sees a message from a socket. */
    static final long MAX_PARK_NS = 1 << 20;

    private final boolean spin;

    Threading(boolean spin) {
        this.spin = spin;
    }

    /** The idle strategies of one side's engine thread and library polling thread (each needs its own: they keep state). */
    Side side() {
        if (spin) {
            return new Side(new BusySpinIdleStrategy(), new BusySpinIdleStrategy(), null);
        }
        HandOffIdleStrategy[] pair = HandOffIdleStrategy.pair(park(), park());
        return new Side(pair[0], pair[1], pair[0]);
    }

    private static IdleStrategy park() {
        return new BackoffIdleStrategy(0, 0, MIN_PARK_NS, MAX_PARK_NS);
    }

    /** How a thread waits to retry a send the engine's stream had no room for (it drains on the engine's thread). */
    IdleStrategy backPressure() {
        return spin ? new BusySpinIdleStrategy() : new BackoffIdleStrategy();
    }

    /** What {@link #side()} gives, for the settings. */
    String describeIdle() {
        return spin ? "BusySpinIdleStrategy" : "BackoffIdleStrategy(0 spins, 0 yields, parks from 1 us doubling to "
                + "1 ms), and each of the two wakes the other (LockSupport.unpark) when it has done work, since a message "
                + "handed over Aeron IPC is otherwise found only when the receiver's park times out (Artio's default "
                + "back-off spins and yields 100 times each first, which on two busy cores gave the core away)";
    }

    /**
     * One side's idle strategies; {@code engineWaker}, when there is one, wakes the engine's thread for an
     * order sent from outside the library's polling thread.
     */
    record Side(IdleStrategy engine, IdleStrategy library, HandOffIdleStrategy engineWaker) {

        void wakeEngine() {
            if (engineWaker != null) {
                engineWaker.wake();
            }
        }
    }

    /**
     * The embedded media driver in {@code directory}: one shared thread, backing off while idle in both modes.
     * Between an engine and its library only IPC flows, which the publisher writes and the subscriber reads
     * in shared memory; the driver's thread only moves the publication limit, a term window (2 MB) ahead,
     * so spinning it would take a core and buy no latency.
     */
    static MediaDriver.Context driver(Path directory) {
        return new MediaDriver.Context()
                .aeronDirectoryName(directory.toString())
                .threadingMode(ThreadingMode.SHARED)
                .sharedIdleStrategy(new BackoffIdleStrategy())
                .ipcTermBufferLength(IPC_TERM_LENGTH)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true)
                .warnIfDirectoryExists(false);
    }
}
