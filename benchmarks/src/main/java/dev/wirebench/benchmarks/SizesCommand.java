package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.zip.Deflater;

/**
 * {@code sizes}: the encoded size in bytes of every fixture per codec, one table per message type,
 * codecs ranked by the size of the reference sample, with that sample's size after DEFLATE (level 6,
 * as jvm-serializers reports it: what a compressing transport or store would hold).
 */
public final class SizesCommand extends AbstractSubcommand {

    private static final int BUFFER_BYTES = 1 << 20;
    private static final int DEFLATE_LEVEL = 6;

    private final Codecs given;
    private OptionSpec<String> codecSpec;
    private OptionSpec<String> resultsDir;

    public SizesCommand() {
        this(null);
    }

    SizesCommand(Codecs codecs) {
        super("sizes", "the encoded size in bytes of every fixture per codec, and after DEFLATE", "", "");
        this.given = codecs;
    }

    @Override
    public void declare(OptionParser parser) {
        codecSpec = CodecSelection.declare(parser);
        resultsDir = CommonOptions.resultsDir(parser, "where the run folder (env.json, sizes.out) goes");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        if (!options.nonOptionArguments().isEmpty()) {
            throw new IllegalArgumentException("unexpected argument '" + options.nonOptionArguments().get(0)
                    + "' (choose codecs with -p codec=GLOBS)");
        }
        Codecs codecs = given != null ? given : CodecSelection.load();
        List<String> names = CodecSelection.select(options, codecSpec, codecs);
        return KeptOutput.run(name(), CommonOptions.resultsDir(options, resultsDir), out, err, tee -> {
            print(codecs, names, tee);
            return ExitStatus.DONE;
        }, ExitStatus.DONE);
    }

    private static void print(Codecs codecs, List<String> names, PrintStream out) {
        Sizer sizer = new Sizer();
        for (MessageType<?> type : MessageType.all()) {
            List<MessageCodec<Object>> selected = new ArrayList<>();
            for (String name : names) {
                MessageCodec<?> codec = codecs.create(name);
                if (codec.messageType() == type) {
                    selected.add(CodecBenchmark.typed(codec));
                }
            }
            if (!selected.isEmpty()) {
                printTable(type, selected, sizer, out);
            }
        }
        out.println("+deflate: the reference sample after raw DEFLATE, level " + DEFLATE_LEVEL
                + " (java.util.zip, no zlib header), compressed on its own.");
    }

    /** One line per codec: the size of its message type's reference sample. */
    static void printReferenceSizes(Codecs codecs, Collection<String> names, PrintStream out) {
        referenceSizes(codecs, names).forEach((name, size) -> out.printf("  %-32s %8d B%n", name, size));
    }

    /** Codec name to the size in bytes of its message type's reference sample (what CodecBenchmark measures). */
    static SortedMap<String, Long> referenceSizes(Codecs codecs, Collection<String> names) {
        Sizer sizer = new Sizer();
        SortedMap<String, Long> sizes = new TreeMap<>();
        for (String name : names) {
            MessageCodec<Object> codec = CodecBenchmark.typed(codecs.create(name));
            sizes.put(name, (long) sizer.size(codec, Samples.reference(codec.messageType())));
        }
        return sizes;
    }

    private static void printTable(MessageType<?> type, List<MessageCodec<Object>> codecs, Sizer sizer,
                                   PrintStream out) {
        List<? extends Sample<?>> fixtures = Samples.fixtures(type);
        StringBuilder header = new StringBuilder(String.format("%-24s", type.id() + " (bytes)"));
        header.append(String.format(" | %10s | %9s", fixtures.get(0).name(), "+deflate"));
        for (Sample<?> sample : fixtures.subList(1, fixtures.size())) {
            header.append(String.format(" | %10s", sample.name()));
        }
        out.println(header);
        out.println("-".repeat(header.length()));
        List<String> rows = new ArrayList<>();
        List<Integer> referenceSizes = new ArrayList<>();
        for (MessageCodec<Object> codec : codecs) {
            int reference = sizer.size(codec, fixtures.get(0).message());
            StringBuilder row = new StringBuilder(String.format("%-24s", codec.format()));
            row.append(String.format(" | %10d | %9d", reference, sizer.deflatedSize()));
            for (Sample<?> sample : fixtures.subList(1, fixtures.size())) {
                row.append(String.format(" | %10d", sizer.size(codec, sample.message())));
            }
            rows.add(row.toString());
            referenceSizes.add(reference);
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing(referenceSizes::get));
        order.forEach(i -> out.println(rows.get(i)));
        out.println();
    }

    /** Encodes into one reused buffer; keeps the last encoding for {@link #deflatedSize()}. */
    private static final class Sizer {
        private final ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        private final byte[] deflated = new byte[BUFFER_BYTES + BUFFER_BYTES / 2];
        private final Deflater deflater = new Deflater(DEFLATE_LEVEL, true);

        int size(MessageCodec<Object> codec, Object message) {
            buffer.clear();
            return codec.encode(message, buffer);
        }

        int deflatedSize() {
            deflater.reset();
            deflater.setInput(buffer.array(), 0, buffer.position());
            deflater.finish();
            int size = deflater.deflate(deflated);
            if (!deflater.finished()) {
                throw new IllegalStateException("deflate output larger than " + deflated.length + " bytes");
            }
            return size;
        }
    }
}
