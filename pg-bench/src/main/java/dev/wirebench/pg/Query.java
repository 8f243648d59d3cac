package dev.wirebench.pg;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;

import java.nio.ByteBuffer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The queries people choose JSONB for, in numbers. Two questions: every execution whose status is FAILED
 * (about one row in six: not selective), and every execution one given approver took part in (a value
 * nested in an array of objects: selective). JSONB answers each with {@code payload @> document}, first
 * without an index and then with a GIN index ({@code jsonb_path_ops}); BYTEA's only way is to read every
 * row and decode it to look. Each way runs once untimed, then {@code repeats} times; every run decodes the
 * rows it gets, as the application would, and must find exactly the rows the generator made, or the run
 * fails.
 */
final class Query {

    static final ExecutionStatus STATUS = ExecutionStatus.FAILED;
    private static final String INDEX = "infra_exec_json_payload_gin";
    private static final ObjectMapper JSON = new ObjectMapper();

    private Query() {
    }

    /**
     * What is asked: a predicate on the record (the client-side filter over BYTEA) and the JSONB document
     * that contains the same answer.
     */
    record Question(String name, Predicate<InfrastructureExecution> matches, String contains) {
    }

    /**
     * One way of answering one question.
     *
     * @param plan the top of PostgreSQL's plan (EXPLAIN), or how the client filters
     */
    record Way(String question, String name, String plan, long matched, double medianMillis, double minMillis,
               List<Double> runsMillis) {
    }

    /** Every way of every question, plus the GIN index's build time and size. */
    record Result(int rows, List<Way> ways, double indexBuildMillis, long indexBytes) {
    }

    /** The two questions over the first {@code rows} messages. */
    static List<Question> questions(List<InfrastructureExecution> messages, int rows) {
        List<Question> questions = new ArrayList<>();
        questions.add(new Question("status = " + STATUS, m -> m.status() == STATUS,
                document(Map.of("status", "EXECUTION_STATUS_" + STATUS.name()))));
        messages.subList(0, rows).stream().flatMap(m -> m.approvals().stream()).map(a -> a.approver().userId())
                .filter(id -> !id.isEmpty()).findFirst().ifPresent(userId -> questions.add(new Question(
                        "approver " + userId, m -> m.approvals().stream().map(Approval::approver)
                        .anyMatch(u -> u.userId().equals(userId)),
                        document(Map.of("approvals", List.of(Map.of("approver", Map.of("userId", userId))))))));
        return questions;
    }

    private static String document(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static Result run(Connection connection, MessageCodec<InfrastructureExecution> binary,
                      MessageCodec<InfrastructureExecution> json, List<InfrastructureExecution> messages, int rows,
                      int fetchSize, int repeats) throws SQLException {
        List<Question> questions = questions(messages, rows);
        String scan = "SELECT id, payload FROM " + Format.BINARY.table();
        String contains = "SELECT id, payload FROM " + Format.JSON.table() + " WHERE payload @> CAST(? AS jsonb)";
        List<Way> ways = new ArrayList<>();
        for (Question q : questions) {
            long expected = messages.subList(0, rows).stream().filter(q.matches()).count();
            ways.add(time(q, "BYTEA: read every row, decode, filter", "client: decode " + rows + " rows, filter",
                    expected, repeats, () -> count(connection, binary, scan, null, q, fetchSize)));
            ways.add(time(q, "JSONB @>, no index", plan(connection, contains, q), expected, repeats,
                    () -> count(connection, json, contains, q.contains(), q, fetchSize)));
        }
        long start = System.nanoTime();
        try (Statement s = connection.createStatement()) {
            s.execute("CREATE INDEX " + INDEX + " ON " + Format.JSON.table() + " USING gin (payload jsonb_path_ops)");
            s.execute("ANALYZE " + Format.JSON.table());
        }
        connection.commit();
        double build = (System.nanoTime() - start) / 1e6;
        long indexBytes;
        try (Statement s = connection.createStatement();
             ResultSet rs = s.executeQuery("SELECT pg_relation_size('" + INDEX + "')")) {
            rs.next();
            indexBytes = rs.getLong(1);
        }
        try {
            for (Question q : questions) {
                long expected = messages.subList(0, rows).stream().filter(q.matches()).count();
                ways.add(time(q, "JSONB @>, GIN index (jsonb_path_ops)", plan(connection, contains, q), expected, repeats,
                        () -> count(connection, json, contains, q.contains(), q, fetchSize)));
            }
        } finally {
            try (Statement s = connection.createStatement()) { // the next load must not pay for it
                s.execute("DROP INDEX " + INDEX);
            }
            connection.commit();
        }
        ways.sort(Comparator.comparingInt(w -> indexOf(questions, w.question()))); // stable: the ways stay in order
        return new Result(rows, List.copyOf(ways), build, indexBytes);
    }

    private static int indexOf(List<Question> questions, String name) {
        for (int i = 0; i < questions.size(); i++) {
            if (questions.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    private interface Count {
        long run() throws SQLException;
    }

    private static Way time(Question q, String name, String plan, long expected, int repeats, Count count)
            throws SQLException {
        check(q, name, expected, count.run()); // untimed: warms the code and the cache alike for every way
        double[] millis = new double[repeats];
        for (int i = 0; i < repeats; i++) {
            long start = System.nanoTime();
            long matched = count.run();
            millis[i] = (System.nanoTime() - start) / 1e6;
            check(q, name, expected, matched);
        }
        List<Double> runs = Arrays.stream(millis).boxed().toList();
        Arrays.sort(millis);
        double median = repeats % 2 == 1 ? millis[repeats / 2] : (millis[repeats / 2 - 1] + millis[repeats / 2]) / 2;
        return new Way(q.name(), name, plan, expected, median, millis[0], runs);
    }

    private static void check(Question q, String name, long expected, long matched) {
        if (matched != expected) {
            throw new PgException(name + " found " + matched + " executions with " + q.name() + "; "
                    + expected + " were written");
        }
    }

    /**
     * Runs {@code sql} (with {@code contains} bound to its one parameter, if not null), decodes every row it
     * returns as the application would, and counts those the question matches: the client-side filter for
     * BYTEA, a check that the server matched right for JSONB.
     */
    private static long count(Connection connection, MessageCodec<InfrastructureExecution> codec, String sql,
                              String contains, Question q, int fetchSize) throws SQLException {
        long matched = 0;
        try (PreparedStatement select = Reads.select(connection, sql, fetchSize)) {
            if (contains != null) {
                select.setString(1, contains);
            }
            try (ResultSet rs = select.executeQuery()) {
                while (rs.next()) {
                    byte[] bytes = rs.getBytes(2);
                    if (q.matches().test(codec.decode(ByteBuffer.wrap(bytes), bytes.length))) {
                        matched++;
                    }
                }
            }
        }
        connection.commit();
        return matched;
    }

    /** The plan's nodes for the JSONB query, one line, costs and conditions left out. */
    private static String plan(Connection connection, String sql, Question q) throws SQLException {
        List<String> nodes = new ArrayList<>();
        try (PreparedStatement explain = connection.prepareStatement("EXPLAIN " + sql)) {
            explain.setString(1, q.contains());
            try (ResultSet rs = explain.executeQuery()) {
                while (rs.next()) {
                    String line = rs.getString(1).strip();
                    if (!line.startsWith("Filter") && !line.startsWith("Recheck") && !line.startsWith("Index Cond")) {
                        nodes.add(line.replaceFirst("^->\\s*", "").replaceFirst("\\s*\\(cost=.*$", ""));
                    }
                }
            }
        }
        connection.commit();
        return String.join(" → ", nodes);
    }
}
