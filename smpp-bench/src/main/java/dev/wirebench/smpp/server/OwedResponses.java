package dev.wirebench.smpp.server;

/**
 * The submit_sm_resp a session owes, oldest first, in slots reused from submit_sm to submit_sm: a ring
 * that grows (doubling) to the most a session has owed at once and never shrinks, so a session answering
 * at once keeps one slot, and taking and answering a submit_sm allocates nothing once it has grown.
 * One per session, used on its event loop only.
 */
final class OwedResponses {

    /** One owed answer: what is needed to write it, and its receipt's fields if one is to follow. */
    static final class Owed {
        int sequenceNumber;
        long messageId;
        /** When it is due, in {@link System#nanoTime()}; unused when answers go at once. */
        long dueNanos;
        /** Whether a receipt follows the response; {@link #receipt()} then holds its fields. */
        boolean receiptOwed;
        private ReceiptFields receipt;

        /** The receipt's fields, made the first time this slot carries a receipt and reused after. */
        ReceiptFields receipt() {
            if (receipt == null) {
                receipt = new ReceiptFields();
            }
            return receipt;
        }
    }

    private Owed[] ring = new Owed[1];
    private int head;
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** Adds the newest answer owed, in a reused slot if there is one; returns the slot. */
    Owed add(int sequenceNumber, long messageId, long dueNanos, boolean receiptOwed) {
        if (size == ring.length) {
            grow();
        }
        int at = (head + size) & (ring.length - 1);
        Owed owed = ring[at];
        if (owed == null) {
            owed = new Owed();
            ring[at] = owed;
        }
        owed.sequenceNumber = sequenceNumber;
        owed.messageId = messageId;
        owed.dueNanos = dueNanos;
        owed.receiptOwed = receiptOwed;
        size++;
        return owed;
    }

    /** The oldest answer owed; null if none. */
    Owed peek() {
        return size == 0 ? null : ring[head];
    }

    /** Drops the oldest answer owed, keeping its slot for reuse. */
    void remove() {
        head = (head + 1) & (ring.length - 1);
        size--;
    }

    void clear() {
        head = 0;
        size = 0;
    }

    private void grow() {
        Owed[] grown = new Owed[ring.length * 2];
        for (int i = 0; i < size; i++) {
            grown[i] = ring[(head + i) & (ring.length - 1)];
        }
        ring = grown;
        head = 0;
    }
}
