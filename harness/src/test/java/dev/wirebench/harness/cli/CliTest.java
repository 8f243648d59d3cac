package dev.wirebench.harness.cli;

import joptsimple.OptionParser;
import joptsimple.OptionSet;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CliTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** {@code greet [--times N] NAME}, and {@code greet loudly NAME}. */
    private static final class Greet extends AbstractSubcommand {
        private final String shout;

        Greet(String name, String shout) {
            super(name, "says hello", "NAME", "Says it N times.");
            this.shout = shout;
        }

        @Override
        public void declare(OptionParser parser) {
            parser.accepts("times", "how often").withRequiredArg().describedAs("N").defaultsTo("1");
        }

        @Override
        public List<Subcommand> children() {
            return shout.isEmpty() ? List.of(new Greet("loudly", "!")) : List.of();
        }

        @Override
        public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
            int times = Integer.parseInt((String) options.valueOf("times"));
            if (times < 1) {
                throw new IllegalArgumentException("--times takes 1 or more, not " + times);
            }
            if (options.nonOptionArguments().isEmpty()) {
                return ExitStatus.UNREADABLE;
            }
            for (int i = 0; i < times; i++) {
                out.println("hello " + options.nonOptionArguments().get(0) + shout);
            }
            return ExitStatus.DONE;
        }
    }

    @Test
    void runsWithTheDeclaredOptionsAndDispatchesToAChildByItsName() {
        assertEquals(ExitStatus.DONE, run("--times", "2", "ada"));
        assertEquals("hello ada\nhello ada\n", out());
        out.reset();
        assertEquals(ExitStatus.DONE, run("loudly", "ada"));
        assertEquals("hello ada!\n", out());
        assertEquals(ExitStatus.UNREADABLE, run());
        assertEquals(2, ExitStatus.UNREADABLE.code());
    }

    @Test
    void helpComesFromTheDeclarationsOnStandardOutput() {
        assertEquals(ExitStatus.DONE, run("-h"));
        assertTrue(out().startsWith("Usage: java -jar benchmarks.jar greet [options] NAME\n"
                + "       java -jar benchmarks.jar greet loudly ...   (greet loudly -h)\nsays hello\n"), out());
        assertTrue(out().contains("--times <N>") && out().contains("how often (default: 1)"), out());
        assertTrue(out().contains("Says it N times.\n\nExit status: 0 done"), out());
        assertEquals("", err());
        out.reset();
        assertEquals(ExitStatus.DONE, run("loudly", "--help"));
        assertTrue(out().startsWith("Usage: java -jar benchmarks.jar greet loudly [options] NAME"), out());
    }

    @Test
    void aBadOptionOrValueIsOneLineAndExitOne() {
        assertEquals(ExitStatus.BAD_OPTIONS, run("--louder", "ada"));
        assertEquals("wirebench greet: unknown option --louder (greet -h lists the options)\n", err());
        err.reset();
        assertEquals(ExitStatus.BAD_OPTIONS, run("ada", "--times"));
        assertEquals("wirebench greet: --times needs a value (greet -h lists the options)\n", err());
        err.reset();
        assertEquals(ExitStatus.BAD_OPTIONS, run("loudly", "--times", "0", "ada"));
        assertEquals("wirebench greet loudly: --times takes 1 or more, not 0\n", err());
        assertEquals("", out());
        assertEquals(1, ExitStatus.BAD_OPTIONS.code());
    }

    @Test
    void aCommandsOwnParsingEntryPointRefusesInTheSameWords() {
        Greet greet = new Greet("greet", "");
        assertEquals("3", Cli.parse(greet, "--times", "3").valueOf("times"));
        assertEquals("unknown option --xyz", assertThrows(IllegalArgumentException.class, () -> Cli.parse(greet, "--xyz"))
                .getMessage());
    }

    @Test
    void theOverviewWrapsEachSummaryUnderItself() {
        String overview = Cli.overview(List.of(new Greet("greet", ""), new AbstractSubcommand("go", "word ".repeat(30).strip(),
                "", "") {
            @Override
            public void declare(OptionParser parser) {
            }

            @Override
            public ExitStatus run(OptionSet options, PrintStream out, PrintStream err) {
                return ExitStatus.DONE;
            }
        }));
        assertTrue(overview.startsWith("  greet  says hello\n  go     word word"), overview);
        assertTrue(overview.lines().allMatch(l -> l.length() <= 100), overview);
        assertTrue(overview.contains("\n         word"), "continued under the summary: " + overview);
    }

    private ExitStatus run(String... args) {
        return Cli.run(new Greet("greet", ""), args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
