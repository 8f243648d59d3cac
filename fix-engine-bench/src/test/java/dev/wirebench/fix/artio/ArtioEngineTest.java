package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The engine contract, on Artio with its default (backing-off) threads. */
class ArtioEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return new ArtioEngine();
    }
}
