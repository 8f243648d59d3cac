package dev.wirebench.fix.artio;

import dev.wirebench.fix.artio.codecs.FixDictionaryImpl;
import dev.wirebench.fix.engine.PingPong;
import io.aeron.CommonContext;
import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.driver.MediaDriver;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import uk.co.real_logic.artio.CommonConfiguration;
import uk.co.real_logic.artio.ErrorHandlerFactory;
import uk.co.real_logic.artio.MonitoringAgentFactory;
import uk.co.real_logic.artio.engine.EngineConfiguration;
import uk.co.real_logic.artio.engine.FixEngine;
import uk.co.real_logic.artio.library.FixLibrary;
import uk.co.real_logic.artio.library.LibraryConfiguration;
import uk.co.real_logic.artio.validation.SessionPersistenceStrategy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One side's Artio, as an Artio user embeds it: a media driver, a {@link FixEngine} (the framer, which
 * owns the TCP connections) and the {@link FixLibrary} that owns the sessions, talking over Aeron IPC,
 * all in a fresh directory deleted on close. Each side has its own, as a server and a client in two JVMs
 * would: nothing is shared when both run in one JVM (the tests), so closing one never touches the other.
 */
final class ArtioStack implements AutoCloseable {

    /** The engine-library streams: both ends live in this JVM. */
    static final String LIBRARY_CHANNEL = "aeron:ipc";
    /** A durable side's archive control responses: in this JVM too. */
    private static final String IPC = "aeron:ipc";
    /** How long the library may take to find its engine: a cold JVM on a busy machine is slow. */
    private static final long CONNECT_MILLIS = 30_000;

    /** What every stack's directory is called first, so that orphans can be found. */
    static final String PREFIX = "wirebench-artio-";
    /** A directory younger than this may belong to a stack still starting. */
    private static final long ORPHAN_MILLIS = 60_000;
    /** A media driver that has not beaten for this long is gone. */
    private static final long DRIVER_SILENT_MILLIS = 5_000;

    private static final MonitoringAgentFactory PRINT_ERRORS =
            MonitoringAgentFactory.consumeDistinctErrors(ArtioStack::printError);

    private final Path directory;
    private final String side;
    private Threading.Side threads;
    private MediaDriver driver;
    private Archive archive;
    private FixEngine engine;
    private FixLibrary library;

    private ArtioStack(Path directory, String side) {
        this.directory = directory;
        this.side = side;
    }

    /**
     * Starts the driver, the engine (its agents run as {@code threads} says, configured further by
     * {@code engineSetup}) and the library (by {@code librarySetup}), and waits until the library is
     * connected to its engine, polling on the calling thread. The engine's errors go
     * to Artio's distinct-error log, which prints one line for each, except those {@code reported} takes:
     * what the caller turns into an exception of its own.
     *
     * @param durable null for the benchmarked set-up (no message log, every file deleted on close); else the
     *                directory, kept after close, of a durable side ({@code fix --faults}): an Aeron Archive logs
     *                every message sent and received, from which the engine answers a ResendRequest, and the
     *                engine's sequence-number indexes stay there, so that a side started again on it carries on
     *                its sessions; an acceptor keeps every session's sequence numbers across logons
     * @throws IOException when a part does not start; everything started is closed again
     */
    static ArtioStack launch(String side, Threading.Side threads, Path durable, Consumer<EngineConfiguration> engineSetup,
                             Consumer<LibraryConfiguration> librarySetup, Predicate<Throwable> reported)
            throws IOException {
        Path parent = Path.of(CommonConfiguration.optimalTmpDirName());
        removeOrphans(parent);
        ArtioStack stack = new ArtioStack(Files.createTempDirectory(parent, PREFIX + side + "-"), side);
        try {
            stack.start(threads, durable, engineSetup, librarySetup, reported);
            return stack;
        } catch (IOException | RuntimeException | Error e) {
            stack.closeAfter(e);
            throw e;
        }
    }

