package dev.wirebench.harness;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** rounds.json: absent means a run without rounds; present, it is a round log or refused in one line. */
class RoundLogTest {

    private static final String LOG = "{\"seed\":7,\"rounds\":1,\"variants\":{},\"order\":[[\"a\"]],"
            + "\"forkRounds\":{\"a\":[1]},\"failures\":[]}";

    @TempDir
    Path dir;

    @Test
    void readsALogAndNothingWhereThereIsNone() throws IOException {
        assertNull(RoundLog.read(dir));
        Files.writeString(dir.resolve(RoundLog.FILE_NAME), LOG);
        RoundLog log = RoundLog.read(dir);
        assertEquals(7, log.seed());
        assertEquals(List.of(List.of("a")), log.order());
        assertEquals(Map.of("a", List.of(1)), log.forkRounds());
    }

    /** The fuzzer's finding: a rounds.json holding null read as no round log at all, as if the run had none. */
    @Test
    void refusesAFileHoldingNull() throws IOException {
        Files.writeString(dir.resolve(RoundLog.FILE_NAME), "null");
        ResultsException e = assertThrows(ResultsException.class, () -> RoundLog.read(dir));
        assertEquals(dir.resolve(RoundLog.FILE_NAME) + " is not a round log: it holds null", e.getMessage());
    }

    @Test
    void refusesAnythingAfterTheLog() throws IOException {
        Files.writeString(dir.resolve(RoundLog.FILE_NAME), LOG + " {}");
        ResultsException e = assertThrows(ResultsException.class, () -> RoundLog.read(dir));
        assertTrue(e.getMessage().startsWith(dir.resolve(RoundLog.FILE_NAME) + " is not a round log"), e.getMessage());
    }
}
