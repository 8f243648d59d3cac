package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixEngineContract;

/** The engine contract on Artio spinning ({@code --spin}): per side one thread polls the library and steps the framer. */
class ArtioSpinningEngineTest extends FixEngineContract {

    @Override
    protected FixEngine engine() {
        return new ArtioEngine(true);
    }
}
