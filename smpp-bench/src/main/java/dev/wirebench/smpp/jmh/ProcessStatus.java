package dev.wirebench.smpp.jmh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * This JVM's native thread count and resident set size from {@code /proc/self/status} (Linux). Where
 * the file is absent (macOS, Windows) both are NaN: a number there would be made up.
 *
 * @param threads  the {@code Threads:} line: native threads of the process, a virtual thread's carrier counted once
 * @param rssBytes the {@code VmRSS:} line in bytes
 */
record ProcessStatus(double threads, double rssBytes) {

    static final Path FILE = Path.of("/proc/self/status");

    static boolean available() {
        return Files.isReadable(FILE);
    }

    /**
     * Reads once the thread count has held still for a few reads (at most a couple of seconds): a thread
     * that {@code join()} has seen end may take a moment more to leave the kernel's count.
     */
    static ProcessStatus settled() throws InterruptedException {
        ProcessStatus last = read();
        int steady = 0;
        for (int i = 0; i < 200 && steady < 5 && available(); i++) {
            Thread.sleep(10);
            ProcessStatus now = read();
            steady = now.threads() == last.threads() ? steady + 1 : 0;
            last = now;
        }
        return last;
    }

    static ProcessStatus read() {
        if (!available()) {
            return new ProcessStatus(Double.NaN, Double.NaN);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(FILE);
        } catch (IOException e) {
            return new ProcessStatus(Double.NaN, Double.NaN);
        }
        double threads = Double.NaN;
        double rss = Double.NaN;
        for (String line : lines) {
            if (line.startsWith("Threads:")) {
                threads = number(line);
            } else if (line.startsWith("VmRSS:")) {
                // "VmRSS:     123456 kB"
                rss = number(line) * 1024;
            }
        }
        return new ProcessStatus(threads, rss);
    }

    private static double number(String line) {
        String[] words = line.substring(line.indexOf(':') + 1).trim().split("\\s+");
        try {
            return Long.parseLong(words[0]);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}
