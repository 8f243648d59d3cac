package dev.wirebench.harness;

import java.util.List;
import java.util.Objects;

/**
 * Walks a subcommand's arguments as {@code --flag value} pairs and bare {@code --switch}es, with one
 * wording of refusal for every subcommand: a word that is not an option, an option without its value,
 * an option the subcommand does not know. The caller keeps its own variables and switches on
 * {@link #flag()}:
 *
 * <pre>{@code
 * OptionReader options = new OptionReader(args, "--quick");
 * while (options.next()) {
 *     switch (options.flag()) {
 *         case "--quick" -> quick = true;
 *         case "--port" -> port = Flags.port(options.flag(), options.value(), null);
 *         default -> throw options.unknown("fix");
 *     }
 * }
 * }</pre>
 */
public final class OptionReader {

    private final String[] args;
    private final List<String> switches;
    private int next;
    private String flag;
    private String value;
    private boolean missingValue;

    /** @param switches the options that take no value */
    public OptionReader(String[] args, String... switches) {
        this.args = Objects.requireNonNull(args, "args");
        this.switches = List.of(switches);
    }

    /**
     * Moves to the next option and, unless it is a switch, takes its value. An option that is last has
     * none: {@link #value()} says so if the caller knows the option, {@link #unknown} if it does not,
     * so a mistyped last option is named as unknown rather than as wanting a value.
     *
     * @return false when every argument has been read
     * @throws IllegalArgumentException for a word that does not start with {@code --}
     */
    public boolean next() {
        missingValue = false;
        if (next == args.length) {
            flag = null;
            value = null;
            return false;
        }
        flag = args[next++];
        value = null;
        if (switches.contains(flag)) {
            return true;
        }
        if (!flag.startsWith("--")) {
            throw new IllegalArgumentException("unexpected argument '" + flag + "'");
        }
        if (next == args.length) {
            missingValue = true;
            return true;
        }
        value = args[next++];
        return true;
    }

    /** The option {@link #next()} moved to. */
    public String flag() {
        return flag;
    }

    /**
     * Its value.
     *
     * @throws IllegalArgumentException when the option was last, with no value after it
     * @throws IllegalStateException    for a switch, which has none
     */
    public String value() {
        if (missingValue) {
            throw new IllegalArgumentException(flag + " needs a value");
        }
        if (value == null) {
            throw new IllegalStateException(flag + " is a switch and takes no value");
        }
        return value;
    }

    /** The refusal of the current option, for the {@code default} of the caller's switch. */
    public IllegalArgumentException unknown(String command) {
        return new IllegalArgumentException("unknown option " + flag + " (" + command + " -h lists them)");
    }
}
