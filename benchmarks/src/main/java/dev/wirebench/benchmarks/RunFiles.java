package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The run folders under a results directory, as {@code serve} shows them: the latest run's summary and
 * charts, and single files of any run. Only {@code .png}, {@code .md} and {@code .json} files directly in
 * a run folder are served; a name with a slash, a leading dot or another extension, or a path that
 * leads outside the results directory (a symbolic link), is treated as absent.
 */
final class RunFiles {

    /** A file or folder name: no separators, no leading dot (so neither {@code .} nor {@code ..}). */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]*");
    private static final Map<String, String> TYPES = Map.of(
            "png", "image/png",
            "md", "text/markdown; charset=utf-8",
            "json", ServeReply.JSON_TYPE);

    private final Path root;

    RunFiles(Path root) {
        this.root = root;
    }

    /**
     * {@code {"folder": name, "summary": markdown, "charts": [png names]}} of the newest run folder that
     * has a summary ({@link RunReport#SUMMARY_FILE}); newest by name, which starts with the run's start time.
     *
     * @throws ServeReply.Refusal 404 when no run folder has a summary
     */
    ObjectNode latest() {
        Path folder = latestFolder().orElseThrow(() -> new ServeReply.Refusal(404,
                "no run folder with a " + RunReport.SUMMARY_FILE + " under " + root
                        + ": run the suite (java -jar benchmarks.jar) or pass serve --results-dir DIR", null));
        ObjectNode body = ServeReply.JSON.createObjectNode();
        body.put("folder", folder.getFileName().toString());
        try {
            body.put("summary", Files.readString(folder.resolve(RunReport.SUMMARY_FILE)));
            try (Stream<Path> files = Files.list(folder)) {
                files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".png") && NAME.matcher(n).matches())
                        .sorted().forEach(body.putArray("charts")::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + folder + ": " + e.getMessage(), e);
        }
        return body;
    }

    private Optional<Path> latestFolder() {
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> folders = Files.list(root)) {
            return folders.filter(f -> Files.isRegularFile(f.resolve(RunReport.SUMMARY_FILE)))
                    .filter(f -> NAME.matcher(f.getFileName().toString()).matches())
                    .max(Comparator.comparing(f -> f.getFileName().toString()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + root + ": " + e.getMessage(), e);
        }
    }

    /**
     * One file of a run folder, with its content type.
     *
     * @throws ServeReply.Refusal 404 when the names are not plain names of an existing run file of a served type
     */
    ServeReply file(String folder, String file) {
        String extension = file.substring(file.lastIndexOf('.') + 1);
        String type = TYPES.get(extension);
        ServeReply.Refusal absent = new ServeReply.Refusal(404, "no run file " + folder + "/" + file
                + ": only .png, .md and .json files of run folders under the results directory are served", null);
        if (type == null || !NAME.matcher(folder).matches() || !NAME.matcher(file).matches()) {
            throw absent;
        }
        try {
            Path realRoot = root.toRealPath();
            Path path = root.resolve(folder).resolve(file);
            if (!Files.isRegularFile(path) || !path.toRealPath().startsWith(realRoot)) {
                throw absent;
            }
            return ServeReply.bytes(type, Files.readAllBytes(path));
        } catch (IOException e) {
            // no results directory yet, or a file that vanished between the checks
            throw absent;
        }
    }
}
