package dev.wirebench.pg;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import dev.wirebench.harness.results.Better;
import dev.wirebench.harness.results.Measure;
import dev.wirebench.harness.results.ResultsFile;
import dev.wirebench.harness.results.RunResults;
import dev.wirebench.harness.results.Sample;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pg subcommand end to end on an embedded PostgreSQL: every method, every check, and its refusals. */
class PgCommandTest {

    /** A server of the test's own, for the runs that take --jdbc-url and for looking at what a run left. */
    private static Database server;

    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @BeforeAll
    static void startServer() {
        server = Database.embedded(0, false, new PrintStream(OutputStream.nullOutputStream()));
    }

    @AfterAll
    static void stopServer() {
        server.close();
    }

    private int pg(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.add("--results-dir");
        all.add(results.toString());
        return PgCommand.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private Path runFolder() throws IOException {
        try (Stream<Path> folders = Files.list(results)) {
            return folders.filter(Files::isDirectory).findFirst().orElseThrow();
        }
    }

    private static Measure measure(RunResults model, Map<String, String> dims, String metric) {
        return model.measures().stream().filter(m -> m.dims().equals(dims) && m.metric().equals(metric)).findFirst()
                .orElseThrow(() -> new AssertionError(dims + " " + metric));
    }

    @Test
    void anEmbeddedRunMeasuresEveryMethodFormatAndRowCount() throws IOException {
        int status = pg("--rows", "120,250", "--batch", "40", "--warmup", "200ms", "--repeats", "2", "--fetch-size", "50");
        assertEquals(0, status, err.toString(StandardCharsets.UTF_8) + out.toString(StandardCharsets.UTF_8));
        RunResults model = ResultsFile.read(runFolder());
        assertEquals("pg", model.suite());
        Set<String> inserts = new HashSet<>();
        for (Measure m : model.measures()) {
            if ("insert".equals(m.dims().get("operation")) && m.metric().equals("rows/s")) {
                assertTrue(m.estimate().median() > 0, m.toString());
                assertEquals(2, m.samples().size(), m.toString()); // every --repeats run, each a fresh load
                inserts.add(m.dims().get("rows") + " " + m.dims().get("format") + " " + m.dims().get("method"));
            }
        }
        for (int rows : new int[]{120, 250}) {
            for (Format format : Format.values()) {
                for (Inserts method : Inserts.values()) {
                    assertTrue(inserts.contains(rows + " " + format.name().toLowerCase() + " " + method.label()),
                            rows + " " + format + " " + method + " missing from " + inserts);
                }
            }
        }
        assertEquals(12, inserts.size());
        for (int rows : new int[]{120, 250}) {
            for (String format : List.of("binary", "json")) {
                Map<String, String> read = Map.of("operation", "read", "rows", Integer.toString(rows), "format", format);
                Measure rate = measure(model, read, "rows/s");
                assertEquals(Better.HIGHER, rate.better());
                assertEquals(2, rate.samples().size(), "one sample per pass: " + rate);
                assertTrue(measure(model, read, "fetch").estimate().median() > 0);
                // every row of both passes deserialised and recorded
                assertEquals(2L * rows, model.histograms().stream().filter(h -> h.dims().equals(Map.of("operation", "deserialise",
                        "rows", Integer.toString(rows), "format", format))).findFirst().orElseThrow().histogram().getTotalCount());
                Map<String, String> stored = Map.of("operation", "store", "rows", Integer.toString(rows), "format", format);
                assertEquals(Sample.EXACT, measure(model, stored, "total").sample());
                assertTrue(measure(model, stored, "total").samples().get(0) > 0);
            }
        }
        assertEquals(12, model.measures().stream().filter(m -> "query".equals(m.dims().get("operation"))
                && m.metric().equals("time")).count(), "2 row counts x 2 questions x (BYTEA scan, JSONB, JSONB + GIN)");
        assertEquals(250, model.histograms().stream().filter(h -> h.dims().equals(Map.of("operation", "serialise",
                "format", "binary"))).findFirst().orElseThrow().histogram().getTotalCount());
        assertTrue(model.failures().isEmpty());
        String summary = Files.readString(runFolder().resolve(PgReport.SUMMARY));
        for (String section : List.of("## Inserts", "## Serialisation and deserialisation", "## Reads", "## Sizes",
                "## Queries", "## QPS impact", "**Verdict:**", "pg-inserts.png", "pg-latency.png", "pg-sizes.png",
                "fsync", "embedded PostgreSQL")) {
            assertTrue(summary.contains(section), section + " missing from\n" + summary);
        }
        for (String png : List.of("pg-inserts.png", "pg-reads.png", "pg-sizes.png", "pg-latency.png")) {
            byte[] head = Files.readAllBytes(runFolder().resolve(png));
            assertEquals((byte) 0x89, head[0], png);
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.contains("every row matched"));
        // without --keep the embedded server is stopped and its directory deleted; nothing waits
        Matcher started = Pattern.compile("starting an embedded PostgreSQL in (\\S+)\n").matcher(printed);
        assertTrue(started.find(), printed);
        assertFalse(Files.exists(Path.of(started.group(1))), started.group(1) + " should be deleted");
        assertFalse(printed.contains("still running"), printed);
    }

    @Test
    void keepLeavesBothTablesWithEveryRowAsWritten() throws SQLException {
        String url = server.url();
        assertEquals(0, pg("--jdbc-url", url, "--user", "postgres", "--rows", "90", "--warmup", "100ms", "--keep",
                "--repeats", "1"), err.toString(StandardCharsets.UTF_8));
        List<InfrastructureExecution> written = Samples.random(MessageType.INFRA_EXECUTION, PgOptions.DEFAULT_SEED, 90);
        Codecs codecs = Codecs.load();
        try (Connection c = server.connect(false, null)) {
            String schema = wirebenchSchemas(c).get(0);
            for (Format format : Format.values()) {
                MessageCodec<InfrastructureExecution> codec = format.codec(codecs);
                int rows = 0;
                try (Statement s = c.createStatement();
                     ResultSet rs = s.executeQuery("SELECT id, payload FROM " + schema + "." + format.table())) {
                    while (rs.next()) {
                        byte[] bytes = rs.getBytes(2);
                        InfrastructureExecution read = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
                        assertEquals(written.get(rs.getInt(1)), read, format + " row " + rs.getInt(1));
                        rows++;
                    }
                }
                assertEquals(90, rows, format.table());
            }
            try (Statement s = c.createStatement()) {
                s.execute("DROP SCHEMA " + schema + " CASCADE");
            }
            c.commit();
        }
    }

    @Test
    void withoutKeepTheSchemaIsDropped() throws SQLException {
        assertEquals(0, pg("--jdbc-url", server.url(), "--user", "postgres", "--rows", "30", "--warmup", "100ms",
                "--repeats", "1"), err.toString(StandardCharsets.UTF_8));
        try (Connection c = server.connect(false, null)) {
            assertEquals(List.of(), wirebenchSchemas(c));
        }
    }

    private static List<String> wirebenchSchemas(Connection c) throws SQLException {
        List<String> schemas = new ArrayList<>();
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'wirebench_%'")) {
            while (rs.next()) {
                schemas.add(rs.getString(1));
            }
        }
        c.commit();
        return schemas;
    }

