package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The shared engine contract for QuickFIX/J as a typical user configures it (file store, file log, validation). */
class QuickFixJEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return QuickFixJEngine.named("quickfixj").orElseThrow();
    }
}