    /**
     * Deletes the directories that stacks of JVMs killed before closing them left behind (each some 90 MB
     * of shared memory): older than a minute, and their media driver beats no more. Best effort: a
     * directory that cannot be read or deleted is left.
     */
    static void removeOrphans(Path parent) {
        long now = System.currentTimeMillis();
        try (Stream<Path> all = Files.list(parent)) {
            for (Path directory : (Iterable<Path>) all::iterator) {
                if (directory.getFileName().toString().startsWith(PREFIX)
                        && now - Files.getLastModifiedTime(directory).toMillis() > ORPHAN_MILLIS
                        && !driverBeats(directory.resolve("aeron"))) {
                    new ArtioStack(directory, "orphan").deleteDirectory();
                    System.err.println("artio: removed " + directory + ", left by a JVM that did not close its engine");
                }
            }
        } catch (IOException | RuntimeException e) {
            // another JVM may be deleting the same orphan; what is left is tried again next time
        }
    }

    private static boolean driverBeats(Path aeronDirectory) {
        try {
            return CommonContext.isDriverActive(aeronDirectory.toFile(), DRIVER_SILENT_MILLIS, message -> { });
        } catch (RuntimeException neverInitialised) {
            return false;
        }
    }

    private void start(Threading.Side threads, Path durable, Consumer<EngineConfiguration> engineSetup,
                       Consumer<LibraryConfiguration> librarySetup, Predicate<Throwable> reported) throws IOException {
        this.threads = threads;
        Path aeronDirectory = directory.resolve("aeron");
        driver = MediaDriver.launch(Threading.driver(aeronDirectory, threads.driverIdle()));
        if (durable != null) {
            archive = Archive.launch(archive(aeronDirectory, Files.createDirectories(durable.resolve("archive"))));
        }

        EngineConfiguration engineConfiguration = new EngineConfiguration()
                .libraryAeronChannel(LIBRARY_CHANNEL)
                .logFileDir((durable == null ? directory : durable).resolve("engine").toString())
                .monitoringFile(directory.resolve("engine-monitoring").toString())
                .histogramLoggingFile(directory.resolve("engine-histograms").toString())
                // benchmarked: no message log, hence no Aeron Archive, and a ResendRequest is answered with a gap fill
                .logInboundMessages(durable != null)
                .logOutboundMessages(durable != null)
                .printStartupWarnings(false)
                .acceptorfixDictionary(FixDictionaryImpl.class)
                .defaultHeartbeatIntervalInS(PingPong.HEART_BT_INT)
                .monitoringAgentFactory(PRINT_ERRORS)
                .errorHandlerFactory(errorBuffer -> {
                    ErrorHandler distinct = ErrorHandlerFactory.saveDistinctErrors().make(errorBuffer);
                    return error -> {
                        if (!reported.test(error)) {
                            distinct.onError(error);
                        }
                    };
                });
        engineConfiguration.aeronContext().aeronDirectoryName(aeronDirectory.toString());
        if (durable != null) {
            engineConfiguration.sessionPersistenceStrategy(SessionPersistenceStrategy.alwaysPersistent())
                    .deleteLogFileDirOnStart(false)
                    // see ArtioClient: what arrives past a gap being filled is asked for again, not dropped
                    .acceptedSessionSendRedundantResendRequests(true);
            engineConfiguration.aeronArchiveContext()
                    .controlRequestChannel(AeronArchive.Configuration.localControlChannel())
                    .controlResponseChannel(IPC);
        }
        threads.configure(engineConfiguration);
        engineSetup.accept(engineConfiguration);
        engine = FixEngine.launch(engineConfiguration);

        LibraryConfiguration libraryConfiguration = new LibraryConfiguration()
                .libraryAeronChannels(List.of(LIBRARY_CHANNEL))
                .defaultHeartbeatIntervalInS(PingPong.HEART_BT_INT);
        libraryConfiguration.monitoringFile(directory.resolve("library-monitoring").toString())
                .histogramLoggingFile(directory.resolve("library-histograms").toString())
                .monitoringAgentFactory(PRINT_ERRORS);
        libraryConfiguration.aeronContext().aeronDirectoryName(aeronDirectory.toString());
        threads.configure(libraryConfiguration);
        librarySetup.accept(libraryConfiguration);
        library = FixLibrary.connect(libraryConfiguration);
        IdleStrategy idle = new SleepingMillisIdleStrategy(1);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(CONNECT_MILLIS);
        while (!library.isConnected()) {
            if (System.nanoTime() > deadline) {
                throw new IOException("the artio " + side + "'s library did not connect to its engine within "
                        + CONNECT_MILLIS / 1000 + " s");
            }
            idle.idle(poll(10));
        }
    }

