package dev.wirebench.harness;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RunFolderTest {

    private static final LocalDateTime START = LocalDateTime.of(2026, 11, 21, 23, 5, 9);

    @Test
    void isNamedAfterTheStartAndTheHostUnderItsRoot(@TempDir Path root) {
        RunFolder folder = RunFolder.create(root.resolve("results"), START, "ci box/1");
        assertEquals(root.resolve("results").resolve("20261121-230509-ci-box-1"), folder.path());
        assertTrue(Files.isDirectory(folder.path()));
    }

    @Test
    void aSecondRunInTheSameSecondGetsItsOwnFolder(@TempDir Path root) {
        RunFolder first = RunFolder.create(root, START, "h");
        RunFolder second = RunFolder.create(root, START, "h");
        assertEquals("20261121-230509-h-2", second.path().getFileName().toString());
        assertFalse(first.path().equals(second.path()));
    }

    @Test
    void writesJsonAndTextWholeReplacingWhatWasThere(@TempDir Path root) throws Exception {
        RunFolder folder = RunFolder.create(root, START, "h");
        folder.writeText("summary.md", "old");
        folder.writeText("summary.md", "new");
        assertEquals("new", Files.readString(folder.resolve("summary.md")));
        folder.writeJson("env.json", Map.of("cores", 2));
        assertEquals(2, new ObjectMapper().readTree(folder.resolve("env.json").toFile()).path("cores").asInt());
        try (var files = Files.list(folder.path())) {
            assertEquals(2, files.count(), "no partial files left behind");
        }
    }

    @Test
    void filesAreReadableByOthersLikeAnyFileTheUserWrites(@TempDir Path root) throws Exception {
        Path file = RunFolder.create(root, START, "vm").writeText("summary.md", "# run\n");
        assertEquals("rw-r--r--", java.nio.file.attribute.PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }

    @Test
    void aStartedRunHoldsTheEnvironmentOfThisJvm(@TempDir Path root) throws Exception {
        RunFolder folder = RunFolder.start(root);
        assertEquals(root, folder.path().getParent());
        String env = Files.readString(folder.resolve(RunFolder.ENV_FILE));
        assertTrue(env.contains("\"cores\" : " + Runtime.getRuntime().availableProcessors()), env);
    }

    @Test
    void saysWhichRootItCannotCreate(@TempDir Path root) throws Exception {
        Path file = Files.writeString(root.resolve("taken"), "a file, not a folder");
        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> RunFolder.create(file, START, "h"));
        assertTrue(e.getMessage().startsWith("cannot create a run folder under " + file), e.getMessage());
    }

    @Test
    void aCommandThatCannotStartOneSaysSoInOneLineNamingItself(@TempDir Path root) throws Exception {
        Path file = Files.writeString(root.resolve("taken"), "a file, not a folder");
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        assertEquals(null, RunFolder.startOrSay(file, "pg", new java.io.PrintStream(err, true, "UTF-8")));
        String said = err.toString("UTF-8");
        assertTrue(said.startsWith("wirebench pg: cannot create a run folder under " + file), said);
        assertTrue(said.endsWith(" (choose another with --results-dir DIR)" + System.lineSeparator()), said);
        assertEquals(1, said.lines().count(), said);
        assertTrue(RunFolder.startOrSay(root.resolve("fine"), "pg", System.err) != null);
    }
}
