package dev.wirebench.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM variant of a run of rounds: another JVM, more JVM flags, or both, under a name that becomes
 * the {@code variant} parameter of every case it ran. Written {@code NAME=SPEC} where SPEC is words
 * split by spaces: one that does not start with {@code -} is the JVM (a {@code java} executable or a
 * JDK home), the others are flags: {@code jdk25=/usr/lib/jvm/temurin-25-jdk-amd64},
 * {@code zgc=-XX:+UseZGC}, {@code base=} (this JVM as it is).
 *
 * @param name  the parameter value, e.g. {@code zgc}
 * @param java  the java executable, or null for the one running this process
 * @param flags appended to the forks' JVM arguments
 */
record Variant(String name, Path java, List<String> flags) {

    /** The parameter a variant is recorded under in jmh.json and shown as in the summary. */
    static final String PARAM = "variant";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]*");
    private static final Pattern VERSION = Pattern.compile("version \"(\\d+)(?:[.\"-])");

    Variant {
        flags = List.copyOf(flags);
    }

    /** @throws IllegalArgumentException saying what is wrong with {@code spec} */
    static Variant parse(String spec) {
        int eq = spec.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException("--variant takes NAME=[JVM] [FLAGS], e.g. zgc=-XX:+UseZGC or "
                    + "jdk25=/usr/lib/jvm/temurin-25-jdk-amd64; got '" + spec + "'");
        }
        String name = spec.substring(0, eq).trim();
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("--variant name '" + name + "' must be letters, digits, '.', '_', '+' or '-'");
        }
        Path java = null;
        List<String> flags = new ArrayList<>();
        for (String word : spec.substring(eq + 1).trim().split("\\s+")) {
            if (word.isEmpty()) {
                continue;
            }
            if (word.startsWith("-")) {
                flags.add(word);
            } else if (java != null) {
                throw new IllegalArgumentException("--variant " + name + " names two JVMs: " + java + " and " + word);
            } else {
                Path path = Path.of(word);
                java = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
            }
        }
        return new Variant(name, java, flags);
    }

    /** The java executable the variant's forks run. */
    String javaCommand() {
        return java != null ? java.toString() : Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** How it runs, for the round log and the summary: {@code /path/java -XX:+UseZGC}. */
    String describe() {
        return (javaCommand() + " " + String.join(" ", flags)).trim();
    }

    /**
     * Starts the variant's JVM with its flags and {@code -version}, and returns its feature version
     * (17, 25).
     *
     * @throws IllegalStateException in one line naming the variant, when its JVM does not start
     */
    int probe() {
        List<String> command = new ArrayList<>();
        command.add(javaCommand());
        command.addAll(flags);
        command.add("-version");
        String said;
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("variant " + name + ": its JVM did not answer -version in 60 s ("
                        + describe() + ")");
            }
            said = new String(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("variant " + name + ": its JVM did not start (" + describe() + " -version: "
                        + said.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit " + process.exitValue()) + ")");
            }
        } catch (IOException e) {
            throw new IllegalStateException("variant " + name + ": its JVM did not start (" + describe() + ": "
                    + e.getMessage() + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("variant " + name + ": interrupted while starting its JVM", e);
        }
        Matcher version = VERSION.matcher(said);
        if (!version.find()) {
            throw new IllegalStateException("variant " + name + ": cannot tell the Java version of " + javaCommand()
                    + " from its -version: " + said.lines().findFirst().orElse(""));
        }
        int feature = Integer.parseInt(version.group(1));
        if (feature == 1) {
            throw new IllegalStateException("variant " + name + ": " + javaCommand() + " is Java 8 or older; wirebench needs 17+");
        }
        return feature;
    }
}
