package dev.wirebench.harness;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Files replaced whole: the bytes go to a temporary file beside the target, which is then moved over
 * it. A run stopped while writing (Ctrl-C) leaves the previous whole version, never half of one, and
 * a failed write leaves no temporary file behind.
 */
public final class AtomicFiles {

    private AtomicFiles() {
    }

    /**
     * Writes {@code bytes} to {@code file}, replacing it whole.
     *
     * @throws UncheckedIOException if the file cannot be written, naming it
     */
    public static Path write(Path file, byte[] bytes) {
        Path partial = null;
        try {
            Path dir = file.toAbsolutePath().getParent();
            partial = Files.createTempFile(dir, "." + file.getFileName() + ".", ".partial");
            Files.write(partial, bytes);
            // a temp file is private to its owner (0600); a result file is for whoever reads the folder
            if (partial.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                Files.setPosixFilePermissions(partial, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            try {
                Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING);
            }
            return file;
        } catch (IOException e) {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                } catch (IOException cleanup) {
                    e.addSuppressed(cleanup);
                }
            }
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
