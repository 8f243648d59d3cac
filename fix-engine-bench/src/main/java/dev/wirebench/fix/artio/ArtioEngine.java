package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Artio 0.175 as a FIX 4.4 engine: on each side an embedded Aeron media driver, an Artio engine (the
 * framer, which owns the TCP connections) and one library (which owns the sessions), talking over Aeron
 * IPC; codecs generated at build time from schemas/fix/fix44-pingpong.xml. Message logging is off, so
 * no Aeron Archive runs. {@code spin} chooses one busy-spinning thread per side, polling the library and
 * stepping the framer, over parking engine and library threads (see {@link #settings()}).
 */
public final class ArtioEngine implements FixEngine {

    static final String NAME = "artio";

    /**
     * What a JVM running Artio needs on its command line, on JDK 17 and 25 alike: Agrona 2's buffers use
     * jdk.internal.misc, and Artio's framer swaps the selected-key set of a sun.nio.ch selector by reflection,
     * without which its engine does not start. (JDK 25 printed no sun.misc.Unsafe warning without
     * {@code --sun-misc-unsafe-memory-access=allow}.)
     */
    public static final List<String> JVM_FLAGS = List.of("--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED");

    private final Threading threading;
    /** The durable session's directory ({@code fix --faults}), or null. */
    private final Path durable;

    /** The default: threads park while idle, as the two-core machines need. */
    public ArtioEngine() {
        this(false);
    }

    /**
     * @param spin whether one thread per side busy-spins, polling the library and stepping the framer, rather
     *             than an engine thread and a library thread that park
     */
    public ArtioEngine(boolean spin) {
        this(spin, null);
    }

    private ArtioEngine(boolean spin, Path durable) {
        this.threading = new Threading(spin);
        this.durable = durable;
    }

    /**
     * The engine with a durable session ({@code fix --faults}), threads parking: on each side an Aeron Archive logs
     * every message, and the engine's indexes, under {@code directory} (the server's in {@code directory/server},
     * the client's in {@code directory/client}), kept across lost connections and restarts; the acceptor keeps
     * sequence numbers across logons, the client logs on again by itself without resetting them, a gap is filled
     * by resend from the archive, and the server executes each ClOrdID once.
     */
    public static ArtioEngine durable(Path directory) {
        return new ArtioEngine(false, directory);
    }

    /** {@code artio} either way, as the other engines that can spin: the settings say which it does. */
    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("library", "Artio 0.175 (artio-core, Aeron 1.50.0), FIX 4.4 codecs generated from "
                + "schemas/fix/fix44-pingpong.xml by Artio's CodecGenerationTool");
        settings.put("threading", threading.describeThreads() + "; the client's orders from another thread take a "
                + "lock the poller holds only while it polls, and it steps aside while one waits");
        settings.put("idle", threading.describeIdle());
        settings.put("transport", "engine-library over Aeron IPC (term " + (Threading.IPC_TERM_LENGTH >> 20)
                + " MB) through an embedded media driver in a temp directory per side (under /dev/shm on Linux), "
                + "deleted on close; TCP_NODELAY on (Artio's default), socket buffers 1 MB");
        if (durable == null) {
            settings.put("store", "no message log (logInboundMessages=false, logOutboundMessages=false), hence no Aeron "
                    + "Archive: a ResendRequest is answered with a gap fill; sequence numbers are transient (reset at "
                    + "every Logon, 141=Y) but still indexed to memory-mapped files by the engine's indexer");
        } else {
            settings.put("store", "message log on (logInboundMessages, logOutboundMessages) into an Aeron Archive per "
                    + "side (IPC control only, one parking thread), kept with the engine's indexes in the durable "
                    + "directory across restarts; a ResendRequest is answered from it with PossDupFlag=Y");
            settings.put("sequence numbers", "durable: the acceptor's SessionPersistenceStrategy.alwaysPersistent, the"
                    + " initiator's sequenceNumbersPersistent and no ResetSeqNumFlag; after a lost connection the client"
                    + " logs on again every " + ArtioClient.RECONNECT_INTERVAL.toSeconds() + " s, a gap either way"
                    + " filled by ResendRequest from the archive");
            settings.put("acceptor", "the engine owns each session from its Logon and the server's library takes it"
                    + " with every message after the last order it answered replayed (FixLibrary.requestSession), so an"
                    + " order the engine read before a restart is answered after it; both sides send redundant"
                    + " ResendRequests, so a message that arrives past a gap being filled is asked for again;"
                    + " only WBCLIENT to WBSERVER may log on");
            settings.put("allocation", "the server's ledger of ClOrdIDs, a String and a line written per order; the"
                    + " archive's recording");
            settings.put("delivery", "each ClOrdID executed once: the server records it before answering and answers"
                    + " a known one with its fill again (PossResend=Y) instead of executing it; an order made while"
                    + " the client is not logged on waits in the client and goes after the next Logon (the lost"
                    + " connection's Session would archive it, but the next Logon makes a new one)");
        }
        settings.put("log", "none (Artio's debug logging is off unless fix.core.debug is set); errors go to a "
                + "distinct-error buffer and one line each on stderr");
        settings.put("validates", "engine: BodyLength and CheckSum of every message (one that fails is dropped and "
                + "the gap asked for), a message over the 16 KB receive buffer ends the connection; the server also "
                + "checks framing as bytes arrive (8=FIX.4.4|9=n|...10=ddd|) and ends the connection on anything else, "
                + "since Artio would drop the rest of that read silently; session: CompIDs on every message, MsgSeqNum, "
                + "SendingTime within 2 min; codecs: required fields, duplicate tags, value formats and enum values on "
                + "decode (Artio's default, fix.codecs.no_validation unset); the server rejects (35=3) an order that "
                + "fails them, lacks Price or OrderQty, or has a tag or a number the decoder throws on (a tag that is"
                + " not a number, an exponent past its table of powers of ten); let through: fields not in the"
                + " dictionary (skipped, fix.codecs.reject_unknown_field unset), and the client does not validate"
                + " reports beyond decoding them");
        settings.putIfAbsent("acceptor", "sole-library mode (the library owns each session from its Logon); only "
                + "WBCLIENT to WBSERVER may log on");
        settings.put("heartbeats", "HeartBtInt 30 s, sent and checked by Artio's session");
        settings.put("SendingTime", "Artio's session clock, milliseconds");
        settings.putIfAbsent("allocation", "none per order on either side (reused encoders and decoders; the server echoes "
                + "ClOrdID and Symbol from the received buffer)");
        return Collections.unmodifiableMap(settings);
    }

    @Override
    public FixServer startServer(InetSocketAddress bind) throws IOException {
        requireJvmFlags();
        return ArtioServer.start(bind, threading, directory("server"));
    }

    @Override
    public FixClient connect(InetSocketAddress server, Duration logonTimeout, ReportListener listener) throws IOException {
        requireJvmFlags();
        return ArtioClient.logOn(server, logonTimeout, threading, listener, directory("client"));
    }

    private Path directory(String side) throws IOException {
        return durable == null ? null : Files.createDirectories(durable.resolve(side));
    }

    /** Says, in one line, which flag is missing, rather than letting Artio fail in a static initialiser. */
    static void requireJvmFlags() throws IOException {
        Module base = Object.class.getModule();
        Module ours = ArtioEngine.class.getModule();
        if (!base.isExported("jdk.internal.misc", ours) || !base.isOpen("sun.nio.ch", ours)) {
            throw new IOException("artio needs the JVM flags " + String.join(" ", JVM_FLAGS) + " (this JVM lacks "
                    + (base.isOpen("sun.nio.ch", ours) ? "the first" : base.isExported("jdk.internal.misc", ours)
                    ? "the second" : "both") + ")");
        }
    }
}
