package dev.wirebench.harness.cli;

import joptsimple.BuiltinHelpFormatter;
import joptsimple.OptionException;
import joptsimple.OptionParser;
import joptsimple.OptionSet;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Runs a {@link Subcommand}: parses its arguments against its declared options, answers {@code -h}, refuses a
 * bad option or value in one line on the error stream, and maps the outcome to an {@link ExitStatus}.
 */
public final class Cli {

    /** How the help names the program. */
    public static final String PROGRAM = "java -jar benchmarks.jar";

    private Cli() {
    }

    /** Every subcommand on the class path, by name. */
    public static List<Subcommand> load() {
        List<Subcommand> all = new ArrayList<>();
        ServiceLoader.load(Subcommand.class).forEach(all::add);
        all.sort(Comparator.comparing(Subcommand::name));
        return all;
    }

    /** The subcommand named {@code name}, freshly made. */
    public static Optional<Subcommand> find(String name) {
        return load().stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** One line per subcommand: its name and summary, for the overview. */
    public static String overview(List<Subcommand> commands) {
        int width = commands.stream().mapToInt(c -> c.name().length()).max().orElse(0) + 2;
        StringBuilder text = new StringBuilder();
        for (Subcommand c : commands) {
            text.append("  ").append(c.name()).append(" ".repeat(width - c.name().length()));
            // the summary wrapped to about a hundred columns, under itself
            int column = 0;
            for (String word : c.summary().split(" ")) {
                if (column > 0 && column + word.length() > 96 - width) {
                    text.append('\n').append(" ".repeat(width + 2));
                    column = 0;
                } else if (column > 0) {
                    text.append(' ');
                    column++;
                }
                text.append(word);
                column += word.length();
            }
            text.append('\n');
        }
        return text.toString();
    }

    /** Runs {@code command} on {@code args} (the words after its name). */
    public static ExitStatus run(Subcommand command, String[] args, PrintStream out, PrintStream err) {
        return run(command, command.name(), args, out, err);
    }

    /** Runs {@code command}, named {@code path} in what it prints ({@code fix analyse}). */
    public static ExitStatus run(Subcommand command, String path, String[] args, PrintStream out, PrintStream err) {
        if (args.length > 0) {
            for (Subcommand child : command.children()) {
                if (child.name().equals(args[0])) {
                    return run(child, path + " " + child.name(), Arrays.copyOfRange(args, 1, args.length), out, err);
                }
            }
        }
        OptionParser parser = new OptionParser(false);
        parser.acceptsAll(List.of("h", "help"), "this help").forHelp();
        command.declare(parser);
        OptionSet options;
        try {
            options = parser.parse(args);
        } catch (OptionException e) {
            err.println("wirebench " + path + ": " + refusal(e) + " (" + path + " -h lists the options)");
            return ExitStatus.BAD_OPTIONS;
        }
        if (options.has("h")) {
            out.print(help(command, path, parser));
            return ExitStatus.DONE;
        }
        try {
            return command.run(options, out, err);
        } catch (IllegalArgumentException e) {
            err.println("wirebench " + path + ": " + oneLine(e.getMessage()));
            return ExitStatus.BAD_OPTIONS;
        }
    }

    /**
     * Parses {@code args} against {@code command}'s declared options (for a caller that runs it another way).
     *
     * @throws IllegalArgumentException for an unknown option or a missing value
     */
    public static OptionSet parse(Subcommand command, String... args) {
        return parse(command::declare, args);
    }

    /**
     * Parses {@code args} against the options {@code declare} declares, for a command's own parsing entry point.
     *
     * @throws IllegalArgumentException for an unknown option or a missing value, worded as a command refuses it
     */
    public static OptionSet parse(java.util.function.Consumer<OptionParser> declare, String... args) {
        OptionParser parser = new OptionParser(false);
        declare.accept(parser);
        try {
            return parser.parse(args);
        } catch (OptionException e) {
            throw new IllegalArgumentException(refusal(e), e);
        }
    }

    /** The help of a command: usage, summary, options, and what it says after them. */
    static String help(Subcommand command, String path, OptionParser parser) {
        StringBuilder text = new StringBuilder("Usage: ").append(PROGRAM).append(' ').append(path).append(" [options]");
        if (!command.operands().isEmpty()) {
            text.append(' ').append(command.operands());
        }
        for (Subcommand child : command.children()) {
            text.append("\n       ").append(PROGRAM).append(' ').append(path).append(' ').append(child.name())
                    .append(" ...   (").append(path).append(' ').append(child.name()).append(" -h)");
        }
        text.append("\n").append(command.summary()).append("\n\n");
        java.io.StringWriter options = new java.io.StringWriter();
        parser.formatHelpWith(new Formatter());
        try {
            parser.printHelpOn(options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        options.toString().lines().forEach(line -> text.append(line.stripTrailing()).append('\n'));
        if (!command.more().isEmpty()) {
            text.append('\n').append(command.more().strip()).append('\n');
        }
        text.append('\n').append(ExitStatus.explained()).append('\n');
        return text.toString();
    }

    /** jopt-simple's table of options, an argument shown by its name alone: {@code --port <P>}, not {@code <String: P>}. */
    private static final class Formatter extends BuiltinHelpFormatter {
        Formatter() {
            super(120, 2);
        }

        @Override
        protected String extractTypeIndicator(joptsimple.OptionDescriptor descriptor) {
            return null;
        }
    }

    /** jopt-simple's refusal in this command line's words: {@code unknown option --frobnicate}, {@code --rows needs a value}. */
    private static String refusal(OptionException e) {
        String option = e.options().isEmpty() ? "" : dashed(e.options().iterator().next());
        // jopt-simple keeps its exception types package-private: known by name
        String kind = e.getClass().getSimpleName();
        if (kind.equals("UnrecognizedOptionException")) {
            return "unknown option " + option;
        }
        if (kind.equals("OptionMissingRequiredArgumentException")) {
            return option + " needs a value";
        }
        return oneLine(e.getMessage());
    }

    private static String dashed(String name) {
        return name.length() == 1 ? "-" + name : "--" + name;
    }

    private static String oneLine(String message) {
        return String.valueOf(message).lines().findFirst().orElse("");
    }
}