    @Test
    void anUnreachableUrlIsOneLineWithoutThePasswordAndExit2() {
        assertEquals(2, pg("--jdbc-url", "jdbc:postgresql://127.0.0.1:1/db?password=hunter2", "--user", "bob",
                "--rows", "10", "--warmup", "10ms"));
        String message = err.toString(StandardCharsets.UTF_8);
        assertEquals(1, message.lines().count(), message);
        assertTrue(message.contains("cannot connect to jdbc:postgresql://127.0.0.1:1/db as bob"), message);
        assertFalse(message.contains("hunter2"), message);
        assertFalse(out.toString(StandardCharsets.UTF_8).contains("hunter2"));
    }

    @Test
    void anEmbeddedServerThatCannotStartSuggestsJdbcUrl() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            assertEquals(2, pg("--embedded-port", Integer.toString(taken.getLocalPort()), "--rows", "10", "--warmup", "10ms"));
        }
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains("embedded PostgreSQL cannot have port"), message);
        assertTrue(message.contains("--jdbc-url"), message);
    }

    @Test
    void aCompressionTheServerLacksIsOneClearLine() {
        int status = pg("--jdbc-url", server.url(), "--user", "postgres", "--compression", "lz4", "--rows", "20",
                "--warmup", "10ms", "--repeats", "1");
        if (status != 0) { // the embedded binaries are built without lz4; a build with it just runs
            assertEquals(2, status);
            String message = err.toString(StandardCharsets.UTF_8);
            assertTrue(message.contains("cannot use --compression lz4") && message.contains("--compression pglz"), message);
        }
    }

    @Test
    void aBadFlagIsExit1AndWritesNothing() throws IOException {
        assertEquals(1, pg("--rows", "none"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("--rows"));
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(0, files.count());
        }
    }

    @Test
    void aRowThatDoesNotMatchWhatWasWrittenFailsTheRead() throws SQLException {
        Codecs codecs = Codecs.load();
        List<InfrastructureExecution> messages = Samples.random(MessageType.INFRA_EXECUTION, 7, 20);
        long[] checksums = messages.stream().mapToLong(MessageType.INFRA_EXECUTION::checksum).toArray();
        try (Connection c = server.connect(false, null)) {
            Store store = Store.create(c, null);
            try (Connection s = server.connect(false, store.schema())) {
                for (Format format : Format.values()) {
                    MessageCodec<InfrastructureExecution> codec = format.codec(codecs);
                    Payloads payloads = Payloads.encode(format, codec, messages, checksums);
                    Inserts.COPY.insert(s, payloads, 20, 10);
                    assertEquals(20, Reads.read(s, codec, payloads, 20, 5).rows());
                    try (Statement st = s.createStatement()) { // row 7 now holds row 8's message
                        st.execute("UPDATE " + format.table() + " SET payload = (SELECT payload FROM " + format.table()
                                + " WHERE id = 8) WHERE id = 7");
                    }
                    s.commit();
                    PgException e = assertThrows(PgException.class,
                            () -> Reads.read(s, codec, payloads, 20, 5));
                    assertTrue(e.getMessage().contains("row 7 of " + format.table()), e.getMessage());
                    s.rollback();
                    try (Statement st = s.createStatement()) { // a missing row is caught too
                        st.execute("DELETE FROM " + format.table() + " WHERE id IN (3, 7)");
                    }
                    s.commit();
                    e = assertThrows(PgException.class,
                            () -> Reads.read(s, codec, payloads, 20, 5));
                    assertTrue(e.getMessage().contains("returned 18 of the 20 rows written; first missing: id 3"),
                            e.getMessage());
                }
            } finally {
                store.drop(c);
            }
        }
    }
}
