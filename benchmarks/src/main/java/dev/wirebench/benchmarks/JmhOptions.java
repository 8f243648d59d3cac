package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import org.openjdk.jmh.runner.BenchmarkList;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.format.OutputFormat;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.ProfilerConfig;
import org.openjdk.jmh.runner.options.VerboseMode;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The user's JMH options with wirebench's defaults laid under them: whatever the user said wins;
 * we only fill what was left unsaid.
 */
final class JmhOptions {

    static final String CODEC_PARAM = "codec";
    /** NativeBenchmark's codec: the selected codecs that have a native model (JMH gives one name one set of values). */
    static final String NATIVE_PARAM = "nativeCodec";
    static final String BUFFER_PARAM = "buffer";
    static final List<String> DEFAULT_PROFILERS = List.of("gc", "stack");

    private JmhOptions() {
    }

    /**
     * @throws IllegalArgumentException if a {@code -p codec} value names no registered codec
     */
    static Options build(CommandLineOptions cmd, LaunchArgs launch, Codecs codecs, List<String> jvmFlags, PrintStream err) {
        ChainedOptionsBuilder options = new OptionsBuilder().parent(cmd);

        // the registry fills codec only where a selected benchmark declares it empty (@Param({}), as CodecBenchmark
        // does), so another suite may have a codec parameter of its own; there -p codec accepts globs (sbe/*, */order)
        // and an unknown name fails here, before any fork starts
        boolean codec = declaresEmpty(cmd, CODEC_PARAM);
        boolean nativeCodec = declaresEmpty(cmd, NATIVE_PARAM);
        if (codec || nativeCodec) {
            String requested = cmd.getParameter(CODEC_PARAM).hasValue()
                    ? String.join(",", cmd.getParameter(CODEC_PARAM).get()) : "*";
            List<String> selected = codecs.select(requested);
            if (codec) {
                options.param(CODEC_PARAM, selected.toArray(String[]::new));
            }
            if (nativeCodec && !cmd.getParameter(NATIVE_PARAM).hasValue()) {
                List<String> withModel = withNativeModel(codecs, selected);
                if (withModel.isEmpty()) {
                    err.println("wirebench: " + NativeBenchmark.class.getSimpleName() + " left out: none of the selected "
                            + "codecs has a native model");
                    options.exclude(Pattern.quote(NativeBenchmark.class.getName() + "."));
                } else {
                    options.param(NATIVE_PARAM, withModel.toArray(String[]::new));
                }
            }
        }

        // in rounds, a fork per case per round unless the user says otherwise (CodecBenchmark's @Fork says 2)
        if (launch.rounds() > 0 && !cmd.getForkCount().hasValue()) {
            options.forks(1);
        }

        if (launch.profilers()) {
            List<String> present = cmd.getProfilers().stream().map(ProfilerConfig::getKlass).toList();
            for (String profiler : DEFAULT_PROFILERS) {
                if (!present.contains(profiler)) {
                    options.addProfiler(profiler);
                }
            }
        }

        // the forks are new JVMs: they need the running JDK's flags, after any the user appended
        List<String> append = new ArrayList<>();
        if (cmd.getJvmArgsAppend().hasValue()) {
            append.addAll(cmd.getJvmArgsAppend().get());
        }
        for (String flag : jvmFlags) {
            if (!append.contains(flag)) {
                append.add(flag);
            }
        }
        options.jvmArgsAppend(append.toArray(String[]::new));
        return options.build();
    }

    /** The codecs among {@code names} that have a native model: NativeBenchmark's values. */
    static List<String> withNativeModel(Codecs codecs, List<String> names) {
        return names.stream().filter(n -> codecs.create(n).nativeModel().isPresent()).toList();
    }

    /** Whether a benchmark the command line selects declares {@code param} with no values of its own. */
    private static boolean declaresEmpty(CommandLineOptions cmd, String param) {
        OutputFormat silent = OutputFormatFactory.createFormatInstance(new PrintStream(OutputStream.nullOutputStream()),
                VerboseMode.SILENT);
        List<String> includes = cmd.getIncludes().isEmpty() ? List.of(".*") : cmd.getIncludes();
        for (BenchmarkListEntry entry : BenchmarkList.defaultList().find(silent, includes, cmd.getExcludes())) {
            String[] declared = entry.getParams().orElse(Map.of()).get(param);
            if (declared != null && declared.length == 0) {
                return true;
            }
        }
        return false;
    }
}
