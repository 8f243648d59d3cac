package dev.wirebench.fix.raw;

import dev.wirebench.fix.engine.FixEngine;

/** The engine contract and raw's own checks with both sides polling non-blocking channels ({@code --spin}). */
class RawSpinningEngineTest extends RawEngineTest {

    @Override
    protected FixEngine engine() {
        return new RawEngine(true);
    }
}
