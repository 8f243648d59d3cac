package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** {@code sizes}: the encoded size in bytes of every fixture per codec, one table per message type. */
final class SizesCommand {

    private static final int BUFFER_BYTES = 1 << 20;

    private SizesCommand() {
    }

    static int run(String[] args, Codecs codecs, PrintStream out, PrintStream err) {
        if (args.length > 1 || args.length == 1 && args[0].startsWith("-")) {
            err.println("Usage: java -jar benchmarks.jar sizes [codec globs, e.g. sbe/*,*/order]");
            return 1;
        }
        List<String> names;
        try {
            names = codecs.select(args.length == 1 ? args[0] : "*");
        } catch (IllegalArgumentException e) {
            err.println("wirebench: " + e.getMessage());
            return 1;
        }
        for (MessageType<?> type : MessageType.all()) {
            List<MessageCodec<Object>> selected = new ArrayList<>();
            for (String name : names) {
                MessageCodec<?> codec = codecs.create(name);
                if (codec.messageType() == type) {
                    selected.add(CodecBenchmark.typed(codec));
                }
            }
            if (!selected.isEmpty()) {
                printTable(type, selected, out);
            }
        }
        return 0;
    }

    /** One line per codec: the size of its message type's reference sample. */
    static void printReferenceSizes(Codecs codecs, Collection<String> names, PrintStream out) {
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        for (String name : names) {
            MessageCodec<Object> codec = CodecBenchmark.typed(codecs.create(name));
            out.printf("  %-32s %8d B%n", name, size(codec, Samples.reference(codec.messageType()), buffer));
        }
    }

    private static void printTable(MessageType<?> type, List<MessageCodec<Object>> codecs, PrintStream out) {
        Set<String> formats = new LinkedHashSet<>();
        codecs.forEach(c -> formats.add(c.format()));
        StringBuilder header = new StringBuilder(String.format("%-28s", type.id() + " (bytes)"));
        formats.forEach(f -> header.append(String.format(" | %12s", f)));
        out.println(header);
        out.println("-".repeat(header.length()));
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        for (Sample<?> sample : Samples.fixtures(type)) {
            StringBuilder row = new StringBuilder(String.format("%-28s", sample.name()));
            for (MessageCodec<Object> codec : codecs) {
                row.append(String.format(" | %12d", size(codec, sample.message(), buffer)));
            }
            out.println(row);
        }
        out.println();
    }

    private static int size(MessageCodec<Object> codec, Object message, ByteBuffer buffer) {
        buffer.clear();
        return codec.encode(message, buffer);
    }
}
