package dev.wirebench.fix.quickfixj;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** A fresh temp directory for one side's store and logs, deleted when that side closes. */
final class ScratchDirectory {

    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    static ScratchDirectory create(String side) throws IOException {
        return new ScratchDirectory(Files.createTempDirectory("wirebench-quickfixj-" + side + "-"));
    }

    Path path() {
        return path;
    }

    /** Deletes the directory and what QuickFIX/J wrote in it; call only after the connector has stopped. */
    void delete() {
        try (Stream<Path> files = Files.walk(path)) {
            for (Path p : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete QuickFIX/J's files in " + path + ": remove it by hand", e);
        }
    }
}
