package dev.wirebench.fix.philadelphia;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The engine contract, on Philadelphia. */
class PhiladelphiaEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return new PhiladelphiaEngine();
    }
}
