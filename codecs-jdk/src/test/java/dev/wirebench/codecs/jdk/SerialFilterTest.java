package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.kit.MessageCodecContract;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The filter admits exactly what the messages need: the classes, array depths and nesting depth
 * that a recording filter sees while reading every fixture and a few hundred random messages, and
 * nothing more (bar {@code java.lang.String}, which the JDK reads without asking the filter).
 */
class SerialFilterTest {

    private static final int RANDOM_MESSAGES = 300;

    static Stream<Arguments> codecs() {
        return new JdkCodecProvider().codecs().stream().map(c -> Arguments.of(Named.of(c.name(), c)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void admitsExactlyTheClassesAndArraysTheMessagesUse(JdkCodec<?> codec) throws Exception {
        Recording seen = record(codec);
        Set<String> expected = new TreeSet<>(seen.classes);
        expected.add(String.class.getName());
        assertEquals(expected, codec.filter().classes(), codec.name() + ": admitted classes");
        assertEquals(seen.arrays, new TreeMap<>(codec.filter().arrays()), codec.name() + ": admitted arrays and their depths");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void admitsTheDeepestNestingTheMessagesUsePlusTheMargin(JdkCodec<?> codec) throws Exception {
        assertEquals(record(codec).maxDepth + SerialFilter.DEPTH_MARGIN, codec.filter().maxDepth(), codec.name());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("codecs")
    void decodesEveryFixtureThroughTheFilter(JdkCodec<?> codec) {
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
            int n = raw(codec).encode(sample.message(), buffer.clear());
            assertEquals(sample.message(), codec.decode(buffer.flip(), n), codec.name() + " " + sample.name());
        }
    }

    private static Recording record(JdkCodec<?> codec) throws IOException, ClassNotFoundException {
        Recording recording = new Recording();
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        for (Object message : messages(codec.messageType())) {
            int n = raw(codec).encode(message, buffer.clear());
            byte[] bytes = new byte[n];
            buffer.get(0, bytes);
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                in.setObjectInputFilter(recording);
                in.readObject();
            }
        }
        return recording;
    }

    private static List<Object> messages(MessageType<?> type) {
        List<Object> messages = new ArrayList<>();
        Samples.fixtures(type).forEach(sample -> messages.add(sample.message()));
        messages.addAll(Samples.random(type, MessageCodecContract.SEED, RANDOM_MESSAGES));
        return messages;
    }

    @SuppressWarnings("unchecked")
    private static MessageCodec<Object> raw(MessageCodec<?> codec) {
        return (MessageCodec<Object>) codec;
    }

    /** Lets everything through and notes what it was asked about. */
    private static final class Recording implements ObjectInputFilter {
        final Set<String> classes = new TreeSet<>();
        final Map<String, Set<Integer>> arrays = new TreeMap<>();
        long maxDepth;

        @Override
        public Status checkInput(FilterInfo info) {
            maxDepth = Math.max(maxDepth, info.depth());
            Class<?> type = info.serialClass();
            if (type != null && type.isArray()) {
                arrays.computeIfAbsent(type.getName(), name -> new TreeSet<>()).add((int) info.depth());
            } else if (type != null) {
                classes.add(type.getName());
            }
            return Status.ALLOWED;
        }
    }
}
