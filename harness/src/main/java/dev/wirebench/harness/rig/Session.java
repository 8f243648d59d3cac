package dev.wirebench.harness.rig;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One session's side of a run: it times each response into the run's recorders, counts, and in closed loop
 * sends the next request from the completing callback.
 */
final class Session implements Responses {

    private final Rig rig;
    private final int last;
    final InFlight inFlight;
    Transceiver transceiver;

    /** Every request sent, counted before it is sent (its response may come first). */
    final AtomicLong sent = new AtomicLong();
    /** Every request completed: its last response, or a failure. */
    final AtomicLong completed = new AtomicLong();
    final AtomicLong measuredSent = new AtomicLong();
    final AtomicLong measuredCompleted = new AtomicLong();
    final AtomicLong timeouts = new AtomicLong();
    final AtomicLong errors = new AtomicLong();
    volatile long lastMeasuredCompletion;

    Session(Rig rig, int responses, int inFlight, Idle idle) {
        this.rig = rig;
        this.last = responses - 1;
        this.inFlight = new InFlight(inFlight, idle);
    }

    /** Sends a request that already holds a place in flight, counting it first. */
    void send(long stamp) {
        sent.incrementAndGet();
        sendCounted(stamp);
    }

    private void sendCounted(long stamp) {
        if (rig.measured(stamp)) {
            measuredSent.incrementAndGet();
        }
        try {
            transceiver.send(stamp);
        } catch (IOException | RuntimeException e) {
            sent.decrementAndGet();
            if (rig.measured(stamp)) {
                measuredSent.decrementAndGet();
            }
            inFlight.give();
            rig.fail("sending failed: " + (e.getMessage() == null ? e.toString() : e.getMessage()));
        }
    }

    @Override
    public void onResponse(int kind, long stamp, long now) {
        boolean measured = rig.measured(stamp);
        if (measured) {
            rig.record(kind, now - stamp);
        }
        if (kind == last) {
            if (measured) {
                measuredCompleted.incrementAndGet();
                lastMeasuredCompletion = now;
            }
            complete(now);
        }
    }

    @Override
    public void onFailure(long stamp, boolean timedOut) {
        if (rig.measured(stamp)) {
            (timedOut ? timeouts : errors).incrementAndGet();
        }
        complete(System.nanoTime());
    }

    @Override
    public void onClosed(String why) {
        rig.fail("the session closed: " + why);
    }

    /** One request completed; in closed loop, before the measured time ends, its place goes to the next. */
    private void complete(long now) {
        rig.progress(now);
        boolean next = rig.sendsNext(now);
        if (next) {
            // counted before this completion, so sent == completed only when nothing is about to go
            sent.incrementAndGet();
        } else {
            inFlight.give();
        }
        completed.incrementAndGet();
        if (next) {
            sendCounted(now);
        }
    }
}
