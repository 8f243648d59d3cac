package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.DurableSessionContract;
import dev.wirebench.fix.engine.FixEngine;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** QuickFIX/J's durable session: the file store kept across restarts, gaps filled from it. */
class QuickFixJDurableSessionTest extends DurableSessionContract {

    @Override
    protected FixEngine durable(Path directory) {
        return QuickFixJEngine.durable(QuickFixJVariant.DEFAULT, directory);
    }

    @Test
    void shouldRefuseAVariantWithoutAStoreSayingWhy() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QuickFixJEngine.durable(QuickFixJVariant.TUNED, dir));
        assertEquals("quickfixj-tuned keeps no store (NoopStoreFactory): it cannot resend what a lost connection took,"
                + " so it cannot promise delivery", e.getMessage());
    }
}
