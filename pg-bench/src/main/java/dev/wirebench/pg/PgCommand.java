package dev.wirebench.pg;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code java -jar benchmarks.jar pg}: {@code InfrastructureExecution} stored as protobuf in BYTEA and as
 * protobuf-JSON in JSONB, on an embedded PostgreSQL or a running one; {@code pg -h} lists the options.
 *
 * <p>Exit status: 0 when every step ran and every row read back matched, 1 for a bad option, 2 when the
 * database cannot be reached or started, or a step failed (a row that does not match included).
 */
public final class PgCommand extends AbstractSubcommand {

    /** What {@code --keep} on the embedded server waits on after the report. */
    private final KeepServing serving;

    public PgCommand() {
        this(new KeepServing());
    }

    PgCommand(KeepServing serving) {
        super("pg", "InfrastructureExecution in PostgreSQL as protobuf BYTEA vs protobuf-JSON JSONB: inserts, reads, "
                + "(de)serialisation, sizes, a JSONB query, QPS impact; an embedded PostgreSQL unless --jdbc-url", "", """
                By default an embedded PostgreSQL is started in a temporary directory, stopped and deleted at the end.
                Every run works in a schema of its own (wirebench_<time>), dropped at the end unless --keep.
                The run folder gets summary.md (inserts, serialisation and deserialisation percentiles, reads,
                sizes, the JSONB query, the QPS impact and its verdict), results.json and PNG charts.""");
        this.serving = serving;
    }


    /** Rows each (format, method) pair inserts once before anything is timed, to warm the driver and the codecs. */
    static final int WARMUP_ROWS = 1000;

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    public static int run(String[] args, PrintStream out, PrintStream err) {
        return run(args, out, err, new KeepServing());
    }

    /**
     * As {@link #run(String[], PrintStream, PrintStream)}; with {@code --keep} on the embedded server, after
     * the report the server keeps running until {@code serving} is stopped (Ctrl-C, or a test).
     */
    static int run(String[] args, PrintStream out, PrintStream err, KeepServing serving) {
        return Cli.run(new PgCommand(serving), args, out, err).code();
    }

    @Override
    public void declare(OptionParser parser) {
        PgOptions.declare(parser);
    }

    @Override
    public ExitStatus run(OptionSet set, PrintStream out, PrintStream err) {
        return run(PgOptions.from(set), out, err, serving);
    }

    private static ExitStatus run(PgOptions options, PrintStream out, PrintStream err, KeepServing serving) {
        RunFolder folder = RunFolder.startOrSay(options.resultsDir(), "pg", err);
        if (folder == null) {
            return ExitStatus.FAILED;
        }
        PgReport report = new PgReport(folder, options);
        out.println("Results go to " + folder + "/");
        Kept kept = new Kept();
        try {
            ExitStatus status;
            try {
                measure(options, report, out, kept);
                status = ExitStatus.DONE;
            } catch (PgException e) {
                report.failed(e.getMessage());
                err.println("wirebench pg: " + e.getMessage());
                status = ExitStatus.UNREADABLE;
            } catch (SQLException e) {
                report.failed(Database.oneLine(e));
                err.println("wirebench pg: the database refused a step: " + Database.oneLine(e));
                status = ExitStatus.UNREADABLE;
            }
            out.print(report.text());
            report.write();
            out.println("\nResults: " + folder + "/ (summary.md, results.json, charts, .hgrm files, env.json)");
            if (kept.db != null && !serve(kept, serving, out, err)) {
                status = ExitStatus.UNREADABLE;
            }
            return status;
        } finally {
            if (kept.db != null) {
                kept.db.close(); // when anything above threw; after serve, stopped already
            }
        }
    }

    /** The embedded server a --keep run leaves running after its report, and the schema the run made in it. */
    private static final class Kept {
        Database db;
        String schema;
    }

