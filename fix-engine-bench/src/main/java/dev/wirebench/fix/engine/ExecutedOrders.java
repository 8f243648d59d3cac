package dev.wirebench.fix.engine;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A durable server's memory of what it executed ({@code fix --faults}): each ClOrdID is written to a file in the
 * session's directory before its reports go, so a server restarted on that directory still knows it, and an order
 * whose ClOrdID is known (a resent one, PossDupFlag=Y, whose first copy was executed before the connection or the
 * server went) is answered with its fill again instead of being executed twice. Each line also holds the order's
 * MsgSeqNum, so that a server whose engine reads messages before the application sees them (Artio) can ask for
 * every message after the last it answered. Every engine's durable server keeps one; called from one thread at a
 * time.
 *
 * <p>The file is flushed, not synced: a restarted JVM reads what the one before wrote; a machine that loses power
 * may lose the last lines, which this benchmark does not pretend to survive.
 */
public final class ExecutedOrders implements AutoCloseable {

    /** The file of answered orders in a durable session's directory, one a line: ClOrdID, a space, MsgSeqNum. */
    public static final String FILE = "executed-clordids.txt";

    private final Set<String> executed = new HashSet<>();
    private final BufferedWriter log;
    private final AtomicLong answeredAgain = new AtomicLong();
    private int lastSequenceNumber;

    /** The ledger kept in {@code directory}, with every ClOrdID an earlier server there executed. */
    public ExecutedOrders(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (Files.exists(file)) {
            for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                int space = line.lastIndexOf(' ');
                if (space > 0) {
                    executed.add(line.substring(0, space));
                    lastSequenceNumber = Math.max(lastSequenceNumber, Integer.parseInt(line.substring(space + 1)));
                }
            }
        }
        log = Files.newBufferedWriter(file, StandardCharsets.US_ASCII, StandardOpenOption.CREATE,
                StandardOpenOption.APPEND);
    }

    /**
     * Whether the order {@code clOrdId}, received as MsgSeqNum {@code msgSeqNum}, is to be executed: true the first
     * time, false for a known one (counted in {@link #answeredAgain()}); either way the order is on file before this
     * returns.
     *
     * @throws UncheckedIOException when the order cannot be recorded: it must not be executed then
     */
    public boolean firstTime(String clOrdId, int msgSeqNum) {
        boolean first = executed.add(clOrdId);
        try {
            log.write(clOrdId + ' ' + msgSeqNum);
            log.newLine();
            log.flush();
        } catch (IOException e) {
            if (first) {
                executed.remove(clOrdId);
            }
            throw new UncheckedIOException("cannot record ClOrdID " + clOrdId + ": " + e.getMessage(), e);
        }
        lastSequenceNumber = Math.max(lastSequenceNumber, msgSeqNum);
        if (!first) {
            answeredAgain.incrementAndGet();
        }
        return first;
    }

    /** The highest MsgSeqNum of an order answered, by this server or one before it on the directory; 0 if none. */
    public int lastSequenceNumber() {
        return lastSequenceNumber;
    }

    /** Orders not executed again because their ClOrdID was known. */
    public long answeredAgain() {
        return answeredAgain.get();
    }

    @Override
    public void close() {
        try {
            log.close();
        } catch (IOException ignored) {
            // flushed after every line
        }
    }
}
