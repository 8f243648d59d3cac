package dev.wirebench.pg;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code pg --keep} on the embedded server: the printed JDBC URL and psql line connect while it serves, a
 * stop (what Ctrl-C does) shuts it down and keeps its directory, and the printed pg_ctl lines start and stop
 * that directory again. Every wait is for a condition, with a deadline.
 */
class PgKeepTest {

    /** A deadline for a run of a few dozen rows on a busy machine, never a pause. */
    private static final Duration DEADLINE = Duration.ofMinutes(4);
    private static final int ROWS = 40;

    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void keepServesTheEmbeddedServerUntilStoppedThenItsDirectoryStartsAgain() throws Exception {
        KeepServing serving = new KeepServing();
        AtomicInteger status = new AtomicInteger(-1);
        Thread run = new Thread(() -> status.set(PgCommand.run(new String[]{"--keep", "--rows", Integer.toString(ROWS),
                "--warmup", "100ms", "--repeats", "1", "--results-dir", results.toString()},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                serving)), "pg --keep");
        run.start();
        Path dir = null;
        KeptLines lines = null;
        try {
            assertTrue(serving.awaitServing(DEADLINE), "not serving within " + DEADLINE + ": " + output());
            String printed = output();
            assertTrue(run.isAlive(), printed);
            dir = Path.of(field(printed, "pg: starting an embedded PostgreSQL in ([^ \\n]+)"));
            lines = new KeptLines(printed);
            String block = printed.substring(printed.indexOf("pg --keep: the embedded PostgreSQL is still running"));
            assertTrue(printed.indexOf("\nResults: ") < printed.indexOf(block), "the block comes after the report");

            // the printed JDBC URL connects as it is, user included, and the run's rows are in the printed schema
            assertEquals(ROWS, count(lines.jdbcUrl, lines.schema));

            // the printed psql line connects from a shell, as a user would paste it
            Path psql = KeptServer.psqlOnPath();
            if (psql != null) {
                assertEquals(psql.toString(), lines.psql.split(" ")[0], block);
                Shell select = Shell.run(lines.psql + " -At -c 'select 1'");
                assertEquals(0, select.status, select.output);
                assertEquals("1", select.output.strip());
            } else { // nothing to run it with: the line must say so rather than name a psql that is not there
                assertTrue(block.contains("no psql on the PATH"), block);
            }

            // what Ctrl-C does, through the latch: the server stops and the directory stays
            serving.stop();
            run.join(DEADLINE.toMillis());
            assertFalse(run.isAlive(), output());
            assertEquals(0, status.get(), err.toString(StandardCharsets.UTF_8) + output());
            assertRefused(lines.port);
            Path data = dir.resolve("data");
            assertTrue(Files.isRegularFile(data.resolve("PG_VERSION")), "data directory kept: " + data);
            assertFalse(Files.exists(data.resolve("postmaster.pid")), "shut down cleanly");
            String after = output().substring(printed.length());
            assertTrue(after.contains("the embedded PostgreSQL stopped; its data directory stays in " + data), after);
            assertTrue(after.contains("start it again: " + lines.start), after);
            assertTrue(lines.start.contains(dir.toString()), "the binaries live in the kept directory: " + lines.start);

            // the printed pg_ctl lines start the kept directory again (as root through unshare -U) and stop it
            Shell start = Shell.run(lines.start);
            assertEquals(0, start.status, start.output);
            assertEquals(ROWS, count(lines.jdbcUrl, lines.schema));
            Shell stop = Shell.run(lines.stop);
            assertEquals(0, stop.status, stop.output);
            assertRefused(lines.port);
        } finally {
            serving.stop();
            run.join(DEADLINE.toMillis());
            if (dir != null) {
                if (lines != null && Files.exists(dir.resolve("data").resolve("postmaster.pid"))) {
                    Shell.run(lines.stop);
                }
                delete(dir);
            }
        }
    }

    @Test
    void aTakenPortIsOneLineAndNothingWaits() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            KeepServing serving = new KeepServing(); // never stopped: the run must not wait on it
            assertEquals(2, PgCommand.run(new String[]{"--keep", "--embedded-port", Integer.toString(taken.getLocalPort()),
                    "--rows", "10", "--warmup", "10ms", "--results-dir", results.toString()},
                    new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                    serving));
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("the embedded PostgreSQL cannot have port"), message);
        assertFalse(output().contains("still running"), output());
    }

    @Test
    void shellWordsAreQuotedOnlyWhenTheyNeedIt() throws IOException, InterruptedException {
        assertEquals("/tmp/x/bin/pg_ctl", KeptServer.quote("/tmp/x/bin/pg_ctl"));
        assertEquals("'-p 5432'", KeptServer.quote("-p 5432"));
        assertEquals("'/tmp/it'\\''s here'", KeptServer.quote("/tmp/it's here"));
        Shell echo = Shell.run("printf '%s|' " + KeptServer.quote("/tmp/it's here") + " " + KeptServer.quote("-p 5432"));
        assertEquals("/tmp/it's here|-p 5432|", echo.output);
    }

    private String output() {
        return out.toString(StandardCharsets.UTF_8);
    }

    /** The lines of the printed block, each as it was printed. */
    private static final class KeptLines {
        final String jdbcUrl;
        final String schema;
        final String psql;
        final String start;
        final String stop;
        final int port;

        KeptLines(String printed) {
            jdbcUrl = field(printed, "\n  JDBC URL   (.+)");
            schema = field(printed, "\n  schema     (wirebench_\\w+) ");
            psql = field(printed, "\n  psql       (.+)");
            start = field(printed, "\n  start      (.+)");
            stop = field(printed, "\n  stop       (.+)");
            port = Integer.parseInt(field(jdbcUrl, "localhost:(\\d+)/"));
        }
    }

    private static String field(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " not in\n" + text);
        return m.group(1).strip();
    }

    private static int count(String url, String schema) throws SQLException {
        try (Connection c = DriverManager.getConnection(url);
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(*) FROM " + schema + "." + Format.BINARY.table())) {
            assertTrue(rs.next());
            return rs.getInt(1);
        }
    }

    private static void assertRefused(int port) {
        assertThrows(ConnectException.class, () -> new Socket(InetAddress.getLoopbackAddress(), port).close(),
                "nothing listens on " + port);
    }

    /** A command line run by {@code sh -c}, as a user would paste it; its output with stderr. */
    private record Shell(int status, String output) {
        static Shell run(String commandLine) throws IOException, InterruptedException {
            Process p = new ProcessBuilder("sh", "-c", commandLine).redirectErrorStream(true).start();
            p.getOutputStream().close();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS), commandLine);
            return new Shell(p.exitValue(), output);
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
