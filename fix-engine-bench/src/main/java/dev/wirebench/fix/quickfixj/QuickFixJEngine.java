package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * QuickFIX/J 3.0.0 behind the engine SPI, in one of several configurations ({@link QuickFixJVariant}):
 * {@code quickfixj} as a typical user runs it, {@code quickfixj-tuned} with store and log off and
 * validation down to what drops a garbled message, the tuned one with one of those put back
 * ({@code +filestore}, {@code +filelog}, {@code +validation}), and the tuned one without the data
 * dictionary ({@code -nochecksum}), which executes garbled orders and is there to measure what the check costs.
 *
 * <p>Sessions are built in code (no settings files), FIX 4.4 between the fixed CompIDs, and reset to
 * sequence number 1 on every logon, logout and disconnect, so any number of sessions can follow one
 * another. One acceptor per JVM for the same CompIDs: QuickFIX/J keeps sessions in a static registry.
 */
public final class QuickFixJEngine implements FixEngine {

    /** Every QuickFIX/J engine name, in the order reports list them. */
    public static final List<String> NAMES = QuickFixJVariant.ALL.stream().map(QuickFixJVariant::name).toList();

    private final QuickFixJVariant variant;

    /** An engine in the given configuration. */
    public QuickFixJEngine(QuickFixJVariant variant) {
        this.variant = Objects.requireNonNull(variant, "variant");
    }

    /** The engine called {@code name}, if it is one of {@link #NAMES}. */
    public static Optional<QuickFixJEngine> named(String name) {
        return QuickFixJVariant.ALL.stream().filter(v -> v.name().equals(name)).findFirst().map(QuickFixJEngine::new);
    }

    /** The configuration this engine runs. */
    public QuickFixJVariant variant() {
        return variant;
    }

    @Override
    public String name() {
        return variant.name();
    }

    @Override
    public Map<String, String> settings() {
        return variant.describe();
    }

    @Override
    public FixServer startServer(InetSocketAddress bind) throws IOException {
        return QuickFixJServer.start(variant, bind);
    }

    @Override
    public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException {
        return QuickFixJClient.connect(variant, server, logonTimeout, listener);
    }

    @Override
    public String toString() {
        return name();
    }
}
