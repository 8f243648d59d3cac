package dev.wirebench.pg;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;

/**
 * The three ways rows go in, each timed from its first statement to its commit, with the payloads
 * encoded beforehand (serialisation is measured apart, in {@link Payloads}). Rows get ids 0 to n-1.
 */
enum Inserts {
    /** A JDBC batch of single-row INSERTs, executed every {@code batch} rows. */
    BATCH("batch", "JDBC batch of single-row INSERTs, executeBatch every --batch rows", false),
    /** The same on a connection with {@code reWriteBatchedInserts=true}: the driver sends multi-row INSERTs. */
    REWRITTEN("batch+rewrite", "the same batch with reWriteBatchedInserts=true (multi-row INSERTs)", true),
    /** One {@code COPY ... FROM STDIN (FORMAT binary)} of every row through the driver's CopyManager. */
    COPY("copy-binary", "COPY ... FROM STDIN (FORMAT binary) through the driver's CopyManager, one COPY for all rows", false);

    /** The header of PostgreSQL's binary COPY format: signature, flags (0), header extension length (0). */
    private static final byte[] COPY_HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0,
        0, 0, 0, 0, 0, 0, 0, 0};
    /** JSONB's binary input: a version byte, then the text. */
    private static final byte JSONB_VERSION = 1;
    private static final int COPY_CHUNK = 256 * 1024;

    private final String label;
    private final String description;
    private final boolean rewrite;

    Inserts(String label, String description, boolean rewrite) {
        this.label = label;
        this.description = description;
        this.rewrite = rewrite;
    }

    String label() {
        return label;
    }

    String description() {
        return description;
    }

    /** Whether the connection must have {@code reWriteBatchedInserts=true}. */
    boolean rewrite() {
        return rewrite;
    }

    /**
     * Inserts rows 0 to {@code rows - 1} of {@code payloads} into its format's (empty) table and commits.
     *
     * @return the nanoseconds from the first statement to the end of the commit
     */
    long insert(Connection connection, Payloads payloads, int rows, int batch) throws SQLException {
        long start = System.nanoTime();
        if (this == COPY) {
            copy(connection, payloads, rows);
        } else {
            batch(connection, payloads, rows, batch);
        }
        connection.commit();
        return System.nanoTime() - start;
    }

    private static void batch(Connection connection, Payloads payloads, int rows, int batch) throws SQLException {
        Format format = payloads.format();
        String value = format == Format.JSON ? "CAST(? AS jsonb)" : "?";
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO " + format.table() + " (id, payload) VALUES (?, " + value + ")")) {
            int pending = 0;
            for (int i = 0; i < rows; i++) {
                insert.setLong(1, i);
                if (format == Format.JSON) {
                    insert.setString(2, payloads.text(i));
                } else {
                    insert.setBytes(2, payloads.bytes(i));
                }
                insert.addBatch();
                if (++pending == batch) {
                    insert.executeBatch();
                    pending = 0;
                }
            }
            if (pending > 0) {
                insert.executeBatch();
            }
        }
    }

    private static void copy(Connection connection, Payloads payloads, int rows) throws SQLException {
        Format format = payloads.format();
        CopyIn in = connection.unwrap(PGConnection.class).getCopyAPI()
                .copyIn("COPY " + format.table() + " (id, payload) FROM STDIN (FORMAT binary)");
        try {
            ByteBuffer chunk = ByteBuffer.allocate(COPY_CHUNK);
            chunk.put(COPY_HEADER);
            int extra = format == Format.JSON ? 1 : 0;
            for (int i = 0; i < rows; i++) {
                byte[] payload = payloads.bytes(i);
                int tuple = 2 + 4 + 8 + 4 + extra + payload.length;
                if (chunk.remaining() < tuple) {
                    flush(in, chunk);
                    if (chunk.capacity() < tuple) {
                        chunk = ByteBuffer.allocate(tuple);
                    }
                }
                chunk.putShort((short) 2); // fields in this tuple
                chunk.putInt(8).putLong(i);
                chunk.putInt(payload.length + extra);
                if (extra == 1) {
                    chunk.put(JSONB_VERSION);
                }
                chunk.put(payload);
            }
            if (chunk.remaining() < 2) {
                flush(in, chunk);
            }
            chunk.putShort((short) -1); // trailer
            flush(in, chunk);
            long copied = in.endCopy();
            if (copied != rows) {
                throw new PgException("COPY into " + format.table() + " reported " + copied + " rows, not " + rows);
            }
        } finally {
            if (in.isActive()) {
                in.cancelCopy();
            }
        }
    }

    private static void flush(CopyIn in, ByteBuffer chunk) throws SQLException {
        in.writeToCopy(chunk.array(), 0, chunk.position());
        chunk.clear();
    }
}
