package dev.wirebench.benchmarks;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LaunchArgsTest {

    @Test
    void takesOutItsOwnFlagsAndPassesTheRestToJmhInOrder() {
        LaunchArgs args = LaunchArgs.parse("CodecBenchmark", "-f", "1", "--no-prof", "-rf", "json", "--rounds", "3",
                "--seed", "42", "--variant", "zgc=-XX:+UseZGC");
        assertFalse(args.profilers());
        assertEquals(List.of("CodecBenchmark", "-f", "1", "-rf", "json"), args.jmhArgs());
        assertEquals(3, args.rounds());
        assertEquals(42L, args.seed());
        assertEquals(List.of(new Variant("zgc", null, List.of("-XX:+UseZGC"))), args.variants());
    }

    @Test
    void aPresetLiesUnderTheUsersOwnOptions() {
        LaunchArgs quick = LaunchArgs.parse("--quick");
        assertEquals(Preset.named("quick").orElseThrow(), quick.preset());
        assertEquals(4, quick.rounds());
        assertFalse(quick.profilers(), "the preset names its profiler itself");
        assertEquals(List.of("\\.CodecBenchmark\\.(encode|decode)$", "-p", "codec=*,!*+guarded/*", "-p", "buffer=heap",
                "-wi", "2", "-w", "200ms",
                "-i", "4", "-r", "100ms", "-jvmArgsPrepend", "-Xms512m -Xmx512m -XX:+AlwaysPreTouch", "-prof", "gc"),
                quick.jmhArgs());
        // the user's regex, rounds, -i (attached) and buffer win; the preset fills the rest
        LaunchArgs mine = LaunchArgs.parse("--preset", "nightly", "CodecBenchmark.encode", "--rounds", "2", "-i3",
                "-p", "buffer=direct", "-p", "codec=sbe/*");
        assertEquals(2, mine.rounds());
        assertEquals(List.of("-wi", "3", "-w", "200ms", "-r", "100ms", "-jvmArgsPrepend", "-Xms512m -Xmx512m -XX:+AlwaysPreTouch",
                "-prof", "gc", "CodecBenchmark.encode", "-i3",
                "-p", "buffer=direct", "-p", "codec=sbe/*"), mine.jmhArgs());
    }

    @Test
    void refusesWhatItCannotRunInOneLine() {
        assertRefused("unknown preset 'weekly'; known: quick, full, nightly", "--preset", "weekly");
        assertRefused("--preset needs a preset name: quick, full, nightly", "--preset");
        assertRefused("--rounds takes a whole number of rounds, 1 or more, not '0'", "--rounds", "0");
        assertRefused("--seed takes a whole number, not 'x'", "--rounds", "2", "--seed", "x");
        assertRefused("--variant runs in interleaved rounds: add --rounds R (or a --preset)", "--variant", "a=-Xint");
        assertRefused("two variants have the same name: [a, a]", "--rounds", "2", "--variant", "a=", "--variant", "a=-Xint");
        assertRefused("--variant takes NAME=[JVM] [FLAGS], e.g. zgc=-XX:+UseZGC or jdk25=/usr/lib/jvm/temurin-25-jdk-amd64; "
                + "got 'zgc'", "--rounds", "2", "--variant", "zgc");
        assertRefused("two presets, quick and nightly: choose one", "--quick", "--preset", "nightly");
    }

    @Test
    void aVariantIsAJvmFlagsOrBoth(@org.junit.jupiter.api.io.TempDir Path jdk) throws Exception {
        java.nio.file.Files.createDirectories(jdk.resolve("bin"));
        Variant both = Variant.parse("jdk=" + jdk + " -XX:+UseZGC -Xmx1g");
        assertEquals(jdk.resolve("bin").resolve("java"), both.java(), "a JDK home stands for its bin/java");
        assertEquals(List.of("-XX:+UseZGC", "-Xmx1g"), both.flags());
        Variant plain = Variant.parse("base=");
        assertEquals(null, plain.java());
        assertTrue(plain.describe().endsWith("java"), plain.describe());
    }

    private static void assertRefused(String message, String... args) {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> LaunchArgs.parse(args));
        assertEquals(message, e.getMessage());
    }

    @Test
    void acceptsCaseAsTheNameOfTheCodecParameter() {
        assertEquals(List.of("-p", "codec=sbe/market-data"), LaunchArgs.parse("-p", "case=sbe/market-data").jmhArgs());
        assertEquals(List.of("-pcodec=sbe/*"), LaunchArgs.parse("-pcase=sbe/*").jmhArgs());
        assertEquals(List.of("-p", "buffer=heap"), LaunchArgs.parse("-p", "buffer=heap").jmhArgs());
    }

    @Test
    void defaultsToProfilersOnAndNoRounds() {
        LaunchArgs args = LaunchArgs.parse();
        assertTrue(args.profilers());
        assertEquals(null, args.preset());
        assertEquals(0, args.rounds());
        assertFalse(args.help());
        assertTrue(LaunchArgs.parse("--help").help());
        assertEquals(Path.of("results"), args.resultsDir());
    }

    @Test
    void takesTheResultsDirOutOfJmhsArguments() {
        LaunchArgs args = LaunchArgs.parse("CodecBenchmark", "--results-dir", "/tmp/nightly", "-f", "1");
        assertEquals(Path.of("/tmp/nightly"), args.resultsDir());
        assertEquals(List.of("CodecBenchmark", "-f", "1"), args.jmhArgs());
    }
}