    /**
     * A durable side's archive, in this side's media driver: reached over IPC only (no UDP control channel, so it
     * listens on no port), one thread that parks when idle, its recordings in {@code archiveDirectory}.
     */
    private static Archive.Context archive(Path aeronDirectory, Path archiveDirectory) {
        return new Archive.Context()
                .aeronDirectoryName(aeronDirectory.toString())
                .archiveDir(archiveDirectory.toFile())
                .deleteArchiveOnStart(false)
                .controlChannelEnabled(false)
                // required, though only replication to another archive would use it
                .replicationChannel("aeron:udp?endpoint=localhost:0")
                .archiveClientContext(new AeronArchive.Context().controlResponseChannel(IPC))
                .threadingMode(ArchiveThreadingMode.SHARED)
                .idleStrategySupplier(Threading::park);
    }

    /**
     * One duty cycle on the thread that launched the stack, until it hands the library to its poller: the
     * framer stepped, if this side's poller runs it, then the library polled.
     */
    int poll(int fragmentLimit) {
        return stepFramer() + library.poll(fragmentLimit);
    }

    /** One step of the framer when this side spins and the caller owns it (see {@link SteppedFramer}); else 0. */
    int stepFramer() {
        return threads.stepFramer();
    }

    /** Makes {@code poller} the thread that steps the framer, if this side spins; the caller stops stepping it. */
    void handFramerTo(Thread poller) {
        threads.handFramerTo(poller);
    }

    /** The idle strategy of the thread that polls {@link #library()}. */
    IdleStrategy pollerIdle() {
        return threads.pollerIdle();
    }

    /** Wakes the engine's thread, if it parks, for a message just handed to it from outside the polling thread. */
    void wakeEngine() {
        threads.wakeEngine();
    }

    FixEngine engine() {
        return engine;
    }

    FixLibrary library() {
        return library;
    }

    /** One line per distinct error Artio records (the whole trace stays in its monitoring file until close). */
    private static void printError(int count, long firstMillis, long lastMillis, String encodedException) {
        int end = encodedException.indexOf('\n');
        System.err.println("artio: " + (end < 0 ? encodedException : encodedException.substring(0, end)).trim()
                + (count > 1 ? " (" + count + " times)" : ""));
    }

    /** Closes everything after {@code failure} (a start that failed), keeping anything closing throws beside it. */
    void closeAfter(Throwable failure) {
        try {
            close();
        } catch (RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Closes the library, the engine and the driver, in that order, then deletes the directory in any case.
     * The library's poller must have stopped: a spinning side's framer is stepped by the caller meanwhile.
     */
    @Override
    public void close() {
        try {
            FixEngine closing = engine;
            CloseHelper.closeAll(library,
                    closing == null ? null : () -> threads.close(closing, "fix-artio-" + side + "-close"), archive,
                    driver);
        } finally {
            library = null;
            engine = null;
            archive = null;
            driver = null;
            deleteDirectory();
        }
    }

    private void deleteDirectory() {
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the artio " + side + "'s files in " + directory
                    + ": remove it by hand", e);
        }
    }
}
