package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.DurableSessionContract;
import dev.wirebench.fix.engine.FixEngine;

import java.nio.file.Path;

/**
 * Artio's durable session: an Aeron Archive per side kept across restarts, gaps filled from it, and the restarted
 * server's library handed every message after the last order it answered.
 */
class ArtioDurableSessionTest extends DurableSessionContract {

    @Override
    protected FixEngine durable(Path directory) {
        return ArtioEngine.durable(directory);
    }

    /** The client holds an order made between connections and sends it, new, after the next Logon. */
    @Override
    protected boolean resendsOrdersMadeWhileAway() {
        return false;
    }
}
