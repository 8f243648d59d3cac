package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.harness.cli.CommonOptions;
import dev.wirebench.harness.cli.ExitStatus;
import dev.wirebench.harness.cli.AbstractSubcommand;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code dump <format>/<message> [--sample N] [--hex] [--out FILE]}: the encoded bytes of one fixture,
 * so they can be checked with the format's own tools ({@code protoc --decode}, {@code flatc --json},
 * {@code capnp decode}). Raw bytes go to standard output (or FILE); a one-line description goes to
 * standard error, so that {@code > file.bin} holds nothing but the message.
 */
public final class DumpCommand extends AbstractSubcommand {

    private static final int BUFFER_BYTES = 1 << 20;

    private final Codecs given;
    private OptionSpec<String> sampleSpec;
    private OptionSpec<Void> hexSpec;
    private OptionSpec<String> outSpec;
    private OptionSpec<String> resultsDir;

    public DumpCommand() {
        this(null);
    }

    DumpCommand(Codecs codecs) {
        super("dump", "the encoded bytes of one fixture, to check with the format's own tools (protoc, flatc, capnp)",
                "<format>/<message>", """
                Raw bytes go to standard output (or FILE); a one-line description goes to standard error, so that
                > file.bin holds nothing but the message.""");
        this.given = codecs;
    }

    @Override
    public void declare(OptionParser parser) {
        sampleSpec = parser.accepts("sample", "the fixture to encode, by index or name").withRequiredArg()
                .describedAs("N").defaultsTo("0");
        hexSpec = parser.accepts("hex", "a hex dump (offset, bytes, ASCII) instead of the raw bytes");
        outSpec = parser.accepts("out", "write to FILE instead of standard output").withRequiredArg().describedAs("FILE");
        resultsDir = CommonOptions.resultsDir(parser, "where the run folder (env.json, dump.out) goes");
    }

    @Override
    public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
        List<?> operands = options.nonOptionArguments();
        if (operands.isEmpty()) {
            throw new IllegalArgumentException("which codec? e.g. dump protobuf/order");
        }
        if (operands.size() > 1) {
            throw new IllegalArgumentException("one codec at a time, got " + operands.get(0) + " and " + operands.get(1));
        }
        Codecs codecs = given != null ? given : CodecSelection.load();
        String name = operands.get(0).toString();
        String sampleArg = options.valueOf(sampleSpec);
        boolean hex = options.has(hexSpec);
        Path file = options.has(outSpec) ? Path.of(options.valueOf(outSpec)) : null;
        return KeptOutput.run(name(), CommonOptions.resultsDir(options, resultsDir), out, err,
                tee -> dump(codecs, name, sampleArg, hex, file, tee, err), ExitStatus.DONE);
    }

    private static ExitStatus dump(Codecs codecs, String name, String sampleArg, boolean hex, Path file, PrintStream out,
                                   PrintStream err) {
        MessageCodec<Object> codec;
        try {
            codec = CodecBenchmark.typed(codecs.create(name));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException(unknown.getMessage(), unknown);
        }
        List<? extends Sample<?>> fixtures = Samples.fixtures(codec.messageType());
        Sample<?> sample = pick(fixtures, sampleArg);
        if (sample == null) {
            List<String> known = new ArrayList<>();
            for (int i = 0; i < fixtures.size(); i++) {
                known.add(i + " (" + fixtures.get(i).name() + ")");
            }
            throw new IllegalArgumentException("no sample '" + sampleArg + "' for " + codec.messageType().id()
                    + "; samples: " + String.join(", ", known));
        }
        ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
        int length = codec.encode(sample.message(), buffer);
        byte[] bytes = Arrays.copyOf(buffer.array(), length);
        byte[] output = hex ? hexDump(bytes).getBytes(StandardCharsets.US_ASCII) : bytes;
        try {
            if (file == null) {
                out.write(output);
                out.flush();
            } else {
                Files.write(file, output);
            }
        } catch (IOException e) {
            err.println("wirebench dump: could not write " + file + ": " + e.getMessage());
            return ExitStatus.FAILED;
        }
        err.println(codec.name() + " sample " + sample.name() + ": " + length + " bytes"
                + (file == null ? "" : " written to " + file));
        return ExitStatus.DONE;
    }

    private static Sample<?> pick(List<? extends Sample<?>> fixtures, String arg) {
        for (int i = 0; i < fixtures.size(); i++) {
            if (fixtures.get(i).name().equals(arg) || Integer.toString(i).equals(arg)) {
                return fixtures.get(i);
            }
        }
        return null;
    }

    /** xxd's layout: offset, 16 bytes in hex, then the printable ASCII of those bytes. */
    static String hexDump(byte[] bytes) {
        StringBuilder text = new StringBuilder();
        for (int line = 0; line < bytes.length; line += 16) {
            text.append(String.format("%08x: ", line));
            int end = Math.min(line + 16, bytes.length);
            for (int i = line; i < line + 16; i++) {
                text.append(i < end ? String.format("%02x", bytes[i] & 0xff) : "  ");
                if (i % 2 == 1) {
                    text.append(' ');
                }
            }
            text.append(' ');
            for (int i = line; i < end; i++) {
                int b = bytes[i] & 0xff;
                text.append(b >= 0x20 && b < 0x7f ? (char) b : '.');
            }
            text.append('\n');
        }
        return text.toString();
    }
}
