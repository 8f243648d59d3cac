package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The shared engine contract for tuned QuickFIX/J (no store, no log, no validation but what drops a garbled message). */
class QuickFixJTunedEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return QuickFixJEngine.named("quickfixj-tuned").orElseThrow();
    }
}
