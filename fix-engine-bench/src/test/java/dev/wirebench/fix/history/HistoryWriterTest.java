package dev.wirebench.fix.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryWriterTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteOneLinePerMessageWithItsNanotimeInDecimal() throws IOException {
        Path file = dir.resolve("history.txt");
        long[] nanos = {0, 123_456_789, -42, Long.MIN_VALUE, Long.MAX_VALUE, -1_000_000_007L};
        try (HistoryWriter writer = new HistoryWriter(file)) {
            for (long n : nanos) {
                writer.write(n, Messages.order(n));
            }
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        assertEquals(nanos.length, lines.size());
        for (int i = 0; i < nanos.length; i++) {
            assertEquals(nanos[i] + ";" + Messages.order(nanos[i]), lines.get(i));
        }
    }

    @Test
    void shouldCreateTheParentFolders() throws IOException {
        Path file = dir.resolve("a/b/c/history.txt");
        try (HistoryWriter writer = new HistoryWriter(file)) {
            writer.write(1, new StringBuilder("8=FIX.4.4\u0001"));
        }
        assertEquals("1;8=FIX.4.4\u0001\n", Files.readString(file));
    }

    @Test
    void shouldEncodeTextAsUtf8() throws IOException {
        Path file = dir.resolve("history.txt");
        String text = "8=FIX.4.4\u000158=é€😀\u0001";
        try (HistoryWriter writer = new HistoryWriter(file)) {
            writer.write(-7, text);
        }
        assertEquals("-7;" + text + "\n", Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void shouldWriteAMessageLongerThanItsBufferWhole() throws IOException {
        Path file = dir.resolve("history.txt");
        String longText = "8=FIX.4.4\u000158=" + "x".repeat(HistoryWriter.BUFFER_BYTES) + "\u0001";
        try (HistoryWriter writer = new HistoryWriter(file)) {
            writer.write(1, "8=FIX.4.4\u0001");
            writer.write(2, longText);
            writer.write(3, "8=FIX.4.4\u0001");
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(List.of("1;8=FIX.4.4\u0001", "2;" + longText, "3;8=FIX.4.4\u0001"), lines);
    }

    @Test
    void shouldRejectALineBreakInsideAMessage() throws IOException {
        Path file = dir.resolve("history.txt");
        try (HistoryWriter writer = new HistoryWriter(file)) {
            assertThrows(IllegalArgumentException.class, () -> writer.write(1, "8=FIX.4.4\n58=x"));
            writer.write(2, "8=FIX.4.4\u0001");
        }
        assertEquals("2;8=FIX.4.4\u0001\n", Files.readString(file));
    }

    @Test
    @Timeout(30)
    void shouldKeepEveryLineWholeWhenTwoThreadsWrite() throws Exception {
        Path file = dir.resolve("history.txt");
        int perThread = 20_000; // ~5 MB in all: the buffer fills and flushes several times under both threads
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try (HistoryWriter writer = new HistoryWriter(file)) {
            Future<?> orders = threads.submit(() -> {
                for (long i = 0; i < perThread; i++) {
                    writer.write(i, Messages.order(i));
                }
            });
            Future<?> fills = threads.submit(() -> {
                for (long i = 0; i < perThread; i++) {
                    writer.write(-i, Messages.fill(i));
                }
            });
            orders.get(20, TimeUnit.SECONDS);
            fills.get(20, TimeUnit.SECONDS);
        } finally {
            threads.shutdownNow();
        }
        Set<String> expected = new HashSet<>();
        for (long i = 0; i < perThread; i++) {
            expected.add(i + ";" + Messages.order(i));
            expected.add(-i + ";" + Messages.fill(i));
        }
        List<String> lines = Files.readAllLines(file);
        assertEquals(2 * perThread, lines.size());
        assertEquals(expected, new HashSet<>(lines));
    }

    @Test
    void shouldNameTheFileWhenItCannotBeCreated() throws IOException {
        Path notAFolder = Files.writeString(dir.resolve("plain-file"), "x");
        Path file = notAFolder.resolve("history.txt");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> new HistoryWriter(file));
        assertTrue(e.getMessage().contains(file.toString()), e.getMessage());
    }

    @Test
    void shouldRefuseToWriteAfterClose() throws IOException {
        HistoryWriter writer = new HistoryWriter(dir.resolve("history.txt"));
        writer.close();
        writer.close();
        assertThrows(IllegalStateException.class, () -> writer.write(1, "8=FIX.4.4\u0001"));
    }
}
