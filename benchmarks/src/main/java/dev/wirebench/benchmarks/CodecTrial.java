package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;

import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * {@code serve}'s codec endpoints: what is registered ({@code /api/codecs}) and one round trip of one
 * fixture ({@code /api/test/{format}}), encoded into a buffer this object keeps and decoded back.
 *
 * <p>Not thread-safe, on purpose: the server calls it from its single request thread, so the buffer
 * and the codec instances (which may keep scratch state, see {@link MessageCodec}) are reused without locks.
 */
final class CodecTrial {

    static final String DEFAULT_MESSAGE = MessageType.MARKET_DATA.id();
    private static final int BUFFER_BYTES = 1 << 20;

    private final Codecs codecs;
    private final List<String> formats;
    private final List<String> messages = MessageType.all().stream().map(MessageType::id).toList();
    private final Map<String, MessageCodec<Object>> instances = new HashMap<>();
    private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);

    CodecTrial(Codecs codecs) {
        this.codecs = codecs;
        TreeSet<String> found = new TreeSet<>();
        codecs.names().forEach(name -> found.add(format(name)));
        this.formats = List.copyOf(found);
    }

    /** {@code {"formats": [...], "messages": [...], "codecs": [...], "samples": {message: [names]}}}. */
    ObjectNode catalogue() {
        ObjectNode body = ServeReply.JSON.createObjectNode();
        formats.forEach(body.putArray("formats")::add);
        messages.forEach(body.putArray("messages")::add);
        codecs.names().forEach(body.putArray("codecs")::add);
        ObjectNode samples = body.putObject("samples");
        for (MessageType<?> type : MessageType.all()) {
            ArrayNode names = samples.putArray(type.id());
            Samples.fixtures(type).forEach(sample -> names.add(sample.name()));
        }
        return body;
    }

    /**
     * Encodes one fixture with {@code format}'s codec for {@code message}, decodes it back and
     * compares; each call timed once with {@link System#nanoTime()} (a single call, not a benchmark).
     *
     * @throws ServeReply.Refusal 404 for an unknown format or message, 400 for an unknown sample
     */
    ObjectNode roundTrip(String format, String message, String sampleArg) {
        if (!formats.contains(format)) {
            throw new ServeReply.Refusal(404, "unknown format '" + format + "'", formats);
        }
        if (!messages.contains(message)) {
            throw new ServeReply.Refusal(404, "unknown message '" + message + "'", messages);
        }
        String name = format + "/" + message;
        if (!codecs.names().contains(name)) {
            List<String> offered = new ArrayList<>();
            codecs.names().stream().filter(n -> format(n).equals(format)).forEach(n -> offered.add(message(n)));
            throw new ServeReply.Refusal(404, "format '" + format + "' has no codec for message '" + message + "'",
                    offered);
        }
        MessageCodec<Object> codec = instances.computeIfAbsent(name, n -> CodecBenchmark.typed(codecs.create(n)));
        List<? extends Sample<?>> fixtures = Samples.fixtures(codec.messageType());
        Sample<?> sample = pick(fixtures, sampleArg);
        if (sample == null) {
            throw new ServeReply.Refusal(400, "no sample '" + sampleArg + "' for " + message
                    + ": give an index from 0 to " + (fixtures.size() - 1) + " or a name",
                    fixtures.stream().map(Sample::name).toList());
        }
        buffer.clear();
        long start = System.nanoTime();
        int size;
        try {
            size = codec.encode(sample.message(), buffer);
        } catch (BufferOverflowException e) {
            throw new IllegalStateException(name + " sample " + sample.name() + " does not fit the server's "
                    + BUFFER_BYTES + "-byte buffer", e);
        }
        long encoded = System.nanoTime();
        buffer.position(0);
        Object decoded = codec.decode(buffer, size);
        long end = System.nanoTime();

        ObjectNode body = ServeReply.JSON.createObjectNode();
        body.put("protocol", format).put("message", message).put("codec", name).put("sample", sample.name())
                .put("size", size).put("match", decoded.equals(sample.message()));
        body.set("original", ServeReply.JSON.valueToTree(sample.message()));
        body.set("decoded", ServeReply.JSON.valueToTree(decoded));
        body.put("encodeNanos", encoded - start).put("decodeNanos", end - encoded);
        return body;
    }

    private static Sample<?> pick(List<? extends Sample<?>> fixtures, String arg) {
        for (int i = 0; i < fixtures.size(); i++) {
            if (fixtures.get(i).name().equals(arg) || Integer.toString(i).equals(arg)) {
                return fixtures.get(i);
            }
        }
        return null;
    }

    private static String format(String codecName) {
        return codecName.substring(0, codecName.indexOf('/'));
    }

    private static String message(String codecName) {
        return codecName.substring(codecName.indexOf('/') + 1);
    }
}
