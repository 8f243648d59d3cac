package dev.wirebench.harness.cli;

/** A {@link Subcommand} whose name and help texts are given once, to the constructor. */
public abstract class AbstractSubcommand implements Subcommand {

    private final String name;
    private final String summary;
    private final String operands;
    private final String more;

    /**
     * @param name     the word after the jar
     * @param summary  one line for the overview
     * @param operands the arguments that are not options, as {@code -h} shows them, or ""
     * @param more     what {@code -h} says after the options, or ""
     */
    protected AbstractSubcommand(String name, String summary, String operands, String more) {
        this.name = name;
        this.summary = summary;
        this.operands = operands;
        this.more = more;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final String summary() {
        return summary;
    }

    @Override
    public final String operands() {
        return operands;
    }

    @Override
    public final String more() {
        return more;
    }
}
