package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

/**
 * Where a run ran: the fingerprint written next to every result as {@code env.json}, so that two
 * runs are compared knowing whether the machine, the JDK or a library changed. Everything is read
 * from the running system and from the jars on the class path, nothing is typed in.
 *
 * @param wirebenchVersion the version of wirebench that ran (of its harness jar), or null when unknown
 * @param jdk       vendor, version, VM name and version, and the flags this JVM was started with
 * @param cpu       model (from /proc/cpuinfo where there is one) and the cores this JVM may use
 * @param memoryBytes physical memory of the machine, or -1 where the JVM cannot tell
 * @param os        name, version (the kernel on Linux) and architecture
 * @param runner    the CI runner's image when a CI service says (GitHub's {@code ImageOS} and {@code ImageVersion}):
 *                  a new runner image is a known source of changes no commit caused; empty elsewhere
 * @param gitCommit the commit of the checkout the run started in, or null outside one
 * @param libraries {@code groupId:artifactId} to version, of every Maven artifact on the class path
 *                  (from the {@code META-INF/maven/.../pom.properties} each jar carries, so a shaded jar
 *                  still lists what it holds), completed by the build's own list of resolved runtime
 *                  dependencies ({@value #DEPENDENCY_LIST}) for jars that carry no pom.properties, such as
 *                  protobuf-java and agrona
 */
