package dev.wirebench.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One HTTP response of {@code serve}: status, content type and the whole body, built before anything is
 * sent so that a handler that fails half-way still answers with one clean error.
 *
 * @param status      the HTTP status
 * @param contentType the Content-Type header
 * @param body        the bytes sent
 * @param headers     extra headers (e.g. {@code Allow} on a 405)
 */
record ServeReply(int status, String contentType, byte[] body, Map<String, String> headers) {

    static final String JSON_TYPE = "application/json; charset=utf-8";
    static final ObjectMapper JSON = new ObjectMapper();

    ServeReply {
        headers = Map.copyOf(headers);
    }

    static ServeReply bytes(String contentType, byte[] body) {
        return new ServeReply(200, contentType, body, Map.of());
    }

    static ServeReply json(JsonNode value) {
        return json(200, value);
    }

    static ServeReply json(int status, JsonNode value) {
        try {
            return new ServeReply(status, JSON_TYPE, JSON.writeValueAsBytes(value), Map.of());
        } catch (JsonProcessingException e) {
            // a tree of plain nodes always serialises; this would be a Jackson bug
            throw new IllegalStateException("cannot write JSON: " + e.getOriginalMessage(), e);
        }
    }

    /** {@code {"error": message, "known": [...]}}; the message is kept to one line. */
    static ServeReply error(int status, String message, Collection<String> known) {
        ObjectNode body = JSON.createObjectNode().put("error", oneLine(message));
        if (known != null) {
            known.forEach(body.putArray("known")::add);
        }
        return json(status, body);
    }

    ServeReply withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ServeReply(status, contentType, body, more);
    }

    static String oneLine(String text) {
        return text == null ? "" : text.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }

    /** A request the server refuses with this reply (404, 400...): thrown by handlers, never logged as a failure. */
    static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient ServeReply reply;

        Refusal(int status, String message, Collection<String> known) {
            super(message, null, false, false);
            this.reply = error(status, message, known);
        }

        ServeReply reply() {
            return reply;
        }
    }
}
