package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;

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
final class DumpCommand {

    static final String USAGE = """
            Usage: java -jar benchmarks.jar dump <format>/<message> [--sample N] [--hex] [--out FILE]
              --sample N   the fixture to encode, by index or name (default 0, the reference sample)
              --hex        a hex dump (offset, bytes, ASCII) instead of the raw bytes
              --out FILE   write to FILE instead of standard output""";
    private static final int BUFFER_BYTES = 1 << 20;

    private DumpCommand() {
    }

    static int run(String[] args, Codecs codecs, PrintStream out, PrintStream err) {
        String name = null;
        String sampleArg = "0";
        boolean hex = false;
        Path file = null;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
                case "--hex" -> hex = true;
                case "--sample", "--out" -> {
                    if (i + 1 == args.length) {
                        return usage(err, arg + " needs a value");
                    }
                    String value = args[++i];
                    if (arg.equals("--out")) {
                        file = Path.of(value);
                    } else {
                        sampleArg = value;
                    }
                }
                case "-h", "--help" -> {
                    out.println(USAGE);
                    return 0;
                }
                default -> {
                    if (arg.startsWith("-")) {
                        return usage(err, "unknown option " + arg);
                    }
                    if (name != null) {
                        return usage(err, "one codec at a time, got " + name + " and " + arg);
                    }
                    name = arg;
                }
            }
        }
        if (name == null) {
            return usage(err, "which codec? e.g. protobuf/order");
        }
        MessageCodec<Object> codec;
        try {
            codec = CodecBenchmark.typed(codecs.create(name));
        } catch (IllegalArgumentException unknown) {
            err.println("wirebench: " + unknown.getMessage());
            return 1;
        }
        List<? extends Sample<?>> fixtures = Samples.fixtures(codec.messageType());
        Sample<?> sample = pick(fixtures, sampleArg);
        if (sample == null) {
            List<String> known = new ArrayList<>();
            for (int i = 0; i < fixtures.size(); i++) {
                known.add(i + " (" + fixtures.get(i).name() + ")");
            }
            err.println("wirebench: no sample '" + sampleArg + "' for " + codec.messageType().id()
                    + "; samples: " + String.join(", ", known));
            return 1;
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
            err.println("wirebench: could not write " + file + ": " + e.getMessage());
            return 1;
        }
        err.println(codec.name() + " sample " + sample.name() + ": " + length + " bytes"
                + (file == null ? "" : " written to " + file));
        return 0;
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

    private static int usage(PrintStream err, String problem) {
        err.println("wirebench dump: " + problem);
        err.println(USAGE);
        return 1;
    }
}