public record Environment(String wirebenchVersion, Map<String, Object> jdk, Map<String, Object> cpu, long memoryBytes, Map<String, String> os,
                          Map<String, String> runner, String gitCommit, SortedMap<String, String> libraries) {

    /**
     * Where a module that bundles dependencies (benchmarks.jar) lists them, as the Maven dependency plugin's
     * {@code list} goal writes it at build time: {@code group:artifact:type[:classifier]:version:scope}.
     */
    public static final String DEPENDENCY_LIST = "META-INF/wirebench/runtime-dependencies.txt";
    private static final String HARNESS = "dev.wirebench:harness";
    private static final Pattern POM_PROPERTIES = Pattern.compile("META-INF/maven/[^/]+/[^/]+/pom\\.properties");

    public Environment {
        jdk = Map.copyOf(jdk);
        cpu = Map.copyOf(cpu);
        os = Map.copyOf(os);
        runner = Map.copyOf(runner);
        libraries = Collections.unmodifiableSortedMap(new TreeMap<>(libraries));
    }

    /** The environment of this JVM, started in {@code workingDir}. */
    public static Environment capture(Path workingDir) {
        Map<String, Object> jdk = Map.of(
                "vendor", System.getProperty("java.vendor", ""),
                "version", System.getProperty("java.version", ""),
                "vmName", System.getProperty("java.vm.name", ""),
                "vmVersion", System.getProperty("java.vm.version", ""),
                "flags", List.copyOf(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        Map<String, Object> cpu = Map.of("model", readCpuModel(), "cores", Runtime.getRuntime().availableProcessors());
        Map<String, String> os = Map.of("name", System.getProperty("os.name", ""),
                "version", System.getProperty("os.version", ""), "arch", System.getProperty("os.arch", ""));
        SortedMap<String, String> libraries = readLibraries();
        readDependencyLists(libraries);
        return new Environment(libraries.get(HARNESS), jdk, cpu, readMemoryBytes(), os, runner(System.getenv()),
                readGitCommit(workingDir),
                libraries);
    }

    /**
     * What differs between where two runs ran, as env.json recorded it: JDK, VM, flags, CPU, cores,
     * memory, OS, e.g. {@code "JDK version: 17.0.15 → 25.0.1"}. Empty when the machines look alike.
     * Fields a run did not record are not compared.
     */
    public static List<String> differences(JsonNode base,
                                           JsonNode next) {
        List<String> differences = new ArrayList<>();
        String[][] fields = {{"JDK vendor", "/jdk/vendor"}, {"JDK version", "/jdk/version"}, {"VM", "/jdk/vmName"},
                {"JVM flags", "/jdk/flags"}, {"CPU", "/cpu/model"}, {"cores", "/cpu/cores"}, {"memory bytes", "/memoryBytes"},
                {"OS", "/os/name"}, {"OS version", "/os/version"}, {"architecture", "/os/arch"},
                {"runner image", "/runner/imageOS"}, {"runner image version", "/runner/imageVersion"}};
        for (String[] field : fields) {
            var a = base.at(field[1]);
            var b = next.at(field[1]);
            if (!a.isMissingNode() && !b.isMissingNode() && !a.equals(b)) {
                differences.add(field[0] + ": " + text(a) + " → " + text(b));
            }
        }
        return differences;
    }

    private static String text(JsonNode node) {
        return node.isValueNode() ? node.asText() : node.toString();
    }

    /** The CI runner's image from the variables GitHub's hosted runners set; empty where none is set. */
    static Map<String, String> runner(Map<String, String> env) {
        Map<String, String> runner = new TreeMap<>();
        for (String[] variable : new String[][]{{"ImageOS", "imageOS"}, {"ImageVersion", "imageVersion"}}) {
            String value = env.get(variable[0]);
            if (value != null && !value.isBlank()) {
                runner.put(variable[1], value);
            }
        }
        return runner;
    }

    /** The version of {@code groupId:artifactId} on the class path, or null. */
    public String library(String groupAndArtifact) {
        return libraries.get(groupAndArtifact);
    }

    private static String readCpuModel() {
        Path cpuinfo = Path.of("/proc/cpuinfo");
        if (Files.isReadable(cpuinfo)) {
            try {
                for (String line : Files.readAllLines(cpuinfo, StandardCharsets.UTF_8)) {
                    if (line.startsWith("model name")) {
                        return line.substring(line.indexOf(':') + 1).trim();
                    }
                }
            } catch (IOException | RuntimeException e) {
                // fall through to what the JVM knows
            }
        }
        return System.getProperty("os.arch", "unknown");
    }

    private static long readMemoryBytes() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize();
        }
        return -1;
    }

    /** {@code git rev-parse HEAD} in the directory, given two seconds; null when it is no checkout or git is absent. */
    static String readGitCommit(Path dir) {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "HEAD").directory(dir.toAbsolutePath().toFile())
                    .redirectErrorStream(true).start();
            git.getOutputStream().close();
            String out;
            try (InputStream in = git.getInputStream()) {
                out = new String(in.readNBytes(200), StandardCharsets.UTF_8).trim();
            }
            if (!git.waitFor(2, TimeUnit.SECONDS)) {
                git.destroyForcibly();
                return null;
            }
            return git.exitValue() == 0 && out.matches("[0-9a-f]{40,64}") ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    /**
     * Every {@code pom.properties} in every jar and directory of the class path, following the
     * {@code Class-Path} of jar manifests (as a launcher jar or surefire's booter jar uses).
     */
    static SortedMap<String, String> readLibraries() {
        SortedMap<String, String> versions = new TreeMap<>();
        Deque<Path> pending = new ArrayDeque<>();
        for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                pending.add(Path.of(entry).toAbsolutePath());
            }
        }
        Set<Path> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            Path path = pending.poll();
            if (!seen.add(path)) {
                continue;
            }
            try {
                if (Files.isDirectory(path)) {
                    Path maven = path.resolve("META-INF/maven");
                    if (Files.isDirectory(maven)) {
                        try (var files = Files.walk(maven, 3)) {
                            for (Path p : (Iterable<Path>) files::iterator) {
                                if (p.getFileName().toString().equals("pom.properties")) {
                                    try (InputStream in = Files.newInputStream(p)) {
                                        add(versions, in);
                                    }
                                }
                            }
                        }
                    }
                } else if (Files.isRegularFile(path)) {
                    try (JarFile jar = new JarFile(path.toFile())) {
                        Manifest manifest = jar.getManifest();
                        String classPath = manifest == null ? null : manifest.getMainAttributes().getValue("Class-Path");
                        if (classPath != null) {
                            for (String url : classPath.trim().split("\\s+")) {
                                if (!url.isEmpty()) {
                                    pending.add(Path.of(path.getParent().toUri().resolve(url)));
                                }
                            }
                        }
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            JarEntry jarEntry = e.nextElement();
                            if (POM_PROPERTIES.matcher(jarEntry.getName()).matches()) {
                                try (InputStream in = jar.getInputStream(jarEntry)) {
                                    add(versions, in);
                                }
                            }
                        }
                    }
                }
            } catch (IOException | RuntimeException unreadable) {
                // a class path entry that is not a readable jar holds no versions we can report
            }
        }
        return versions;
    }

    /** Every {@value #DEPENDENCY_LIST} on the class path; versions from pom.properties stay as they are. */
    private static void readDependencyLists(SortedMap<String, String> versions) {
        try {
            ClassLoader loader = Environment.class.getClassLoader();
            for (Enumeration<java.net.URL> lists = loader.getResources(DEPENDENCY_LIST); lists.hasMoreElements(); ) {
                try (InputStream in = lists.nextElement().openStream()) {
                    parseDependencyList(new String(in.readAllBytes(), StandardCharsets.UTF_8)).forEach(versions::putIfAbsent);
                }
            }
        } catch (IOException unreadable) {
            // the pom.properties versions stand alone
        }
    }

    /**
     * {@code group:artifact} to version, from the dependency plugin's list: lines such as
     * {@code "   org.agrona:agrona:jar:2.4.1:runtime -- module org.agrona [auto]"}; other lines are skipped.
     */
    static SortedMap<String, String> parseDependencyList(String text) {
        SortedMap<String, String> versions = new TreeMap<>();
        for (String line : text.split("\\R")) {
            String trimmed = line.trim();
            if (trimmed.isEmpty()) {
                continue;
            }
            String[] parts = trimmed.split("\\s+", 2)[0].split(":");
            // group:artifact:type:version:scope or group:artifact:type:classifier:version:scope
            if (parts.length == 5 || parts.length == 6) {
                versions.put(parts[0] + ":" + parts[1], parts[parts.length - 2]);
            }
        }
        return versions;
    }

    private static void add(SortedMap<String, String> versions, InputStream in) throws IOException {
        Properties pom = new Properties();
        pom.load(in);
        String group = pom.getProperty("groupId");
        String artifact = pom.getProperty("artifactId");
        String version = pom.getProperty("version");
        if (group != null && artifact != null && version != null) {
            versions.put(group + ":" + artifact, version);
        }
    }

    /**
     * The environment header from a run's env.json (as {@link Environment} writes it), tolerant of
     * fields an older run did not record.
     */
    public static List<String> describe(JsonNode env) {
        List<String> lines = new ArrayList<>();
        JsonNode cpu = env.path("cpu");
        JsonNode os = env.path("os");
        long memory = env.path("memoryBytes").asLong(-1);
        lines.add(String.format(Locale.ROOT, "Machine: %s, %s cores, %s memory; %s %s %s", cpu.path("model").asText("?"),
                cpu.path("cores").asText("?"), memory > 0 ? String.format(Locale.ROOT, "%.1f GiB", memory / (double) (1L << 30)) : "unknown",
                os.path("name").asText("?"), os.path("version").asText(""), os.path("arch").asText("")));
        JsonNode jdk = env.path("jdk");
        List<String> flags = new ArrayList<>();
        jdk.path("flags").forEach(f -> flags.add(f.asText()));
        lines.add(String.format(Locale.ROOT, "JDK: %s %s (%s %s); flags: %s", jdk.path("vendor").asText("?"),
                jdk.path("version").asText("?"), jdk.path("vmName").asText(""), jdk.path("vmVersion").asText(""),
                flags.isEmpty() ? "none" : "`" + String.join(" ", flags) + "`"));
        JsonNode runner = env.path("runner");
        if (runner.isObject() && !runner.isEmpty()) {
            lines.add("Runner image: " + runner.path("imageOS").asText("?") + " " + runner.path("imageVersion").asText(""));
        }
        String commit = env.path("gitCommit").asText(null);
        lines.add("wirebench " + env.path("wirebenchVersion").asText("(version not recorded)") + ", "
                + (commit == null ? "not run from a git checkout" : "commit " + commit.substring(0, Math.min(12, commit.length()))));
        List<String> libraries = new ArrayList<>();
        env.path("libraries").properties().forEach(e -> {
            if (!e.getKey().startsWith("dev.wirebench:")) {
                // group:artifact, as artifact ids alone are ambiguous (capnp's is "runtime")
                libraries.add(e.getKey() + " " + e.getValue().asText());
            }
        });
        if (!libraries.isEmpty()) {
            lines.add("Libraries: " + String.join(", ", libraries));
        }
        return lines;
    }
}
