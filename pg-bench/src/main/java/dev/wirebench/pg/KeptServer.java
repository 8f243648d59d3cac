package dev.wirebench.pg;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What {@code pg --keep} leaves of the embedded server, and the shell command lines that reach it: the
 * directory holds {@code data/} (the data directory), {@code postgres.log} and {@code PG-<digest>/}, the
 * PostgreSQL binaries the server ran from, so that it can be started again without this program, and moved
 * as a whole (the binaries find their libraries relative to themselves).
 *
 * <p>As root, zonky runs PostgreSQL through {@code unshare -U} (a new user namespace where the process is an
 * unprivileged user: PostgreSQL refuses to run as root); the files belong to root, and the printed
 * {@code pg_ctl} lines do the same. For any other user they are plain {@code pg_ctl} lines.
 *
 * @param directory the directory the embedded server was started in
 * @param binaries  its {@code PG-<digest>} directory, holding {@code bin/pg_ctl}
 * @param port      the port it listens on (localhost only)
 * @param unshare   whether its programs run through {@code unshare -U}
 */
record KeptServer(Path directory, Path binaries, int port, boolean unshare) {

    static final String USER = "postgres";
    static final String DATABASE = "postgres";

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    /** The {@code PG-*} directory under {@code dir} holding {@code bin/pg_ctl}, or null when there is none. */
    static Path binaries(Path dir) {
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(p -> p.getFileName().toString().startsWith("PG-")
                    && Files.isExecutable(p.resolve("bin").resolve("pg_ctl"))).findFirst().orElse(null);
        } catch (IOException e) {
            return null;
        }
    }

    Path data() {
        return directory.resolve("data");
    }

    Path log() {
        return directory.resolve("postgres.log");
    }

    /** Whether a server runs on the data directory: {@code postmaster.pid} exists until it has shut down. */
    boolean running() {
        return Files.exists(data().resolve("postmaster.pid"));
    }

    String jdbcUrl() {
        return "jdbc:postgresql://localhost:" + port + "/" + DATABASE + "?user=" + USER;
    }

    /**
     * A psql command line for the server; {@code psql} is the program to name (an absolute path), or null
     * for a bare {@code psql}. The embedded binaries hold no psql (only initdb, pg_ctl and postgres), so it
     * has to be a client installed apart; any recent one connects, with no environment of its own needed.
     */
    String psql(Path psql) {
        return (psql == null ? "psql" : quote(psql.toString())) + " -h localhost -p " + port + " -U " + USER
                + " -d " + DATABASE;
    }

    /** Starts the kept data directory again on the same port, logging to {@code postgres.log}. */
    String start() {
        return pgCtl() + " -D " + quote(data().toString()) + " -l " + quote(log().toString()) + " -o "
                + quote("-p " + port) + " start";
    }

    /** Stops a server started by {@link #start()} (or still running from the run). */
    String stop() {
        return pgCtl() + " -D " + quote(data().toString()) + " stop";
    }

    private String pgCtl() {
        return (unshare ? "unshare -U " : "") + quote(binaries.resolve("bin").resolve("pg_ctl").toString());
    }

    /** The first executable {@code psql} on the {@code PATH}, or null. */
    static Path psqlOnPath() {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(Pattern.quote(File.pathSeparator))) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "psql").toAbsolutePath();
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /** {@code s} as one word of a POSIX shell command line: as is when plain, else in single quotes. */
    static String quote(String s) {
        return PLAIN.matcher(s).matches() ? s : "'" + s.replace("'", "'\\''") + "'";
    }
}
