package dev.wirebench.smpp.client;

import dev.wirebench.smpp.pdu.SubmitSmResp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ESME's outstanding requests: a fixed array of slots, one per request the window allows, reused
 * without allocating. A request's sequence_number carries its slot in the low bits and the slot's
 * generation above them, so a response finds its slot by a mask, and a late response to an earlier
 * use of the slot (one that timed out) matches nothing. Whoever swaps the slot's sequence number to
 * 0 first (response, timeout or close, on any thread) completes the request, exactly once.
 */
final class PendingWindow {

    /** {@link #acquire} found the window closed. */
    static final int CLOSED = -1;
    /** {@link #acquire} waited the whole timeout for a slot. */
    static final int FULL = -2;

    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(Slot.class, "sequence", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Slot[] slots;
    private final int indexBits;
    private final int indexMask;
    private final int maxGeneration;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition freed = lock.newCondition();
    private final int[] free;
    private int freeCount;
    /** Written under the lock, read without it on every submit. */
    private volatile boolean closed;
    private int controlGeneration;
    // counted before the listener runs, so a caller it wakes sees its own request counted;
    // responses and timeouts complete on the event loop only, so one writer each
    private volatile long responses;
    private volatile long timeouts;

    PendingWindow(int size) {
        slots = new Slot[size];
        free = new int[size];
        for (int i = 0; i < size; i++) {
            slots[i] = new Slot();
            free[i] = size - 1 - i;
        }
        freeCount = size;
        // one index above the slots is left for bind, unbind and enquire_link
        indexBits = 32 - Integer.numberOfLeadingZeros(size);
        indexMask = (1 << indexBits) - 1;
        maxGeneration = Integer.MAX_VALUE >>> indexBits;
    }

    /** A free slot's index, waiting up to {@code timeoutNanos} (0: not at all) for one; {@link #FULL} or {@link #CLOSED} otherwise. */
    int acquire(long timeoutNanos) throws InterruptedException {
        lock.lockInterruptibly();
        try {
            long nanos = timeoutNanos;
            while (freeCount == 0 && !closed) {
                if (nanos <= 0) {
                    return FULL;
                }
                nanos = freed.awaitNanos(nanos);
            }
            return closed ? CLOSED : free[--freeCount];
        } finally {
            lock.unlock();
        }
    }

    /** Gives back a slot acquired but never armed. */
    void release(int index) {
        lock.lock();
        try {
            free[freeCount++] = index;
            freed.signal();
        } finally {
            lock.unlock();
        }
    }

    /** Fills an acquired slot and returns the sequence number to send the request with. */
    int arm(int index, SubmitListener listener, long sentNanos) {
        Slot slot = slots[index];
        int generation = slot.generation == maxGeneration ? 1 : slot.generation + 1;
        slot.generation = generation;
        slot.listener = listener;
        slot.sentNanos = sentNanos;
        int sequence = generation << indexBits | index;
        slot.sequence = sequence;
        return sequence;
    }

    /**
     * Completes the request sent with {@code sequence}, frees its slot, then tells its listener.
     *
     * @return false if no request is waiting on that sequence number (late, already failed, or never sent)
     */
    boolean complete(int sequence, SubmitSmResp response, Throwable error) {
        int index = sequence & indexMask;
        if (sequence <= indexMask || index >= slots.length) {
            return false;
        }
        Slot slot = slots[index];
        if (!SEQUENCE.compareAndSet(slot, sequence, 0)) {
            return false;
        }
        SubmitListener listener = slot.listener;
        long sentNanos = slot.sentNanos;
        slot.listener = null;
        if (response != null) {
            responses++;
        } else if (error instanceof RequestTimeoutException) {
            timeouts++;
        }
        release(index);
        try {
            listener.onComplete(response, error, sentNanos);
        } catch (RuntimeException e) {
            // the listener's own fault; the session and the other requests go on
        }
        return true;
    }

    /** Fails every request sent {@code timeoutNanos} or more before {@code nowNanos}. */
    void expire(long nowNanos, long timeoutNanos) {
        for (Slot slot : slots) {
            int sequence = slot.sequence;
            if (sequence != 0 && nowNanos - slot.sentNanos >= timeoutNanos) {
                complete(sequence, null, new RequestTimeoutException("no submit_sm_resp to sequence_number "
                        + sequence + " within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms"));
            }
        }
    }

    /** Requests completed by their response. */
    long responses() {
        return responses;
    }

    /** Requests failed for want of a response in time. */
    long timeouts() {
        return timeouts;
    }

    /** Refuses new requests from now on and fails every outstanding one with {@code error}. */
    void close(Throwable error) {
        lock.lock();
        try {
            closed = true;
            freed.signalAll();
        } finally {
            lock.unlock();
        }
        for (Slot slot : slots) {
            int sequence = slot.sequence;
            if (sequence != 0) {
                complete(sequence, null, error);
            }
        }
    }

    boolean isClosed() {
        return closed;
    }

    /** Requests sent and not yet answered, failed or timed out. */
    int inFlight() {
        lock.lock();
        try {
            return slots.length - freeCount;
        } finally {
            lock.unlock();
        }
    }

    int size() {
        return slots.length;
    }

    /** A sequence number for bind, unbind or enquire_link: never one a submit_sm can carry. */
    synchronized int controlSequence() {
        controlGeneration = controlGeneration == maxGeneration ? 1 : controlGeneration + 1;
        return controlGeneration << indexBits | indexMask;
    }

    /** One outstanding request; {@code sequence} is 0 when the slot is free and is written last when armed. */
    private static final class Slot {
        volatile int sequence;
        long sentNanos;
        SubmitListener listener;
        int generation;
    }
}