    /**
     * Says how to reach the kept embedded server, waits until {@code serving} is stopped (Ctrl-C), stops the
     * server and says where its files stay and how to start it again.
     *
     * @return false when the server did not answer or did not stop, said on {@code err} in one line
     */
    private static boolean serve(Kept kept, KeepServing serving, PrintStream out, PrintStream err) {
        KeptServer server = kept.db.kept();
        String down = kept.db.whyNotAnswering();
        if (down != null) {
            kept.db.close();
            err.println("wirebench pg: --keep: the embedded PostgreSQL no longer answers (" + down + "); it is stopped"
                    + " and its files stay in " + server.directory() + "; start it again with: " + server.start());
            return false;
        }
        Path psql = KeptServer.psqlOnPath();
        out.println();
        out.println("pg --keep: the embedded PostgreSQL is still running; Ctrl-C stops it and keeps its directory");
        out.println("  JDBC URL   " + server.jdbcUrl());
        out.println("  schema     " + (kept.schema == null ? "none (the run stopped before making it)"
                : kept.schema + " (tables " + Format.BINARY.table() + ", " + Format.JSON.table() + ")"));
        out.println("  psql       " + server.psql(psql));
        if (psql == null) {
            out.println("             (no psql on the PATH, and the embedded server brings none: any PostgreSQL"
                    + " client's psql connects)");
        }
        out.println("  directory  " + server.directory() + " (data/, postgres.log, and in " + server.binaries().getFileName()
                + "/ the PostgreSQL binaries; it can be moved as a whole)");
        out.println("  After Ctrl-C the directory starts again, and stops, with:");
        out.println("  start      " + server.start());
        out.println("  stop       " + server.stop());
        if (server.unshare()) {
            out.println("  (unshare -U as PostgreSQL refuses to run as root: as the embedded server did, pg_ctl then runs"
                    + " as an unprivileged user of a user namespace of its own)");
        }
        out.flush();
        boolean[] stoppedCleanly = {true};
        serving.serve(() -> {
            kept.db.close();
            if (!Files.isDirectory(server.data())) {
                err.println("wirebench pg: --keep: the data directory " + server.data()
                        + " is gone (deleted while the server ran?): nothing was kept");
                stoppedCleanly[0] = false;
            } else if (server.running()) {
                err.println("wirebench pg: --keep: the embedded PostgreSQL did not stop in time; stop it with: "
                        + server.stop());
                stoppedCleanly[0] = false;
            } else {
                out.println("pg: the embedded PostgreSQL stopped; its data directory stays in " + server.data());
                out.println("  start it again: " + server.start());
            }
            out.flush();
            err.flush();
        });
        return stoppedCleanly[0];
    }

    private static void measure(PgOptions options, PgReport report, PrintStream out, Kept kept) throws SQLException {
        long started = System.nanoTime();
        Codecs codecs = Codecs.load();
        Map<Format, MessageCodec<InfrastructureExecution>> codec = new EnumMap<>(Format.class);
        for (Format format : Format.values()) {
            codec.put(format, format.codec(codecs));
        }
        int n = options.maxRows();
        out.printf("pg: generating %,d InfrastructureExecution messages (seed %d) and encoding them as protobuf and "
                + "protobuf-JSON (after %d ms of warm-up per format)%n", n, options.seed(), options.warmup().toMillis());
        List<InfrastructureExecution> messages = Samples.random(MessageType.INFRA_EXECUTION, options.seed(), n);
        long[] checksums = new long[n];
        for (int i = 0; i < n; i++) {
            checksums[i] = MessageType.INFRA_EXECUTION.checksum(messages.get(i));
        }
        Map<Format, Payloads> payloads = new EnumMap<>(Format.class);
        for (Format format : Format.values()) {
            Payloads.warmUp(codec.get(format), messages, options.warmup().toNanos());
        }
        for (Format format : Format.values()) {
            Payloads p = Payloads.encode(format, codec.get(format), messages, checksums);
            payloads.put(format, p);
            report.serialisation(format, p.serialisation());
        }
        report.setup("data", String.format("%,d random InfrastructureExecution messages from codec-api's generator, seed %d",
                n, options.seed()));
        report.setup("rows", options.rows());
        report.setup("codec warm-up", options.warmup().toMillis() + " ms of encode and decode per format, then "
                + WARMUP_ROWS + " rows loaded once per insert method and format, before anything is timed");
        report.setup("batch", options.batch());
        report.setup("fetch size", options.fetchSize());
        report.setup("compression", options.compression() == null ? "server default" : options.compression());

        Database db = open(options, out);
        if (options.keep() && db.isEmbedded()) {
            kept.db = db; // left running for run() to serve once the report is out
        }
        try {
            report.setup("database", db.describe());
            try (Connection admin = db.connect(false, null)) {
                int version = Store.versionNumber(admin);
                if (options.compression() != null && version < 140000) {
                    throw new PgException("--compression needs PostgreSQL 14 or newer; the server is "
                            + Store.settings(admin).get("server_version"));
                }
                report.setup("server settings", Store.settings(admin));
                DatabaseMetaData meta = admin.getMetaData();
                report.setup("JDBC driver", meta.getDriverName() + " " + meta.getDriverVersion());
                Store store = Store.create(admin, options.compression());
                kept.schema = store.schema();
                report.setup("schema", store.schema() + (options.keep() ? " (kept)" : " (dropped at the end)"));
                out.println("pg: " + db.describe() + ", server " + Store.settings(admin).get("server_version")
                        + ", schema " + store.schema());
                try (Connection plain = db.connect(false, store.schema());
                     Connection rewrite = db.connect(true, store.schema())) {
                    run(options, report, out, messages, codec, payloads, plain, rewrite, started);
                } finally {
                    if (options.keep()) {
                        out.println("pg: kept schema " + store.schema() + (db.isEmbedded()
                                ? " in the embedded server, which keeps running after the report" : ""));
                    } else {
                        admin.rollback();
                        store.drop(admin);
                    }
                }
            }
        } finally {
            if (kept.db != db) {
                db.close();
            }
        }
    }

