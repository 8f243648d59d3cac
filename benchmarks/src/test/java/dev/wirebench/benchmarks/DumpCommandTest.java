package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DumpCommandTest {

    @TempDir
    Path results;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void writesExactlyTheEncodedBytesOfTheChosenSampleToStandardOutput() {
        assertEquals(0, run("dump", "protobuf/order", "--sample", "unicode"), err());
        assertArrayEquals(encoded("protobuf/order", 2), out.toByteArray());
        assertTrue(err().startsWith("protobuf/order sample unicode: "), err());
    }

    @Test
    void writesTheReferenceSampleToAFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("order.bin");
        assertEquals(0, run("dump", "sbe/order", "--out", file.toString()), err());
        assertArrayEquals(encoded("sbe/order", 0), Files.readAllBytes(file));
        assertEquals(0, out.size(), "nothing on standard output when --out is given");
    }

    @Test
    void hexDumpShowsOffsetsBytesAndText() {
        assertEquals(0, run("dump", "sbe/user", "--sample", "1", "--hex"), err());
        byte[] bytes = encoded("sbe/user", 1);
        String dump = out.toString(StandardCharsets.US_ASCII);
        assertEquals((bytes.length + 15) / 16, dump.lines().count(), dump);
        assertTrue(dump.startsWith(String.format("00000000: %02x%02x ", bytes[0], bytes[1])), dump);
        assertEquals("00000000: 4865 6c6c 6f0a                           Hello.\n",
                DumpCommand.hexDump("Hello\n".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void refusesAnUnknownCodecSampleOrOptionSayingWhatIsKnown() {
        assertEquals(1, run("dump", "nope/order"));
        assertTrue(err().contains("sbe/order"), err());
        assertEquals(1, run("dump", "sbe/order", "--sample", "9"));
        assertTrue(err().contains("samples: 0 (reference), 1 (empty)"), err());
        assertEquals(1, run("dump", "sbe/order", "--frobnicate"));
        assertTrue(err().contains("unknown option --frobnicate"), err());
        assertEquals(1, run("dump"));
        assertEquals(1, run("dump", "sbe/order", "--out"));
        assertEquals(0, out.size(), "no bytes on standard output after a refusal");
    }

    private static byte[] encoded(String name, int sample) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> codec = (MessageCodec<Object>) Codecs.load().create(name);
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int length = codec.encode(Samples.fixtures(codec.messageType()).get(sample).message(), buffer);
        return Arrays.copyOf(buffer.array(), length);
    }

    /** Through Main, as a user runs it, with the run folder it leaves kept in {@link #results}. */
    private int run(String... args) {
        String[] withResults = Arrays.copyOf(args, args.length + 2);
        withResults[args.length] = LaunchArgs.RESULTS_DIR;
        withResults[args.length + 1] = results.toString();
        return Main.run(withResults, new PrintStream(out, true), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void theRunFolderKeepsTheBytesItPrinted() throws Exception {
        assertEquals(0, run("dump", "colfer/user"));
        Path folder;
        try (var folders = Files.list(results)) {
            folder = folders.findFirst().orElseThrow();
        }
        assertArrayEquals(encoded("colfer/user", 0), Files.readAllBytes(folder.resolve("dump.out")));
        assertTrue(err().contains("Run folder: " + folder), err());
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8);
    }
}
