package dev.wirebench.fix.history;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HistoryReaderTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadEachLinesNanotimeAndMessageIncludingALastLineWithoutNewline() throws IOException {
        Path file = Files.writeString(dir.resolve("h"), "-9223372036854775808;8=A\n9223372036854775807;8=B\n-5;8=C");
        try (HistoryReader reader = new HistoryReader(file)) {
            assertTrue(reader.next());
            assertEquals(Long.MIN_VALUE, reader.nanos());
            assertEquals("8=A", reader.text(reader.messageStart(), reader.messageEnd()));
            assertTrue(reader.next());
            assertEquals(Long.MAX_VALUE, reader.nanos());
            assertTrue(reader.next());
            assertEquals(-5, reader.nanos());
            assertEquals("8=C", reader.text(reader.messageStart(), reader.messageEnd()));
            assertEquals(3, reader.line());
            assertFalse(reader.next());
        }
    }

    @Test
    void shouldReadLinesThatStraddleItsBuffer() throws IOException {
        Path file = dir.resolve("h");
        int lines = 30_000; // ~7 MB: several buffer refills, lines cut at every possible offset
        try (HistoryWriter writer = new HistoryWriter(file)) {
            for (long i = 0; i < lines; i++) {
                writer.write(i * 7 - 100, Messages.order(i));
            }
        }
        List<Long> mismatches = new ArrayList<>();
        try (HistoryReader reader = new HistoryReader(file)) {
            for (long i = 0; i < lines; i++) {
                assertTrue(reader.next());
                if (reader.nanos() != i * 7 - 100
                        || !reader.text(reader.messageStart(), reader.messageEnd()).equals(Messages.order(i))) {
                    mismatches.add(i);
                }
            }
            assertFalse(reader.next());
        }
        assertEquals(List.of(), mismatches);
    }

    @Test
    void shouldNameTheLineOfEachKindOfMalformedLine() throws IOException {
        assertMalformed("1;8=A\nno semicolon here\n", 2, "no ';'");
        assertMalformed("1;8=A\n2;8=B\n12a;8=C\n", 3, "not a decimal long");
        assertMalformed("9223372036854775808;8=A\n", 1, "not a decimal long");
        assertMalformed("-;8=A\n", 1, "expected a nanotime");
        assertMalformed("1;\n", 1, "no FIX message");
        assertMalformed("1;8=A\n\n", 2, "no ';'");
    }

    @Test
    void shouldRejectALineLongerThanItsBuffer() throws IOException {
        Path file = Files.writeString(dir.resolve("h"), "1;8=A\n2;8=" + "x".repeat(HistoryReader.MAX_LINE_BYTES) + "\n");
        try (HistoryReader reader = new HistoryReader(file)) {
            assertTrue(reader.next());
            HistoryFormatException e = assertThrows(HistoryFormatException.class, reader::next);
            assertEquals(2, e.line());
            assertTrue(e.getMessage().contains("longer than 1 MiB"), e.getMessage());
        }
    }

    private void assertMalformed(String content, long line, String what) throws IOException {
        Path file = Files.writeString(dir.resolve("malformed"), content);
        try (HistoryReader reader = new HistoryReader(file)) {
            HistoryFormatException e = assertThrows(HistoryFormatException.class, () -> {
                while (reader.next()) {
                    // read to the bad line
                }
            });
            assertEquals(line, e.line(), e.getMessage());
            assertTrue(e.getMessage().startsWith("line " + line + ": ") && e.getMessage().contains(what), e.getMessage());
        }
    }
}
