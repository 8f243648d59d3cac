package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.TimeValue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JmhOptionsTest {

    private static final Codecs CODECS = Codecs.load();
    private static final List<String> FLAGS = List.of("--flag-a", "--flag-b");

    @Test
    void fillsEveryRegisteredCodecWhenNoneIsGiven() throws Exception {
        Options options = build();
        assertEquals(CODECS.names(), List.copyOf(options.getParameter(JmhOptions.CODEC_PARAM).get()));
        assertTrue(CODECS.names().containsAll(List.of("sbe/market-data", "protobuf/market-data", "sbe/order",
                "protobuf/infra-execution")), CODECS.names().toString());
    }

    @Test
    void expandsGlobsAndRejectsUnknownCodecsBeforeRunning() throws Exception {
        assertEquals(List.of("sbe/infra-execution", "sbe/market-data", "sbe/order", "sbe/user"),
                List.copyOf(build("-p", "codec=sbe/*").getParameter(JmhOptions.CODEC_PARAM).get()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> build("-p", "codec=nope/user"));
        assertTrue(e.getMessage().contains("known codecs: "), e.getMessage());
    }

    @Test
    void fillsCodecOnlyWhereASelectedBenchmarkDeclaresItAsTheRegistrys() throws Exception {
        assertFalse(build("PduCodecBenchmark").getParameter(JmhOptions.CODEC_PARAM).hasValue(),
                "a suite without the registry's codec parameter gets none");
        assertEquals(List.of("mine"), List.copyOf(build("PduCodecBenchmark", "-p", "codec=mine")
                .getParameter(JmhOptions.CODEC_PARAM).get()), "and a codec of its own is passed as given, not checked");
        assertEquals(CODECS.names(), List.copyOf(build("CodecBenchmark.encode").getParameter(JmhOptions.CODEC_PARAM).get()));
    }

    @Test
    void fillsNativeBenchmarkWithTheSelectedCodecsThatHaveANativeModel() throws Exception {
        List<String> filled = List.copyOf(build("NativeBenchmark").getParameter(JmhOptions.NATIVE_PARAM).get());
        assertTrue(filled.containsAll(List.of("protobuf/order", "protobuf-json/user")), filled.toString());
        assertFalse(filled.contains("sbe/order"), "sbe has no object model of its own: " + filled);
        assertEquals(List.of("protobuf/order"), List.copyOf(build("NativeBenchmark", "-p", "codec=protobuf/order,sbe/order")
                .getParameter(JmhOptions.NATIVE_PARAM).get()));

        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Options none = build(new PrintStream(err, true, StandardCharsets.UTF_8), "NativeBenchmark", "-p", "codec=sbe/*");
        assertFalse(none.getParameter(JmhOptions.NATIVE_PARAM).hasValue());
        assertTrue(none.getExcludes().stream().anyMatch(e -> e.contains(NativeBenchmark.class.getName())), none.getExcludes().toString());
        assertEquals("wirebench: NativeBenchmark left out: none of the selected codecs has a native model\n",
                err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void addsGcAndStackProfilersOnceUnlessTurnedOff() throws Exception {
        assertEquals(List.of("gc", "stack"), profilers(build()));
        assertEquals(List.of("gc", "stack"), profilers(build("-prof", "gc")));
        assertEquals(List.of("gc"), profilers(build("-prof", "gc", "--no-prof")));
        assertEquals(List.of(), profilers(build("--no-prof")));
    }

    @Test
    void quickIsAPresetOfRoundsOfOneForkEachAndTheUsersOwnOptionsWin() throws Exception {
        Options quick = build("--quick");
        assertEquals(1, quick.getForkCount().get(), "a fork per case per round, not CodecBenchmark's @Fork(2)");
        assertEquals(4, quick.getMeasurementIterations().get());
        assertEquals(TimeValue.milliseconds(100), quick.getMeasurementTime().get());
        assertEquals(List.of("heap"), List.copyOf(quick.getParameter("buffer").get()));
        assertEquals(List.of("gc"), profilers(quick));
        List<String> plain = List.copyOf(quick.getParameter(JmhOptions.CODEC_PARAM).get());
        assertTrue(plain.contains("protobuf-json/order") && plain.contains("sbe/user"), plain.toString());
        assertTrue(plain.stream().noneMatch(c -> c.contains("+guarded")), "quick leaves the guards' variants out: " + plain);

        Options mine = build("--quick", "-f", "3", "-i", "7", "-p", "buffer=direct");
        assertEquals(3, mine.getForkCount().get());
        assertEquals(7, mine.getMeasurementIterations().get());
        assertEquals(List.of("direct"), List.copyOf(mine.getParameter("buffer").get()));
        assertFalse(build().getForkCount().hasValue(), "without rounds the benchmark's own @Fork applies");
    }

    @Test
    void appendsTheJdkFlagsAfterTheUsersOwn() throws Exception {
        assertEquals(FLAGS, List.copyOf(build().getJvmArgsAppend().get()));
        assertEquals(List.of("-Xmx2g", "--flag-a", "--flag-b"),
                List.copyOf(build("-jvmArgsAppend", "-Xmx2g").getJvmArgsAppend().get()));
    }

    private static List<String> profilers(Options options) {
        return options.getProfilers().stream().map(ProfilerConfig::getKlass).sorted().toList();
    }

    private static Options build(String... args) throws Exception {
        return build(System.err, args);
    }

    private static Options build(PrintStream err, String... args) throws Exception {
        LaunchArgs launch = LaunchArgs.parse(args);
        return JmhOptions.build(new CommandLineOptions(launch.jmhArgs().toArray(String[]::new)), launch, CODECS, FLAGS, err);
    }
}
