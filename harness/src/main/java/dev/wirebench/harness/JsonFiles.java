package dev.wirebench.harness;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** The JSON tree of a result file, or one line saying why there is none: missing, unreadable, not JSON. */
public final class JsonFiles {

    // a result file is one JSON document: anything after it is damage, not something to ignore
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    private JsonFiles() {
    }

    /**
     * The file's JSON.
     *
     * @param inRunFolder whether the caller looked for the file in a run folder, which the line then says
     * @throws ResultsException naming the file and what is wrong with it
     */
    public static JsonNode read(Path file, boolean inRunFolder) {
        try {
            return JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new ResultsException(file + " is not JSON (" + what(e) + ")", e);
        } catch (IOException e) {
            if (!Files.exists(file)) {
                throw new ResultsException(file + ": no such file" + (inRunFolder ? " in the run folder" : ""),
                        new NoSuchFileException(file.toString()));
            }
            throw new ResultsException(file + " cannot be read: " + e.getMessage(), e);
        }
    }

    /** The parser's complaint without its quoting of the input: {@code Unexpected end-of-input at line 1, column 42}. */
    private static String what(JsonProcessingException e) {
        String message = String.valueOf(e.getOriginalMessage());
        int detail = message.indexOf(": ");
        String what = (detail > 0 ? message.substring(0, detail) : message).lines().findFirst().orElse(message);
        return e.getLocation() == null ? what
                : what + " at line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr();
    }
}
