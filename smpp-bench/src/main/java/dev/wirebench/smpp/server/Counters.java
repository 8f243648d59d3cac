package dev.wirebench.smpp.server;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** The SMSC's counters, written from every event loop: adders for counts, CAS-updated maxima. */
final class Counters {

    final LongAdder sessionsOpen = new LongAdder();
    final LongAdder sessionsAccepted = new LongAdder();
    final LongAdder pdusHandled = new LongAdder();
    final LongAdder submits = new LongAdder();
    final LongAdder nacks = new LongAdder();
    final LongAdder malformed = new LongAdder();
    final LongAdder receiptsSent = new LongAdder();
    final LongAdder receiptsAcked = new LongAdder();
    final LongAdder receiptsDropped = new LongAdder();
    final LongAdder idleTimeouts = new LongAdder();
    final AtomicLong maxOutboundPending = new AtomicLong();
    final AtomicLong maxInboundBuffered = new AtomicLong();
    final AtomicLong maxSubmitsInFlight = new AtomicLong();

    /** Raises {@code max} to {@code value}; a plain read first, so the common case writes nothing. */
    static void raise(AtomicLong max, long value) {
        long current = max.get();
        while (value > current && !max.compareAndSet(current, value)) {
            current = max.get();
        }
    }

    SmscStats snapshot() {
        return new SmscStats(sessionsOpen.sum(), sessionsAccepted.sum(), pdusHandled.sum(), submits.sum(), nacks.sum(),
                malformed.sum(), receiptsSent.sum(), receiptsAcked.sum(), receiptsDropped.sum(), idleTimeouts.sum(),
                maxOutboundPending.get(), maxInboundBuffered.get(), maxSubmitsInFlight.get());
    }
}
