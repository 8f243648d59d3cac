package dev.wirebench.fix.philadelphia;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The engine contract on Philadelphia with both sides polling non-blocking channels ({@code --spin}). */
class PhiladelphiaSpinningEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return new PhiladelphiaEngine(true);
    }
}
