package dev.wirebench.benchmarks;

import dev.wirebench.harness.cli.Cli;
import dev.wirebench.harness.cli.Subcommand;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every subcommand in the jar, found the way Main finds them, answers {@code -h} and refuses a bad option the same
 * way, from the one declaration of its options.
 */
class SubcommandsTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    /** Every subcommand by the words that call it: {@code compare}, {@code fix analyse}. */
    private static List<List<String>> everyCommand() {
        List<List<String>> words = new ArrayList<>();
        for (Subcommand command : Cli.load()) {
            words.add(List.of(command.name()));
            command.children().forEach(child -> words.add(List.of(command.name(), child.name())));
        }
        return words;
    }

    @Test
    void everyModuleRegistersItsOwnSubcommands() {
        assertEquals(List.of("compare", "dump", "fix", "history", "latency", "merge", "pg", "report", "serve", "sizes", "smpp"),
                Cli.load().stream().map(Subcommand::name).toList());
        assertTrue(everyCommand().contains(List.of("fix", "analyse")));
    }

    @Test
    void everySubcommandAnswersHelpWithExitZeroOnStandardOutput() {
        for (List<String> words : everyCommand()) {
            out.reset();
            err.reset();
            assertEquals(0, run(words, "-h"), words + ": " + err());
            String path = String.join(" ", words);
            assertTrue(out().startsWith("Usage: java -jar benchmarks.jar " + path), out());
            assertTrue(out().contains("-h, --help"), out());
            assertTrue(out().contains("Exit status: 0 done"), out());
            assertEquals("", err(), path + " -h says nothing on the error stream");
        }
    }

    @Test
    void everySubcommandRefusesAnUnknownOptionAndAMissingValueInOneLineWithExitOne() {
        for (List<String> words : everyCommand()) {
            String path = String.join(" ", words);
            out.reset();
            err.reset();
            assertEquals(1, run(words, "--frobnicate"), path);
            assertEquals("wirebench " + path + ": unknown option --frobnicate (" + path + " -h lists the options)\n", err());
            assertEquals("", out());
            err.reset();
            // an option every command that writes has; history writes a site instead
            String valued = path.equals("history") ? "--out" : "--results-dir";
            assertEquals(1, run(words, valued), path);
            assertEquals("wirebench " + path + ": " + valued + " needs a value (" + path + " -h lists the options)\n", err());
        }
    }

    @Test
    void theOverviewListsEverySubcommandWithItsSummary() {
        String usage = Main.usage();
        for (Subcommand command : Cli.load()) {
            assertTrue(usage.contains("  " + command.name() + " "), command.name());
            assertTrue(usage.replaceAll("\\s+", " ").contains(command.summary()), command.summary());
        }
    }

    private int run(List<String> words, String... args) {
        List<String> all = new ArrayList<>(words);
        all.addAll(List.of(args));
        return Main.run(all.toArray(String[]::new), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }
}