    private static Database open(PgOptions options, PrintStream out) {
        if (options.jdbcUrl() == null) {
            return Database.embedded(options.embeddedPort(), options.keep(), out);
        }
        String password = System.getenv(options.passwordEnv());
        out.println("pg: connecting to " + Redact.url(options.jdbcUrl())
                + (password == null ? " (no password: $" + options.passwordEnv() + " is not set)" : ""));
        return Database.external(options.jdbcUrl(), options.user(), password);
    }

    private static void run(PgOptions options, PgReport report, PrintStream out, List<InfrastructureExecution> messages,
                            Map<Format, MessageCodec<InfrastructureExecution>> codec, Map<Format, Payloads> payloads,
                            Connection plain, Connection rewrite, long started) throws SQLException {
        int warmup = Math.min(WARMUP_ROWS, options.maxRows());
        out.printf("pg: warm-up: %d rows per method and format, untimed%n", warmup);
        for (Inserts method : Inserts.values()) {
            Connection c = method.rewrite() ? rewrite : plain;
            for (Format format : Format.values()) {
                method.insert(c, payloads.get(format), warmup, options.batch());
                Store.truncate(c, format);
            }
        }
        int step = 0;
        int steps = options.rows().size();
        for (int rows : options.rows()) {
            step++;
            out.printf("[%d/%d] %,d rows (%.0f s elapsed)%n", step, steps, rows, (System.nanoTime() - started) / 1e9);
            Map<Inserts, Map<Format, List<Long>>> runs = new EnumMap<>(Inserts.class);
            for (int round = 1; round <= options.repeats(); round++) {
                long roundStart = System.nanoTime();
                for (Inserts method : Inserts.values()) {
                    Connection c = method.rewrite() ? rewrite : plain;
                    for (Format format : Format.values()) {
                        Store.truncate(c, format);
                        runs.computeIfAbsent(method, m -> new EnumMap<>(Format.class))
                                .computeIfAbsent(format, f -> new ArrayList<>())
                                .add(method.insert(c, payloads.get(format), rows, options.batch()));
                    }
                }
                out.printf("  insert round %d/%d: every method and format in %.1f s%n", round, options.repeats(),
                        (System.nanoTime() - roundStart) / 1e9);
            }
            for (Inserts method : Inserts.values()) {
                for (Format format : Format.values()) {
                    PgReport.Insert insert = new PgReport.Insert(rows, format, method, runs.get(method).get(format));
                    report.insert(insert);
                    double[] range = insert.rowsPerSecondRange();
                    out.printf("  insert %-13s %-20s %8.3f s  %,10.0f rows/s (runs: %,.0f to %,.0f)%n", method.label(),
                            format.label(), insert.nanos() / 1e9, insert.rowsPerSecond(), range[0], range[1]);
                }
            }
            for (Format format : Format.values()) { // loaded by the last method
                Store.vacuum(plain, format);
                Payloads p = payloads.get(format);
                long over = 0;
                for (int i = 0; i < rows; i++) {
                    over += p.bytes(i).length > PgReport.TOAST_THRESHOLD ? 1 : 0;
                }
                report.size(new PgReport.Size(rows, format, p.sizes(rows), over, Store.size(plain, format)));
            }
            for (Format format : Format.values()) {
                Reads.read(plain, codec.get(format), payloads.get(format), rows, options.fetchSize()); // warm-up, checked too
                List<Reads.Pass> passes = new ArrayList<>();
                for (int pass = 0; pass < options.repeats(); pass++) {
                    passes.add(Reads.read(plain, codec.get(format), payloads.get(format), rows, options.fetchSize()));
                }
                Reads.Pass pass = Reads.Pass.mean(passes);
                report.read(new PgReport.Read(rows, format, pass, passes));
                out.printf("  read   %-20s fetch %8.1f ms, deserialise %8.1f ms, %,10.0f rows/s (mean of %d passes);"
                        + " every row matched%n", format.label(), pass.fetchNanos() / 1e6, pass.deserialisationNanos() / 1e6,
                        pass.rowsPerSecond(), pass.passes());
            }
            Query.Result query = Query.run(plain, codec.get(Format.BINARY), codec.get(Format.JSON), messages, rows,
                    options.fetchSize(), options.repeats());
            report.query(query);
            for (Query.Way way : query.ways()) {
                out.printf("  query  %-22s %-38s %8.1f ms (median of %d), %d rows%n", way.question(), way.name(),
                        way.medianMillis(), options.repeats(), way.matched());
            }
            report.write(); // a run stopped later keeps the row counts that finished
        }
        Map<Format, PgReport.Read> last = report.lastReads();
        report.impact(QpsImpact.compute(options.qps(), last.get(Format.BINARY).pass().deserialisation().getMean(),
                last.get(Format.JSON).pass().deserialisation().getMean(), Runtime.getRuntime().availableProcessors()));
    }
}
