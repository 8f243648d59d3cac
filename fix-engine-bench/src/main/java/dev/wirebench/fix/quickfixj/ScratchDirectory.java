package dev.wirebench.fix.quickfixj;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

/** A fresh temp directory for one side's store and logs, deleted when that side closes. */
final class ScratchDirectory {

    /**
     * Every one this JVM has made (a path each time an engine with files starts): a test asks, since a scan of the
     * shared temp directory sees other JVMs' too.
     */
    private static final List<Path> MADE = new CopyOnWriteArrayList<>();

    private final Path path;

    private ScratchDirectory(Path path) {
        this.path = path;
    }

    static ScratchDirectory create(String side) throws IOException {
        ScratchDirectory made = new ScratchDirectory(Files.createTempDirectory("wirebench-quickfixj-" + side + "-"));
        MADE.add(made.path);
        return made;
    }

    /** The scratch directories this JVM has made so far, deleted or not, oldest first. */
    static List<Path> made() {
        return List.copyOf(MADE);
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
