package dev.wirebench.pg;

import dev.wirebench.harness.Durations;
import dev.wirebench.harness.Flags;
import dev.wirebench.harness.OptionReader;

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

    public static final String USAGE = """
            Usage: java -jar benchmarks.jar pg [--rows 1000,10000] [--warmup 5s] [--batch 100] [--fetch-size 1000] [--quick]
                   [--compression pglz|lz4] [--keep] [--results-dir DIR]
                   [--jdbc-url URL --user U [--password-env VAR]] [--embedded-port P]
              --rows N,...        row counts to run, each a fresh load of both tables (default 1000,10000)
              --warmup T          each codec encodes and decodes the messages round and round this long before
                                  anything is timed (default 5s); every insert method also loads 1,000 rows once
              --quick             --rows 1000 --warmup 2s (your own --rows/--warmup win)
              --batch N           rows per JDBC batch (default 100)
              --fetch-size N      rows per round trip when reading (default 1000)
              --compression C     column compression of both payload columns: pglz or lz4 (PostgreSQL 14+);
                                  default: the server's default_toast_compression
              --seed N            seed of the generated InfrastructureExecution messages (default 20251121)
              --qps N,...         query rates of the QPS-impact table (default 10,100,1000,5000,10000)
              --repeats N         timed runs of each insert (a fresh load each) and each query; the median is
                                  reported, and the spread beside it; each is a sample for compare (default 8)
              --keep              leave the schema in place; on the embedded server, keep the server running
                                  after the report, print its JDBC URL, a psql line and the pg_ctl lines that
                                  start and stop it later, and wait: Ctrl-C (or SIGTERM) stops it and keeps
                                  its directory (data/, postgres.log and the PostgreSQL 18 binaries, ~60 MB
                                  more). As root the pg_ctl lines go through unshare -U, as the server did
              --jdbc-url URL      use this running server instead of an embedded PostgreSQL
              --user U            its user; the password is read from the environment variable named by
                                  --password-env (default PGPASSWORD) and never printed or written
              --embedded-port P   the embedded server's port (default: any free one)
            By default an embedded PostgreSQL is started in a temporary directory, stopped and deleted at the end.
            Every run works in a schema of its own (wirebench_<time>), dropped at the end unless --keep.
            The run folder gets summary.md (inserts, serialisation and deserialisation percentiles, reads,
            sizes, the JSONB query, the QPS impact and its verdict), results.json and PNG charts.""";

    static final List<Integer> DEFAULT_ROWS = List.of(1000, 10000);
    static final List<Integer> DEFAULT_QPS = List.of(10, 100, 1000, 5000, 10000);
    static final long DEFAULT_SEED = 20251121L;

    /**
     * Parses the options after {@code pg}.
     *
     * @throws IllegalArgumentException with a one-line reason
     */
    public static PgOptions parse(String[] args) {
        List<Integer> rows = null;
        Duration warmup = null;
        boolean quick = false;
        int batch = 100;
        int fetchSize = 1000;
        String jdbcUrl = null;
        String user = null;
        String passwordEnv = "PGPASSWORD";
        boolean keep = false;
        String compression = null;
        long seed = DEFAULT_SEED;
        List<Integer> qps = DEFAULT_QPS;
        int repeats = 8;
        int embeddedPort = 0;
        Path resultsDir = Path.of("results");
        OptionReader options = new OptionReader(args, "--quick", "--keep");
        while (options.next()) {
            String arg = options.flag();
            switch (arg) {
                case "--quick" -> quick = true;
                case "--keep" -> keep = true;
                case "--rows" -> rows = positives(arg, options.value());
                case "--warmup" -> warmup = Durations.parse(arg, options.value());
                case "--batch" -> batch = Flags.positiveInt(arg, options.value());
                case "--fetch-size" -> fetchSize = Flags.positiveInt(arg, options.value());
                case "--jdbc-url" -> jdbcUrl = jdbcUrl(options.value());
                case "--user" -> user = options.value();
                case "--password-env" -> passwordEnv = options.value();
                case "--compression" -> compression = compression(options.value());
                case "--seed" -> seed = seed(options.value());
                case "--qps" -> qps = positives(arg, options.value());
                case "--repeats" -> repeats = Flags.positiveInt(arg, options.value());
                case "--embedded-port" -> embeddedPort = Flags.port(arg, options.value(), null);
                case "--results-dir" -> resultsDir = Path.of(options.value());
                default -> throw options.unknown("pg");
            }
        }
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
