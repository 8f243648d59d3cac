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
        LaunchArgs args = LaunchArgs.parse("CodecBenchmark", "--quick", "-f", "1", "--no-prof", "-rf", "json");
        assertTrue(args.quick());
        assertFalse(args.profilers());
        assertEquals(List.of("CodecBenchmark", "-f", "1", "-rf", "json"), args.jmhArgs());
    }

    @Test
    void acceptsCaseAsTheNameOfTheCodecParameter() {
        assertEquals(List.of("-p", "codec=sbe/market-data"), LaunchArgs.parse("-p", "case=sbe/market-data").jmhArgs());
        assertEquals(List.of("-pcodec=sbe/*"), LaunchArgs.parse("-pcase=sbe/*").jmhArgs());
        assertEquals(List.of("-p", "buffer=heap"), LaunchArgs.parse("-p", "buffer=heap").jmhArgs());
    }

    @Test
    void defaultsToProfilersOnAndNotQuick() {
        LaunchArgs args = LaunchArgs.parse();
        assertTrue(args.profilers());
        assertFalse(args.quick());
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
