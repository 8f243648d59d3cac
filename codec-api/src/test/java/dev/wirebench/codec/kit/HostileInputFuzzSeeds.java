package dev.wirebench.codec.kit;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static dev.wirebench.codec.kit.MeasurementContract.encodeAt;
import static dev.wirebench.codec.kit.MeasurementContract.heap;

/**
 * Writes the seeds of a {@link HostileInputFuzz} subclass: every fixture of every codec it fuzzes, encoded and
 * prefixed as the target reads an input (the codec's index, then 0: the whole body is given), one file each, named
 * {@code <format>_<message>_<fixture>}. Encodings over {@value #MAX_SEED_BYTES} bytes are left out: seeds are
 * committed, and the fuzzer reaches the large fixtures' structure from the small ones. Run from the codec module's
 * directory, with its test class path, after a codec or a fixture changed:
 *
 * <pre>{@code
 * java -cp <test class path> dev.wirebench.codec.kit.HostileInputFuzzSeeds dev.wirebench.codecs.foo.FooFuzzTest
 * }</pre>
 */
public final class HostileInputFuzzSeeds {

    static final int MAX_SEED_BYTES = 1024;

    private HostileInputFuzzSeeds() {
    }

    public static void main(String[] args) throws Exception {
        for (String name : args) {
            Class<?> fuzzTest = Class.forName(name);
            Constructor<?> constructor = fuzzTest.getDeclaredConstructor();
            constructor.setAccessible(true);
            HostileInputFuzz fuzz = (HostileInputFuzz) constructor.newInstance();
            Path dir = Path.of("src", "test", "resources", fuzzTest.getPackageName().replace('.', '/'),
                    fuzzTest.getSimpleName() + "Inputs", "decodeAndTraverse");
            System.out.println(dir + ": " + write(HostileInputFuzz.claimantsOf(fuzz.provider()), dir) + " seeds");
        }
    }

    /** Writes the seeds of {@code codecs} into {@code dir}, replacing any of the same name; returns how many. */
    static int write(List<MessageCodec<?>> codecs, Path dir) throws IOException {
        Files.createDirectories(dir);
        ByteBuffer buffer = heap();
        int written = 0;
        for (int i = 0; i < codecs.size(); i++) {
            MessageCodec<?> codec = codecs.get(i);
            for (Sample<?> sample : Samples.fixtures(codec.messageType())) {
                int n = encodeAt(codec, sample.message(), buffer, 2);
                if (2 + n > MAX_SEED_BYTES) {
                    continue;
                }
                byte[] seed = new byte[2 + n];
                buffer.get(0, seed);
                seed[0] = (byte) i;
                seed[1] = 0;
                Files.write(dir.resolve(codec.format() + "_" + codec.messageType().id() + "_" + sample.name()), seed);
                written++;
            }
        }
        return written;
    }
}
