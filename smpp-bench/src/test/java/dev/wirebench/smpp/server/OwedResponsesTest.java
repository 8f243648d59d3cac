package dev.wirebench.smpp.server;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ring of owed answers: first in, first out, across growth and wrap-around, its slots reused. */
class OwedResponsesTest {

    @Test
    void givesTheAnswersBackOldestFirstAcrossGrowthAndWrapAround() {
        OwedResponses owed = new OwedResponses();
        int next = 1;
        int expected = 1;
        // add three, take two, so the ring wraps while it grows
        for (int round = 0; round < 40; round++) {
            for (int i = 0; i < 3; i++, next++) {
                owed.add(next, next * 10L, next * 100L, next % 2 == 0);
            }
            for (int i = 0; i < 2; i++, expected++) {
                assertOldest(owed, expected);
            }
        }
        assertEquals(40, owed.size());
        while (!owed.isEmpty()) {
            assertOldest(owed, expected++);
        }
        assertEquals(next, expected);
        assertNull(owed.peek());
    }

    @Test
    void reusesItsSlotsOnceGrown() {
        OwedResponses owed = new OwedResponses();
        OwedResponses.Owed first = owed.add(1, 1, 0, true);
        ReceiptFields fields = first.receipt();
        owed.remove();
        OwedResponses.Owed again = owed.add(2, 2, 0, true);
        assertSame(first, again);
        assertSame(fields, again.receipt(), "a slot's receipt fields are made once");
        owed.clear();
        assertTrue(owed.isEmpty());
        assertSame(first, owed.add(3, 3, 0, false));
    }

    private static void assertOldest(OwedResponses owed, int sequence) {
        OwedResponses.Owed oldest = owed.peek();
        assertEquals(sequence, oldest.sequenceNumber);
        assertEquals(sequence * 10L, oldest.messageId);
        assertEquals(sequence * 100L, oldest.dueNanos);
        assertEquals(sequence % 2 == 0, oldest.receiptOwed);
        owed.remove();
    }
}
