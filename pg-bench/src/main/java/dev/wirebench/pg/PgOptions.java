package dev.wirebench.pg;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Flags;
import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.CommonOptions;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The options of {@code pg}, parsed and checked; every refusal says which option and why.
 *
 * @param jdbcUrl     a running server to use instead of the embedded one, or null
 * @param passwordEnv the environment variable holding the password of {@code --user}
 * @param compression the column compression to ask for ({@code pglz} or {@code lz4}), or null for the server's default
 * @param embeddedPort the embedded server's port, 0 for any free one
 */
public record PgOptions(List<Integer> rows, Duration warmup, int batch, int fetchSize, String jdbcUrl, String user, String passwordEnv,
                        boolean keep, String compression, long seed, List<Integer> qps, int repeats,
                        int embeddedPort, Path resultsDir) {

    static final List<Integer> DEFAULT_ROWS = List.of(1000, 10000);
    static final List<Integer> DEFAULT_QPS = List.of(10, 100, 1000, 5000, 10000);
    static final long DEFAULT_SEED = 20251121L;

    /** Declares the options of {@code pg}. */
    static void declare(OptionParser parser) {
        parser.accepts("rows", "row counts to run, each a fresh load of both tables (default 1000,10000)").withRequiredArg()
                .describedAs("N,...");
        parser.accepts("warmup", "each codec encodes and decodes the messages round and round this long before anything "
                + "is timed (default 5s); every insert method also loads 1,000 rows once").withRequiredArg().describedAs("T");
        parser.accepts("quick", "--rows 1000 --warmup 2s (your own --rows/--warmup win)");
        parser.accepts("batch", "rows per JDBC batch").withRequiredArg().describedAs("N").defaultsTo("100");
        parser.accepts("fetch-size", "rows per round trip when reading").withRequiredArg().describedAs("N").defaultsTo("1000");
        parser.accepts("compression", "column compression of both payload columns: pglz or lz4 (PostgreSQL 14+); "
                + "default: the server's default_toast_compression").withRequiredArg().describedAs("C");
        parser.accepts("seed", "seed of the generated InfrastructureExecution messages").withRequiredArg().describedAs("N")
                .defaultsTo(Long.toString(DEFAULT_SEED));
        parser.accepts("qps", "query rates of the QPS-impact table").withRequiredArg().describedAs("N,...")
                .defaultsTo("10,100,1000,5000,10000");
        parser.accepts("repeats", "timed runs of each insert (a fresh load each) and each query; the median is reported, "
                + "and the spread beside it; each is a sample for compare").withRequiredArg().describedAs("N").defaultsTo("8");
        parser.accepts("keep", "leave the schema in place; on the embedded server, keep the server running after the "
                + "report, print its JDBC URL, a psql line and the pg_ctl lines that start and stop it later, and wait: "
                + "Ctrl-C (or SIGTERM) stops it and keeps its directory (data/, postgres.log and the PostgreSQL 18 "
                + "binaries, ~60 MB more). As root the pg_ctl lines go through unshare -U, as the server did");
        parser.accepts("jdbc-url", "use this running server instead of an embedded PostgreSQL").withRequiredArg()
                .describedAs("URL");
        parser.accepts("user", "its user; the password is read from the environment variable named by --password-env "
                + "and never printed or written").withRequiredArg().describedAs("U");
        parser.accepts("password-env", "the environment variable holding --user's password").withRequiredArg()
                .describedAs("VAR").defaultsTo("PGPASSWORD");
        parser.accepts("embedded-port", "the embedded server's port (default: any free one)").withRequiredArg()
                .describedAs("P");
        CommonOptions.resultsDir(parser, "where the run folder goes");
    }

    /**
     * Parses the options after {@code pg}.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static PgOptions parse(String[] args) {
        return from(Cli.parse(PgOptions::declare, args));
    }

    /** The options {@link #declare}d, checked. @throws IllegalArgumentException with a one-line reason */
    static PgOptions from(OptionSet set) {
        if (!set.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + set.nonOptionArguments().get(0) + "'");
        }
        boolean quick = set.has("quick");
        List<Integer> rows = set.has("rows") ? positives("--rows", value(set, "rows")) : null;
        Duration warmup = set.has("warmup") ? Durations.parse("--warmup", value(set, "warmup")) : null;
        int batch = Flags.positiveInt("--batch", value(set, "batch"));
        int fetchSize = Flags.positiveInt("--fetch-size", value(set, "fetch-size"));
        String jdbcUrl = set.has("jdbc-url") ? jdbcUrl(value(set, "jdbc-url")) : null;
        String user = set.has("user") ? value(set, "user") : null;
        String passwordEnv = value(set, "password-env");
        boolean keep = set.has("keep");
        String compression = set.has("compression") ? compression(value(set, "compression")) : null;
        long seed = seed(value(set, "seed"));
        List<Integer> qps = positives("--qps", value(set, "qps"));
        int repeats = Flags.positiveInt("--repeats", value(set, "repeats"));
        int embeddedPort = set.has("embedded-port") ? Flags.port("--embedded-port", value(set, "embedded-port"), null) : 0;
        Path resultsDir = Path.of(value(set, "results-dir"));
        if (rows == null) {
            rows = quick ? List.of(1000) : DEFAULT_ROWS;
        }
        if (warmup == null) {
            warmup = Duration.ofSeconds(quick ? 2 : 5);
        }
        if (jdbcUrl == null && user != null) {
            throw new IllegalArgumentException("--user is for a running server: give --jdbc-url too");
        }
        if (jdbcUrl != null && embeddedPort != 0) {
            throw new IllegalArgumentException("--embedded-port is for the embedded server; --jdbc-url names a running one");
        }
        return new PgOptions(rows, warmup, batch, fetchSize, jdbcUrl, user, passwordEnv, keep, compression, seed, qps,
                repeats, embeddedPort, resultsDir);
    }

    /** The most rows any run loads: how many messages to generate. */
    public int maxRows() {
        return rows.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    private static String value(OptionSet set, String option) {
        return (String) set.valueOf(option);
    }

    private static String jdbcUrl(String value) {
        if (!value.startsWith("jdbc:postgresql:")) {
            throw new IllegalArgumentException("--jdbc-url takes a jdbc:postgresql://host:port/database URL, not '"
                    + Redact.url(value) + "'");
        }
        return value;
    }

    private static String compression(String value) {
        String c = value.toLowerCase(Locale.ROOT);
        if (!c.equals("pglz") && !c.equals("lz4")) {
            throw new IllegalArgumentException("--compression takes pglz or lz4, not '" + value + "'");
        }
        return c;
    }

    private static List<Integer> positives(String flag, String value) {
        List<Integer> list = new ArrayList<>();
        for (String part : value.split(",")) {
            int n = Flags.positiveInt(flag, part);
            if (!list.contains(n)) {
                list.add(n);
            }
        }
        return List.copyOf(list);
    }

    private static long seed(String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--seed takes a whole number, not '" + value + "'");
        }
    }
}
