package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
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
    /** The durable session's directory ({@code fix --faults}), or null. */
    private final Path durable;

    /** An engine in the given configuration. */
    public QuickFixJEngine(QuickFixJVariant variant) {
        this.variant = Objects.requireNonNull(variant, "variant");
        this.durable = null;
    }

    private QuickFixJEngine(QuickFixJVariant variant, Path durable) {
        this.variant = variant;
        this.durable = durable;
    }

    /**
     * The engine with a durable session ({@code fix --faults}): sequence numbers and sent messages kept in the
     * file store under {@code directory} across lost connections and restarts (the server's in
     * {@code directory/server}, the client's in {@code directory/client}), the client logging on again by itself
     * and filling gaps by resend, the server executing each ClOrdID once. Only a variant with a file store can
     * promise that.
     *
     * @throws IllegalArgumentException for a variant without a file store, saying why
     */
    public static QuickFixJEngine durable(QuickFixJVariant variant, Path directory) {
        if (!variant.fileStore()) {
            throw new IllegalArgumentException(variant.name() + " keeps no store (NoopStoreFactory): it cannot resend"
                    + " what a lost connection took, so it cannot promise delivery");
        }
        return new QuickFixJEngine(variant, directory);
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
        Map<String, String> s = variant.describe();
        if (durable != null) {
            s.put("sequence numbers", "durable: ResetOnLogon=N, ResetOnLogout=N, ResetOnDisconnect=N; kept in the file"
                    + " store across lost connections and server restarts; gaps filled by ResendRequest, resent"
                    + " messages carry PossDupFlag=Y");
            s.put("delivery", "each ClOrdID executed once: the server records it before answering and answers a known"
                    + " one with its fill again (PossResend=Y) instead of executing it");
        }
        return s;
    }

    @Override
    public FixServer startServer(InetSocketAddress bind) throws IOException {
        return durable == null ? QuickFixJServer.start(variant, bind)
                : QuickFixJServer.start(variant, bind, directory("server"));
    }

    @Override
    public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException {
        return durable == null ? QuickFixJClient.connect(variant, server, logonTimeout, listener)
                : QuickFixJClient.connect(variant, server, logonTimeout, listener, directory("client"));
    }

    private Path directory(String side) throws IOException {
        return java.nio.file.Files.createDirectories(durable.resolve(side));
    }

    @Override
    public String toString() {
        return name();
    }
}
