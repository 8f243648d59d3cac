package dev.wirebench.harness.cli;

import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.io.PrintStream;
import java.util.List;

/**
 * A subcommand of {@code java -jar benchmarks.jar}: {@code fix}, {@code pg}, {@code compare}. Found through
 * {@link java.util.ServiceLoader} (a {@code META-INF/services/dev.wirebench.harness.cli.Subcommand} line in its
 * module), so the jar's entry point never names one. Its options are declared once, on a jopt-simple parser, and
 * {@link Cli} derives parsing, the refusal of a bad option in one line, and {@code -h} from that declaration.
 *
 * <p>An instance serves one invocation: {@link #declare} may keep the option specs in fields for {@link #run}.
 */
public interface Subcommand {

    /** The word after the jar, lower case: {@code fix}. */
    String name();

    /** One line for the overview of every subcommand. */
    String summary();

    /** The arguments that are not options, as {@code -h} shows them ({@code <base> <new>}); empty for none. */
    default String operands() {
        return "";
    }

    /** Declares every option on {@code parser} ({@code -h} is declared by {@link Cli}). */
    void declare(OptionParser parser);

    /** What {@code -h} says after the options: what the command writes, how to read it. Empty for nothing. */
    default String more() {
        return "";
    }

    /** Subcommands of this one, chosen by the first operand ({@code fix analyse}). */
    default List<Subcommand> children() {
        return List.of();
    }

    /**
     * Runs with the parsed options.
     *
     * @throws IllegalArgumentException for a value the options refuse (a port out of range, a bad duration):
     *                                  {@link Cli} prints its message as the one line and exits with
     *                                  {@link ExitStatus#BAD_OPTIONS}
     */
    ExitStatus run(OptionSet options, PrintStream out, PrintStream err);
}
