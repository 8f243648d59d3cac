package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;

/**
 * The folder one run writes everything into: {@code <root>/<yyyyMMdd-HHmmss>-<host>/}. Files are
 * replaced atomically, so a run stopped while writing (Ctrl-C) leaves the previous whole version of
 * a file, never half of one.
 */
public final class RunFolder {

    /** The environment fingerprint every run folder starts with. */
    public static final String ENV_FILE = "env.json";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path path;

    private RunFolder(Path path) {
        this.path = path;
    }

    /**
     * Creates a new run folder under {@code root} (created too), named after the start time and the
     * host; a second run in the same second gets {@code -2}, {@code -3}… appended.
     *
     * @throws UncheckedIOException if the folder cannot be created, naming it
     */
    public static RunFolder create(Path root, LocalDateTime start, String host) {
        String name = STAMP.format(start) + "-" + safe(host);
        try {
            Files.createDirectories(root);
            for (int n = 1; ; n++) {
                Path candidate = root.resolve(n == 1 ? name : name + "-" + n);
                try {
                    return new RunFolder(Files.createDirectory(candidate));
                } catch (FileAlreadyExistsException taken) {
                    // another run started in the same second: take the next name
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a run folder under " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * A new run folder under {@code root} for a run starting now on this host, holding the
     * environment of this JVM as {@value #ENV_FILE}: how every run, of any suite or subcommand, begins.
     *
     * @throws UncheckedIOException if the folder or the file cannot be written, naming it
     */
    public static RunFolder start(Path root) {
        RunFolder folder = create(root, LocalDateTime.now(), localHost());
        folder.writeJson(ENV_FILE, Environment.capture(Path.of("")));
        return folder;
    }

    /**
     * {@link #start}, or null after one line on {@code err} saying why there can be no run folder:
     * {@code wirebench <command>: <why> (choose another with --results-dir DIR)}; a JMH run, which is no subcommand,
     * passes "" for {@code command}.
     */
    public static RunFolder startOrSay(Path root, String command, java.io.PrintStream err) {
        try {
            return start(root);
        } catch (UncheckedIOException e) {
            err.println("wirebench" + (command.isEmpty() ? "" : " " + command) + ": " + e.getMessage()
                    + " (choose another with --results-dir DIR)");
            return null;
        }
    }

    /**
     * An existing folder to write into, e.g. an earlier run's folder whose summary is rebuilt.
     *
     * @throws UncheckedIOException if it is not a directory
     */
    public static RunFolder open(Path existing) {
        if (!Files.isDirectory(existing)) {
            throw new UncheckedIOException(new java.nio.file.NotDirectoryException(existing + " is not a directory"));
        }
        return new RunFolder(existing);
    }

    /** This machine's name as the OS gives it (HOSTNAME, else /etc/hostname), or {@code host}. */
    public static String localHost() {
        String name = System.getenv("HOSTNAME");
        if (name == null || name.isBlank()) {
            try {
                name = Files.readString(Path.of("/etc/hostname")).trim();
            } catch (IOException | RuntimeException e) {
                name = "";
            }
        }
        return name.isBlank() ? "host" : name;
    }

    /** Letters, digits, dot, dash and underscore: a name safe in any file system and URL. */
    static String safe(String host) {
        String cleaned = host.replaceAll("[^A-Za-z0-9._-]", "-");
        return cleaned.isEmpty() ? "host" : cleaned;
    }

    /**
     * When a run began, read from its folder's name ({@code 20261125-214421-host}) as ISO-8601 local time
     * of the machine that ran it ({@code 2026-11-25T21:44:21}), or null when the name does not start so.
     */
    public static String startedOf(Path folder) {
        String name = folder.toAbsolutePath().normalize().getFileName().toString();
        if (name.length() < 15) {
            return null;
        }
        try {
            return LocalDateTime.parse(name.substring(0, 15), STAMP).toString();
        } catch (java.time.format.DateTimeParseException e) {
            return null;
        }
    }

    /**
     * The {@value #ENV_FILE} of a run folder as a map, or an empty one when the folder has none.
     *
     * @throws UncheckedIOException when the file is there but is not a JSON object, in one line naming it
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Object> environmentOf(Path folder) {
        Path file = folder.resolve(ENV_FILE);
        if (!Files.isRegularFile(file)) {
            return Map.of();
        }
        JsonNode root;
        try {
            root = JsonFiles.read(file, true);
        } catch (ResultsException e) {
            // Jackson's own message goes on with the location on a line of its own; JsonFiles says it in one
            throw new UncheckedIOException(e.getMessage(), new IOException(e.getMessage(), e));
        }
        if (root == null || !root.isObject()) {
            String what = file + " is not an environment: a JSON object was expected, not " + (root == null ? "nothing"
                    : root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
            throw new UncheckedIOException(what, new IOException(what));
        }
        return JSON.convertValue(root, Map.class);
    }

    public Path path() {
        return path;
    }

    /** A file of this folder. */
    public Path resolve(String name) {
        return path.resolve(name);
    }

    /** Writes {@code value} as indented JSON (records, maps, lists) to {@code name}, replacing it whole. */
    public Path writeJson(String name, Object value) {
        try {
            return writeText(name, JSON.writeValueAsString(value) + "\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + resolve(name) + ": " + e.getMessage(), e);
        }
    }

    /** Writes {@code text} as UTF-8 to {@code name}, replacing it whole. */
    public Path writeText(String name, String text) {
        return AtomicFiles.write(resolve(name), text.getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code name}, replacing it whole. */
    public Path writeBytes(String name, byte[] bytes) {
        return AtomicFiles.write(resolve(name), bytes);
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
