package dev.wirebench.harness.cli;

import dev.wirebench.harness.Flags;
import joptsimple.OptionParser;
import joptsimple.OptionSet;
import joptsimple.OptionSpec;

import java.nio.file.Path;

/** Options several subcommands share, declared (and read) one way. */
public final class CommonOptions {

    /** Where run folders go unless {@code --results-dir} says otherwise. */
    public static final Path DEFAULT_RESULTS_DIR = Path.of("results");

    private CommonOptions() {
    }

    /** {@code --results-dir DIR}: where the run folder goes (or, for serve, where the run folders are). */
    public static OptionSpec<String> resultsDir(OptionParser parser, String what) {
        return parser.accepts("results-dir", what).withRequiredArg().describedAs("DIR")
                .defaultsTo(DEFAULT_RESULTS_DIR.toString());
    }

    /** {@code --results-dir}'s value as a path. */
    public static Path resultsDir(OptionSet options, OptionSpec<String> spec) {
        return Path.of(options.valueOf(spec));
    }

    /** {@code --role both|server|client}: where the client and the server of a load test run. */
    public static OptionSpec<String> role(OptionParser parser, String description) {
        return parser.accepts("role", description).withRequiredArg().describedAs("both|server|client").defaultsTo("both");
    }

    /** {@code --role}'s value. */
    public static Role role(OptionSet options) {
        return Flags.choice("--role", (String) options.valueOf("role"), Role.class);
    }

}
