package dev.wirebench.fix.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The round trips in a history file. A request is a message holding the request field ({@code 35=D}
 * by default); its round trip ends at the first later message with the same ClOrdID (11) and ExecType
 * 150=F (the fill), and its acknowledgement at the first later one with 150=0. An RTT is the reply's
 * nanotime minus the request's. Requests in the first {@code warmup} nanoseconds of the file
 * (counted from its first request) are skipped, but their replies are still recognised as theirs.
 *
 * <p>In open loop the client's receiving thread may file a report before the sending thread files
 * the order it answers (their times are right; only the file order is not), so a reply with no open
 * request waits for a later request with its ClOrdID and counts as stray only if none comes.
 *
 * @param lines         lines read
 * @param fills         request-to-fill RTTs of the timed requests, ascending, in nanoseconds
 * @param acks          request-to-ack RTTs of the timed requests, ascending, in nanoseconds
 * @param skipped       requests inside the warm-up
 * @param unanswered    timed requests with no fill by the end of the file (those in flight when it ended too)
 * @param reused        timed requests whose ClOrdID an earlier request still waiting for its fill had:
 *                      the later one replaces it, and the earlier one counts as unanswered
 * @param strayReplies  messages with 150=0 or 150=F whose ClOrdID no request had open, before or after them
 */
record RoundTrips(long lines, long[] fills, long[] acks, long skipped, long unanswered, long reused, long strayReplies) {

    private static final byte ACK = '0';
    private static final long NO_TIME = Long.MIN_VALUE;
    private static final byte FILL = 'F';

    /** Timed requests: answered or not. */
    long timed() {
        return fills.length + unanswered;
    }

    /**
     * Reads {@code file} once, holding only the RTTs and the requests still waiting for their fill.
     *
     * @throws HistoryFormatException naming the line, if a line is malformed, a request has no ClOrdID,
     *                                or a reply's nanotime is before its request's
     * @throws IOException            if the file cannot be read
     */
    static RoundTrips read(Path file, FieldMatch requestField, long warmupNanos) throws IOException {
        Matcher matcher = new Matcher(requestField, warmupNanos);
        try (HistoryReader reader = new HistoryReader(file)) {
            while (reader.next()) {
                matcher.accept(reader);
            }
        }
        return matcher.result();
    }

    /** A request waiting for its fill. */
    private static final class Pending {
        final long sentNanos;
        final boolean skipped;
        boolean acked;

        Pending(long sentNanos, boolean skipped) {
            this.sentNanos = sentNanos;
            this.skipped = skipped;
        }
    }

    private static final class Matcher {
        private final FieldMatch requestField;
        private final FixFields fields;
        private final long warmupNanos;
        // entries leave on their fill, so this holds the requests in flight, not the whole file
        private final Map<String, Pending> open = new HashMap<>();
        // replies filed before their request: nanotimes by ClOrdID, {ack, fill}, NO_TIME where none came yet
        private final Map<String, long[]> early = new HashMap<>();
        private final LongArray fills = new LongArray();
        private final LongArray acks = new LongArray();
        private long lines;
        // the warm-up counts from the first request: in open loop a reply may be filed before it
        private long firstNanos;
        private long requests;
        private long skipped;
        private long reused;
        private long strayReplies;

        Matcher(FieldMatch requestField, long warmupNanos) {
            this.requestField = requestField;
            this.fields = new FixFields(requestField);
            this.warmupNanos = warmupNanos;
        }

        void accept(HistoryReader line) {
            lines++;
            fields.parse(line.line(), line.bytes(), line.messageStart(), line.messageEnd());
            byte execType = fields.execType();
            boolean reply = fields.hasClOrdId() && (execType == ACK || execType == FILL);
            if (!reply && !fields.isRequest()) {
                return;
            }
            if (!fields.hasClOrdId()) {
                throw new HistoryFormatException(line.line(), "a request (" + requestField + ") without a ClOrdID (11)"
                        + " cannot be matched to its replies");
            }
            String clOrdId = new String(line.bytes(), fields.clOrdIdStart(), fields.clOrdIdEnd() - fields.clOrdIdStart(),
                    StandardCharsets.ISO_8859_1);
            if (reply) {
                reply(line, clOrdId, execType);
            }
            if (fields.isRequest()) {
                if (requests++ == 0) {
                    firstNanos = line.nanos();
                }
                // nanotimes may wrap around: compare differences, never the values themselves
                boolean warmingUp = line.nanos() - firstNanos < warmupNanos;
                if (warmingUp) {
                    skipped++;
                }
                Pending earlier = open.put(clOrdId, new Pending(line.nanos(), warmingUp));
                if (earlier != null && !earlier.skipped) {
                    reused++;
                }
                long[] before = early.remove(clOrdId);
                if (before != null) {
                    if (before[0] != NO_TIME) {
                        reply(line, clOrdId, ACK, before[0]);
                    }
                    if (before[1] != NO_TIME) {
                        reply(line, clOrdId, FILL, before[1]);
                    }
                }
            }
        }

        private void reply(HistoryReader line, String clOrdId, byte execType) {
            reply(line, clOrdId, execType, line.nanos());
        }

        private void reply(HistoryReader line, String clOrdId, byte execType, long nanos) {
            Pending request = execType == FILL ? open.remove(clOrdId) : open.get(clOrdId);
            if (request == null) {
                long[] times = early.computeIfAbsent(clOrdId, k -> new long[] {NO_TIME, NO_TIME});
                int slot = execType == FILL ? 1 : 0;
                if (times[slot] == NO_TIME) {
                    times[slot] = nanos;
                } else {
                    strayReplies++;
                }
                return;
            }
            long rtt = nanos - request.sentNanos;
            if (rtt < 0) {
                throw new HistoryFormatException(line.line(), "this reply to ClOrdID " + clOrdId + " has a nanotime "
                        + (-rtt) + " ns before its request's: were they stamped by one clock (one JVM)?");
            }
            if (request.skipped) {
                return;
            }
            if (execType == FILL) {
                fills.add(rtt);
            } else if (!request.acked) {
                request.acked = true;
                acks.add(rtt);
            }
        }

        RoundTrips result() {
            long unanswered = open.values().stream().filter(p -> !p.skipped).count() + reused;
            long stray = strayReplies;
            for (long[] times : early.values()) {
                stray += (times[0] == NO_TIME ? 0 : 1) + (times[1] == NO_TIME ? 0 : 1);
            }
            return new RoundTrips(lines, fills.sorted(), acks.sorted(), skipped, unanswered, reused, stray);
        }
    }
}
