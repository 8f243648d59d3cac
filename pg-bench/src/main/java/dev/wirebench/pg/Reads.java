package dev.wirebench.pg;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.harness.LatencyRecorder;
import org.HdrHistogram.Histogram;
import org.postgresql.PGStatement;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.BitSet;
import java.util.List;

/**
 * Reads a table back and checks every row against what was written, with the database's part (the
 * driver's {@code next()} and {@code getBytes}: bytes only) timed apart from deserialisation (the codec's
 * {@code decode} into the canonical record), per row.
 *
 * <p>The statement forces the driver's binary transfer ({@code prepareThreshold = -1}), as a statement
 * a program runs again and again gets after its fifth execution: BYTEA then arrives as raw bytes, not
 * as hex text. JSONB has no binary transfer in the driver and arrives as text, which {@code getBytes}
 * hands over as its UTF-8 bytes without a String in between.
 */
final class Reads {

    private Reads() {
    }

    /**
     * One pass over the table, or the mean of several: fetch time, wall time, and the deserialisation
     * latency of every row read.
     *
     * @param passes          how many passes this sums up (the times are means per pass)
     * @param fetchNanos      the driver's time for the query and every {@code next()} and {@code getBytes}
     * @param wallNanos       the whole pass, checks included
     * @param deserialisation every row of every pass
     */
    record Pass(int rows, int passes, long fetchNanos, long wallNanos, Histogram deserialisation) {

        /** The mean of several passes over the same rows; the histogram holds the rows of all of them. */
        static Pass mean(List<Pass> passes) {
            Histogram all = passes.get(0).deserialisation().copy();
            for (Pass p : passes.subList(1, passes.size())) {
                all.add(p.deserialisation());
            }
            int n = passes.size();
            return new Pass(passes.get(0).rows(), n, passes.stream().mapToLong(Pass::fetchNanos).sum() / n,
                    passes.stream().mapToLong(Pass::wallNanos).sum() / n, all);
        }

        /** Nanoseconds spent deserialising in one pass: the mean per row (HdrHistogram's) times the rows. */
        double deserialisationNanos() {
            return deserialisation.getMean() * rows;
        }

        /** Rows per second counting fetch and deserialisation. */
        double rowsPerSecond() {
            return rows / ((fetchNanos + deserialisationNanos()) / 1e9);
        }
    }

    /**
     * Reads every row of {@code payloads}' table, which must hold exactly rows 0 to {@code rows - 1}.
     *
     * @throws PgException if a row is missing, repeated, unknown, or does not decode to the message written
     */
    static Pass read(Connection connection, MessageCodec<InfrastructureExecution> codec, Payloads payloads, int rows,
                     int fetchSize) throws SQLException {
        String table = payloads.format().table();
        LatencyRecorder deserialisation = new LatencyRecorder();
        BitSet seen = new BitSet(rows);
        long fetch = 0;
        long wallStart = System.nanoTime();
        try (PreparedStatement select = select(connection, "SELECT id, payload FROM " + table, fetchSize)) {
            long start = System.nanoTime();
            try (ResultSet rs = select.executeQuery()) {
                fetch += System.nanoTime() - start;
                while (true) {
                    long before = System.nanoTime();
                    if (!rs.next()) {
                        fetch += System.nanoTime() - before;
                        break;
                    }
                    long id = rs.getLong(1);
                    byte[] bytes = rs.getBytes(2);
                    long fetched = System.nanoTime();
                    fetch += fetched - before;
                    InfrastructureExecution message;
                    try {
                        message = codec.decode(ByteBuffer.wrap(bytes), bytes.length);
                    } catch (CodecException e) {
                        throw new PgException("row " + id + " of " + table + " does not decode as " + codec.name()
                                + ": " + e.getMessage(), e);
                    }
                    deserialisation.record(System.nanoTime() - fetched);
                    check(table, id, rows, seen, payloads, MessageType.INFRA_EXECUTION.checksum(message));
                }
            }
        }
        long wall = System.nanoTime() - wallStart;
        connection.commit();
        if (seen.cardinality() != rows) {
            throw new PgException(table + " returned " + seen.cardinality() + " of the " + rows + " rows written; first missing: id "
                    + seen.nextClearBit(0));
        }
        return new Pass(rows, 1, fetch, wall, deserialisation.snapshot());
    }

    /**
     * A query statement as every read here makes it: binary transfer forced (see the class comment) and
     * rows fetched {@code fetchSize} at a time (auto-commit is off, so the driver uses a cursor).
     */
    static PreparedStatement select(Connection connection, String sql, int fetchSize) throws SQLException {
        PreparedStatement select = connection.prepareStatement(sql);
        select.unwrap(PGStatement.class).setPrepareThreshold(-1);
        select.setFetchSize(fetchSize);
        return select;
    }

    private static void check(String table, long id, int rows, BitSet seen, Payloads payloads, long checksum) {
        if (id < 0 || id >= rows) {
            throw new PgException(table + " returned a row with id " + id + ", which was never written (0 to "
                    + (rows - 1) + ")");
        }
        if (seen.get((int) id)) {
            throw new PgException(table + " returned row " + id + " twice");
        }
        seen.set((int) id);
        if (checksum != payloads.checksum((int) id)) {
            throw new PgException("row " + id + " of " + table + " read back differs from what was written (checksum "
                    + Long.toHexString(checksum) + ", written " + Long.toHexString(payloads.checksum((int) id)) + ")");
        }
    }
}
