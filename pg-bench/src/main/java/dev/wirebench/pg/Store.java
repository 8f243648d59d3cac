package dev.wirebench.pg;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The run's schema and its two tables, {@code infra_exec_binary (id bigint primary key, payload bytea)} and
 * {@code infra_exec_json (id bigint primary key, payload jsonb)}, and what the server says about them.
 */
final class Store {

    /** The settings of the server that bear on insert and read costs, recorded with every result. */
    static final String[] SETTINGS = {"server_version", "fsync", "synchronous_commit", "wal_level", "full_page_writes",
        "shared_buffers", "work_mem", "default_toast_compression"};

    private final String schema;

    private Store(String schema) {
        this.schema = schema;
    }

    /** A new schema named {@code wirebench_<yyyyMMdd_HHmmss>_<4 hex digits>} with both tables. */
    static Store create(Connection connection, String compression) throws SQLException {
        String schema = "wirebench_" + DateTimeFormatter.ofPattern("yyyyMMdd_HHmmss").format(LocalDateTime.now())
                + "_" + String.format("%04x", ThreadLocalRandom.current().nextInt(0x10000));
        try (Statement s = connection.createStatement()) {
            if (compression != null) {
                checkCompression(s, compression);
            }
            s.execute("CREATE SCHEMA " + schema);
            for (Format format : Format.values()) {
                s.execute("CREATE TABLE " + schema + "." + format.table() + " (id bigint PRIMARY KEY, payload "
                        + format.columnType() + (compression == null ? "" : " COMPRESSION " + compression) + " NOT NULL)");
            }
        }
        connection.commit();
        return new Store(schema);
    }

    /** Fails with a way out when the server cannot compress with {@code compression} (a build without lz4). */
    private static void checkCompression(Statement s, String compression) throws SQLException {
        try {
            s.execute("SET default_toast_compression = " + compression);
            s.execute("RESET default_toast_compression");
        } catch (SQLException e) {
            throw new PgException("this server cannot use --compression " + compression + " (" + Database.oneLine(e)
                    + "): it was built without it, as the embedded binaries are; use --compression pglz, or"
                    + " --jdbc-url with a server that has it", e);
        }
    }

    String schema() {
        return schema;
    }

    /** Drops the schema and everything in it. */
    void drop(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("DROP SCHEMA " + schema + " CASCADE");
        }
        connection.commit();
    }

    /** Empties a table (and its TOAST table) for the next load. */
    static void truncate(Connection connection, Format format) throws SQLException {
        try (Statement s = connection.createStatement()) {
            s.execute("TRUNCATE " + format.table());
        }
        connection.commit();
    }

    /** {@code VACUUM (ANALYZE)} of a table, so that sizes and plans describe its rows as loaded. */
    static void vacuum(Connection connection, Format format) throws SQLException {
        boolean autoCommit = connection.getAutoCommit();
        connection.setAutoCommit(true); // VACUUM cannot run in a transaction
        try (Statement s = connection.createStatement()) {
            s.execute("VACUUM (ANALYZE) " + format.table());
        } finally {
            connection.setAutoCommit(autoCommit);
        }
    }

    /** The server's version number, e.g. 180006. */
    static int versionNumber(Connection connection) throws SQLException {
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT current_setting('server_version_num')::int")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** {@link #SETTINGS} as the server reports them. */
    static Map<String, String> settings(Connection connection) throws SQLException {
        Map<String, String> settings = new LinkedHashMap<>();
        try (Statement s = connection.createStatement()) {
            for (String name : SETTINGS) {
                try (ResultSet rs = s.executeQuery("SELECT current_setting('" + name + "', true)")) {
                    rs.next();
                    settings.put(name, rs.getString(1));
                }
            }
        }
        connection.commit();
        return settings;
    }

    /**
     * What a loaded table takes on the server.
     *
     * @param columnMean     mean {@code pg_column_size(payload)}: the stored value, after any compression
     * @param compressedRows rows whose payload is stored compressed ({@code pg_column_compression}, PostgreSQL 14+; -1 before)
     * @param outOfLineRows  rows whose payload sits in the TOAST table ({@code pg_column_toast_chunk_id}, PostgreSQL 17+; -1 before)
     */
    record TableSize(long rows, double columnMean, long columnMin, long columnMax, long compressedRows,
                     long outOfLineRows, long heapBytes, long toastBytes, long indexBytes, long totalBytes) {
    }

    static TableSize size(Connection connection, Format format) throws SQLException {
        int version = versionNumber(connection);
        String compressed = version >= 140000 ? "count(*) FILTER (WHERE pg_column_compression(payload) IS NOT NULL)" : "-1";
        String outOfLine = version >= 170000 ? "count(*) FILTER (WHERE pg_column_toast_chunk_id(payload) IS NOT NULL)" : "-1";
        String table = format.table();
        String sql = "SELECT count(*), avg(pg_column_size(payload)), min(pg_column_size(payload)), max(pg_column_size(payload)), "
                + compressed + ", " + outOfLine + ", "
                + "pg_relation_size('" + table + "'), "
                + "coalesce((SELECT pg_total_relation_size(reltoastrelid) FROM pg_class WHERE oid = '" + table
                + "'::regclass AND reltoastrelid <> 0), 0), "
                + "pg_indexes_size('" + table + "'), pg_total_relation_size('" + table + "') FROM " + table;
        try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            TableSize size = new TableSize(rs.getLong(1), rs.getDouble(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                    rs.getLong(6), rs.getLong(7), rs.getLong(8), rs.getLong(9), rs.getLong(10));
            connection.commit();
            return size;
        }
    }
}
