package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The reference implementation agrees with these codecs: flatc (C++, the build's own binary) reads
 * what encode wrote into JSON ({@code flatc --json --strict-json --raw-binary}, the command the
 * README gives), writes that JSON back as a binary ({@code flatc -b}), and decode reads flatc's
 * binary as the same message. (Not always the same bytes: the C++ builder pads an empty vector of
 * structs less.) Fixtures and a few random messages of every type, but no random orders: flatc
 * prints a double with 12 digits after the point, so a random price does not survive its JSON.
 */
class FlatcJsonRoundTripTest {

    private static final Path FLATC = Path.of(System.getProperty("wirebench.flatc", "target/flatc/bin/flatc"));
    private static final Path SCHEMAS = Path.of(System.getProperty("wirebench.fbs", "../schemas/flatbuffers"));

    @TempDir
    Path dir;

    static Stream<Arguments> messages() {
        return Stream.of(
                messages(new FlatBuffersMarketDataCodec(), "market_data.fbs"),
                messages(new FlatBuffersUserCodec(), "user.fbs"),
                messages(new FlatBuffersOrderCodec(), "order.fbs"),
                messages(new FlatBuffersInfrastructureExecutionCodec(), "infrastructure_execution.fbs"))
                .flatMap(s -> s);
    }

    private static <T> Stream<Arguments> messages(MessageCodec<T> codec, String schema) {
        List<Arguments> cases = new ArrayList<>();
        for (Sample<T> sample : Samples.fixtures(codec.messageType())) {
            cases.add(Arguments.of(Named.of(codec.name() + " " + sample.name(), codec), schema, sample.message()));
        }
        List<T> random = codec.messageType() == MessageType.ORDER ? List.of()
                : Samples.random(codec.messageType(), 0x5EED_2026L, 5);
        for (int i = 0; i < random.size(); i++) {
            cases.add(Arguments.of(Named.of(codec.name() + " random " + i, codec), schema, random.get(i)));
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    <T> void flatcReadsWhatEncodeWroteAndDecodeReadsWhatFlatcWrote(MessageCodec<T> codec, String schema, T message) throws Exception {
        assertTrue(Files.isExecutable(FLATC), FLATC.toAbsolutePath() + " is missing: run mvn generate-sources first");
        ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
        int n = codec.encode(message, buffer);
        byte[] bytes = new byte[n];
        buffer.flip().get(bytes);
        Path bin = Files.write(dir.resolve("message.bin"), bytes);

        flatc(dir.resolve("json"), "--json", "--strict-json", "--raw-binary", SCHEMAS.resolve(schema).toString(),
                "--", bin.toString());
        Path json = dir.resolve("json/message.json");
        assertTrue(Files.readString(json, StandardCharsets.UTF_8).startsWith("{"), "flatc wrote JSON");
        flatc(dir.resolve("bin"), "-b", SCHEMAS.resolve(schema).toString(), json.toString());
        byte[] rewritten = Files.readAllBytes(dir.resolve("bin/message.bin"));

        assertEquals(message, codec.decode(ByteBuffer.wrap(rewritten), rewritten.length), "decode of flatc's binary");
    }

    private void flatc(Path out, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(FLATC.toString(), "-o", out.toString()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "flatc did not finish in 30 s");
        assertEquals(0, process.exitValue(), String.join(" ", command) + " said: " + output);
    }
}
