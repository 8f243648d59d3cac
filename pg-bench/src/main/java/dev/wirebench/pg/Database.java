package dev.wirebench.pg;

import io.zonky.test.db.postgres.embedded.DefaultPostgresBinaryResolver;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import io.zonky.test.db.postgres.util.LinuxUtils;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The PostgreSQL server a run talks to: an embedded one this process starts (data in a temporary
 * directory, stopped and deleted on close; kept with {@code --keep}, see {@link KeptServer}) or a running
 * one named by a JDBC URL. Connections come from {@link #connect}; the password never leaves this class.
 */
final class Database implements AutoCloseable {

    /** How long a connection attempt may take before the URL is reported unreachable, in seconds. */
    static final int CONNECT_TIMEOUT_SECONDS = 10;

    private final String url;
    private final String user;
    private final String password;
    private final EmbeddedPostgres embedded;
    private final Path embeddedDir;
    private final boolean keep;
    /** What a kept embedded server leaves and how to reach it again; null unless embedded with keep. */
    private final KeptServer kept;
    /** Stops the embedded server and removes its files when the JVM exits before {@link #close} (Ctrl-C). */
    private final Thread stopOnExit = new Thread(this::stop, "embedded-postgres-stop");
    /** Set by the first {@link #stop}; guarded by {@code this}. */
    private boolean stopped;

    private Database(String url, String user, String password, EmbeddedPostgres embedded, Path embeddedDir,
                     boolean keep, KeptServer kept) {
        this.url = url;
        this.user = user;
        this.password = password;
        this.embedded = embedded;
        this.embeddedDir = embeddedDir;
        this.keep = keep;
        this.kept = kept;
    }

    /**
     * A running server; one connection is opened (and closed) here so that a wrong URL, user or password
     * fails before anything else.
     *
     * @throws PgException naming the URL (without password) and the driver's reason
     */
    static Database external(String url, String user, String password) {
        Database db = new Database(url, user, password, null, null, true, null);
        try (Connection ignored = db.connect(false, null)) {
            return db;
        } catch (SQLException e) {
            throw new PgException("cannot connect to " + Redact.url(url) + (user == null ? "" : " as " + user) + ": "
                    + oneLine(e), e);
        }
    }

    /**
     * Starts an embedded PostgreSQL in a new temporary directory.
     *
     * @param port 0 for any free port
     * @param keep leave the data directory in place on close, and unpack the PostgreSQL binaries beside it
     *             (instead of into zonky's shared cache under the temporary directory) so that it can be
     *             started again later on its own; see {@link #kept()}
     * @throws PgException saying why it did not start and that {@code --jdbc-url} is the way around it
     */
    static Database embedded(int port, boolean keep, PrintStream progress) {
        if (port != 0) {
            checkFree(port);
        }
        Path dir;
        try {
            dir = Files.createTempDirectory("wirebench-pg-");
        } catch (IOException e) {
            throw new PgException("no temporary directory for the embedded PostgreSQL (" + e.getMessage()
                    + "); point pg at a running server with --jdbc-url URL --user U", e);
        }
        Path log = dir.resolve("postgres.log");
        progress.println("pg: starting an embedded PostgreSQL in " + dir + (port == 0 ? "" : " on port " + port)
                + (keep ? " (--keep: with its binaries, so that the directory can be started again later)" : ""));
        EmbeddedPostgres.Builder builder = EmbeddedPostgres.builder()
                .setDataDirectory(dir.resolve("data"))
                .setCleanDataDirectory(!keep)
                .setRegisterShutdownHook(false) // ours below also deletes the directory
                .setPGStartupWait(Duration.ofSeconds(60))
                .setOutputRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .setErrorRedirector(ProcessBuilder.Redirect.appendTo(log.toFile()));
        if (port != 0) {
            builder.setPort(port);
        }
        if (keep) {
            // zonky caches the unpacked binaries per resolver instance for the life of the JVM: a resolver of
            // its own makes it unpack them again, into this directory
            builder.setOverrideWorkingDirectory(dir.toFile())
                    .setPgBinaryResolver((system, machine) -> DefaultPostgresBinaryResolver.INSTANCE.getPgBinary(system, machine));
        }
        EmbeddedPostgres pg;
        try {
            pg = builder.start();
        } catch (IOException | RuntimeException e) {
            String tail = tail(log);
            if (!keep) {
                deleteQuietly(dir);
            }
            throw new PgException("the embedded PostgreSQL did not start: " + oneLine(e)
                    + (tail.isEmpty() ? "" : " (server log: " + tail + ")")
                    + "; point pg at a running server with --jdbc-url URL --user U", e);
        }
        KeptServer kept = null;
        if (keep) {
            Path binaries = KeptServer.binaries(dir);
            if (binaries == null) {
                closeQuietly(pg);
                throw new PgException("--keep: the embedded PostgreSQL's binaries were not unpacked into " + dir
                        + ", so its data directory could not be started again; nothing was run");
            }
            ownerOnly(dir); // zonky made it writable by all, as for its shared cache of binaries
            // zonky runs PostgreSQL through `unshare -U` exactly when this is true (as root: PostgreSQL refuses root)
            kept = new KeptServer(dir, binaries, pg.getPort(), LinuxUtils.isUnshareAvailable());
        }
        Database db = new Database(pg.getJdbcUrl("postgres", "postgres"), "postgres", null, pg, dir, keep, kept);
        Runtime.getRuntime().addShutdownHook(db.stopOnExit);
        return db;
    }

    private static void ownerOnly(Path dir) {
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        } catch (IOException | UnsupportedOperationException ignored) {
            // as zonky left it: the data directory inside is the owner's only either way
        }
    }

    private static void closeQuietly(EmbeddedPostgres pg) {
        try {
            pg.close();
        } catch (IOException | RuntimeException ignored) {
            // reporting why it is being closed matters more
        }
    }

    /**
     * Fails at once when something listens on {@code port} already: the embedded server would otherwise
     * start on another address of localhost and the client might reach the wrong server.
     */
    private static void checkFree(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
        } catch (IOException e) {
            throw new PgException("the embedded PostgreSQL cannot have port " + port + ": " + e.getMessage()
                    + "; leave out --embedded-port for any free port, or point pg at a running server with"
                    + " --jdbc-url URL --user U", e);
        }
    }

    /** Whether this is the embedded server this process started. */
    boolean isEmbedded() {
        return embedded != null;
    }

    /** The JDBC URL, as given or as the embedded server has it; may hold a password: never print it. */
    String url() {
        return url;
    }

    /** The URL as it may be shown: without a password. */
    String describe() {
        return (embedded != null ? "embedded PostgreSQL, " : "") + Redact.url(url) + (user == null ? "" : " as " + user);
    }

    /** Where the embedded server keeps its files, or null for a running server. */
    Path embeddedDirectory() {
        return embeddedDir;
    }

    /** What the embedded server started with keep leaves, and the command lines that reach it; null otherwise. */
    KeptServer kept() {
        return kept;
    }

    /** Null when the server answers {@code SELECT 1}, else why not, on one line. */
    String whyNotAnswering() {
        try (Connection c = connect(false, null);
             Statement s = c.createStatement()) {
            s.executeQuery("SELECT 1").close();
            c.rollback();
            return null;
        } catch (SQLException e) {
            return oneLine(e);
        }
    }

    /**
     * A new connection, auto-commit off.
     *
     * @param rewriteBatchedInserts the driver's {@code reWriteBatchedInserts}: a batch of single-row
     *                              INSERTs sent as multi-row INSERTs
     * @param schema                the {@code currentSchema} of the connection, or null for the default
     */
    Connection connect(boolean rewriteBatchedInserts, String schema) throws SQLException {
        Properties props = new Properties();
        if (user != null) {
            props.setProperty("user", user);
        }
        if (password != null) {
            props.setProperty("password", password);
        }
        props.setProperty("connectTimeout", Integer.toString(CONNECT_TIMEOUT_SECONDS));
        props.setProperty("ApplicationName", "wirebench pg");
        props.setProperty("reWriteBatchedInserts", Boolean.toString(rewriteBatchedInserts));
        if (schema != null) {
            props.setProperty("currentSchema", schema);
        }
        Connection connection = DriverManager.getConnection(url, props);
        connection.setAutoCommit(false);
        return connection;
    }

    @Override
    public void close() {
        if (embedded == null) {
            return;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException exiting) {
            // the JVM is exiting and the hook may be stopping the server: stop() waits for it to finish
        }
        stop();
    }

    /** Stops the embedded server once; a second caller waits until the first has stopped it. */
    private synchronized void stop() {
        if (stopped) {
            return;
        }
        stopped = true;
        try {
            embedded.close();
        } catch (IOException e) {
            throw new UncheckedIOException("stopping the embedded PostgreSQL", e);
        } finally {
            if (!keep) {
                deleteQuietly(embeddedDir);
            }
        }
    }

    /** The message of {@code e} and its causes on one line, each said once. */
    static String oneLine(Throwable e) {
        StringBuilder line = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = t.getMessage() == null ? t.getClass().getSimpleName()
                    : t.getMessage().strip().replaceAll("\\.+$", "");
            if (!line.toString().contains(message)) {
                line.append(line.length() == 0 ? "" : ": ").append(message);
            }
        }
        return line.toString().replaceAll("\\s*\\R\\s*", " ");
    }

    /** The last few lines of the embedded server's log, joined, or "" when there is none. */
    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())).strip();
        } catch (IOException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temporary directory is not worth failing the run for
        }
    }
}
