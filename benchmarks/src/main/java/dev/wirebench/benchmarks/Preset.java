package dev.wirebench.benchmarks;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A named set of command-line options, laid under the user's own: an option the user gives wins over
 * the preset's ({@code -p} per parameter name, the regex as a whole). Presets are data: {@code -h}
 * prints them as the command line they stand for, and the nightly workflow names one instead of
 * spelling out JMH flags.
 *
 * @param name    what follows {@code --preset}
 * @param purpose one line: what it answers, how long it takes on 2 cores, what it leaves out
 * @param args    the options, as a user would type them
 */
record Preset(String name, String purpose, List<String> args) {

    /** The headline: encode and decode, every format but the +guarded variants (round trip is encode plus decode). */
    private static final String HEADLINE = "\\.CodecBenchmark\\.(encode|decode)$";
    private static final String PLAIN_FORMATS = "codec=*,!*+guarded/*";
    /**
     * Everything the codec suite answers: encode, decode and traverse of every codec, and encode and decode of the
     * library's own objects where a format has them.
     */
    private static final String EVERY_OPERATION = "\\.(CodecBenchmark\\.(encode|decode|traverse)|NativeBenchmark\\..*)$";

    /**
     * The forks' heap: fixed and touched at start. On a virtual machine the first touch of a memory page is
     * slow, and a heap that grows touches new pages in the middle of an iteration: measured here, the
     * allocating cases (every decode) swung up to 20x between iterations of one fork, and by 2-3% with this.
     */
    private static final String HEAP = "-Xms512m -Xmx512m -XX:+AlwaysPreTouch";

    static final List<Preset> ALL = List.of(
            new Preset("quick", "the headline decision in about 15 minutes on 2 cores: every format on every message, "
                    + "encode and decode, heap buffers, 4 interleaved rounds; leaves out traverse, the library's own "
                    + "objects (NativeBenchmark), the +guarded variants, roundTrip, direct buffers, the stack profiler "
                    + "and the FIX and SMPP suites: --preset full has the first three",
                    List.of(HEADLINE, "-p", PLAIN_FORMATS, "-p", "buffer=heap", "--rounds", "4", "-wi", "2", "-w",
                            "200ms", "-i", "4", "-r", "100ms", "-jvmArgsPrepend", HEAP, "--no-prof", "-prof", "gc")),
            new Preset("full", "every question of the codec suite in about 35 minutes on 2 cores: as quick, with "
                    + "traverse, the +guarded variants (what the guards cost) and the library's own objects (what "
                    + "mapping to the records costs)",
                    List.of(EVERY_OPERATION, "-p", "buffer=heap", "--rounds", "4", "-wi", "2", "-w", "200ms",
                            "-i", "4", "-r", "100ms", "-jvmArgsPrepend", HEAP, "--no-prof", "-prof", "gc")),
            new Preset("nightly", "what the nightly workflow runs, about 2 hours on 2 cores: as full with 15 rounds "
                    + "and a longer warm-up, so that each case's 95% interval spans the 4th to 12th of its 15 forks and "
                    + "compare can call a change in any of its cases",
                    List.of(EVERY_OPERATION, "-p", "buffer=heap", "--rounds", "15", "-wi", "3", "-w", "200ms",
                            "-i", "4", "-r", "100ms", "-jvmArgsPrepend", HEAP, "--no-prof", "-prof", "gc")));

    /** JMH's options that take a value in the next word. */
    private static final Set<String> JMH_VALUED = Set.of("-bm", "-bs", "-e", "-f", "-foe", "-gc", "-i", "-jvm",
            "-jvmArgs", "-jvmArgsAppend", "-jvmArgsPrepend", "-o", "-opi", "-p", "-prof", "-r", "-rf", "-rff", "-si",
            "-t", "-tg", "-tu", "-to", "-v", "-w", "-wbs", "-wf", "-wi", "-wm", "-wmb");

    static Optional<Preset> named(String name) {
        return ALL.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /** The names, for a refusal: {@code quick, nightly}. */
    static String names() {
        return String.join(", ", ALL.stream().map(Preset::name).toList());
    }

    /** {@code -h}'s lines: each preset's name, what it is for, and the options it stands for. */
    static String describeAll() {
        StringBuilder text = new StringBuilder();
        for (Preset preset : ALL) {
            text.append("    ").append(preset.name()).append(preset.name().equals("quick") ? " (or --quick)" : "").append(':');
            int column = 100;
            for (String word : preset.purpose().split(" ")) {
                if (column + word.length() > 100) {
                    text.append("\n      ");
                    column = 6;
                }
                text.append(' ').append(word);
                column += word.length() + 1;
            }
            text.append("\n      runs:");
            for (String arg : preset.args()) {
                text.append(' ').append(arg.contains("\\") || arg.contains("|") || arg.contains(" ") ? "'" + arg + "'" : arg);
            }
            text.append('\n');
        }
        return text.toString();
    }

    /** The preset's options the user did not give, followed by the user's own. */
    List<String> under(List<String> user, Set<String> wirebenchValued) {
        Set<String> given = new LinkedHashSet<>();
        for (List<String> group : groups(user, wirebenchValued)) {
            given.add(key(group));
        }
        List<String> combined = new ArrayList<>();
        for (List<String> group : groups(args, wirebenchValued)) {
            if (!given.contains(key(group))) {
                combined.addAll(group);
            }
        }
        combined.addAll(user);
        return combined;
    }

    /** The words cut into options with their values, and bare words (the regex). */
    private static List<List<String>> groups(List<String> words, Set<String> wirebenchValued) {
        List<List<String>> groups = new ArrayList<>();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if ((JMH_VALUED.contains(word) || wirebenchValued.contains(word)) && i + 1 < words.size()) {
                groups.add(List.of(word, words.get(++i)));
            } else {
                groups.add(List.of(word));
            }
        }
        return groups;
    }

    /** What a group sets: {@code -f}, {@code -p buffer}, or {@code regex} for a bare word. */
    private static String key(List<String> group) {
        String word = group.get(0);
        if (!word.startsWith("-")) {
            return "regex";
        }
        if (word.equals("-p") && group.size() == 2) {
            return "-p " + group.get(1).split("=", 2)[0];
        }
        if (word.startsWith("-p") && word.contains("=") && !JMH_VALUED.contains(word)) {
            return "-p " + word.substring(2).split("=", 2)[0];
        }
        // attached values: -f1, -wi3
        String name = word.replaceFirst("\\d+$", "");
        return name;
    }
}
