package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code -p codec=GLOBS}: how every command that works on codecs is told which, the way a JMH run is
 * ({@code java -jar benchmarks.jar -p codec=sbe/*,*}{@code /order}); {@code case=} means the same.
 */
final class CodecSelection {

    private CodecSelection() {
    }

    static OptionSpec<String> declare(OptionParser parser) {
        return parser.accepts("p", "codecs, exact names or globs, comma-separated, as a JMH run takes them: "
                + "codec=sbe/*,*/order (default: every codec on the class path)").withRequiredArg().describedAs("codec=GLOBS");
    }

    /** The selected codecs' names, in registry order. @throws IllegalArgumentException for a bad or unmatched glob */
    static List<String> select(OptionSet options, OptionSpec<String> spec, Codecs codecs) {
        List<String> globs = new ArrayList<>();
        for (String value : options.valuesOf(spec)) {
            // the same alias a JMH run takes
            String param = LaunchArgs.renameCase(value);
            if (!param.startsWith(JmhOptions.CODEC_PARAM + "=")) {
                throw new IllegalArgumentException("-p takes codec=GLOBS (e.g. -p codec=sbe/*), not '" + value + "'");
            }
            globs.add(param.substring(JmhOptions.CODEC_PARAM.length() + 1));
        }
        return codecs.select(globs.isEmpty() ? "*" : String.join(",", globs));
    }

    /** The registry, or a one-line refusal when a codec module on the class path is broken. */
    static Codecs load() {
        try {
            return Codecs.load();
        } catch (IllegalStateException badProvider) {
            throw new IllegalArgumentException(badProvider.getMessage(), badProvider);
        }
    }
}
