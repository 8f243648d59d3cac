package dev.wirebench.harness;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EnvironmentTest {

    @Test
    void readsLibraryVersionsFromTheJarsOnTheClassPath(@TempDir Path dir) {
        Environment env = Environment.capture(dir);
        // jackson-databind is this module's dependency: its version comes from its own jar, not from a constant
        String jackson = env.library("com.fasterxml.jackson.core:jackson-databind");
        assertEquals(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(), jackson);
    }

    @Test
    void completesVersionsFromABuildsDependencyList(@TempDir Path dir) {
        // src/test/resources carries a dependency list naming an artifact that has no jar here
        Environment env = Environment.capture(dir);
        assertEquals("9.9.9", env.library("org.example:listed-only"));
        // a version from a jar's own pom.properties is not overridden by a list claiming another
        assertEquals(com.fasterxml.jackson.databind.cfg.PackageVersion.VERSION.toString(),
                env.library("com.fasterxml.jackson.core:jackson-databind"));
    }

    @Test
    void parsesTheDependencyPluginsListFormat() {
        var versions = Environment.parseDependencyList("""

                The following files have been resolved:
                   org.agrona:agrona:jar:2.4.1:runtime -- module org.agrona [auto]
                   com.example:native:jar:linux-x86_64:1.2.3:compile
                   dev.wirebench:harness:jar:0.1.0-SNAPSHOT:compile
                """);
        assertEquals("2.4.1", versions.get("org.agrona:agrona"));
        assertEquals("1.2.3", versions.get("com.example:native"));
        assertEquals("0.1.0-SNAPSHOT", versions.get("dev.wirebench:harness"));
        assertEquals(3, versions.size(), versions.toString());
    }

    @Test
    void namesWhatDiffersBetweenTwoMachines() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode base = json.readTree("{\"jdk\":{\"version\":\"17.0.15\",\"flags\":[]},\"cpu\":{\"model\":\"Xeon\",\"cores\":2}}");
        JsonNode next = json.readTree("{\"jdk\":{\"version\":\"25\",\"flags\":[\"-Xmx1g\"]},\"cpu\":{\"model\":\"Xeon\",\"cores\":4},"
                + "\"os\":{\"name\":\"Linux\"}}");
        assertEquals(List.of("JDK version: 17.0.15 → 25", "JVM flags: [] → [\"-Xmx1g\"]", "cores: 2 → 4"),
                Environment.differences(base, next));
        assertEquals(List.of(), Environment.differences(base, base));
        JsonNode own = json.readTree(json.writeValueAsString(Environment.capture(Path.of(""))));
        assertEquals(List.of(), Environment.differences(own, own));
    }

    @Test
    void recordsTheRunnersImageWhereACiServiceNamesItAndCallsItsChangeADifference() throws Exception {
        assertEquals(Map.of("imageOS", "ubuntu24", "imageVersion", "20261117.1"),
                Environment.runner(Map.of("ImageOS", "ubuntu24", "ImageVersion", "20261117.1", "HOME", "/root")));
        assertEquals(Map.of(), Environment.runner(Map.of("HOME", "/root")));
        ObjectMapper json = new ObjectMapper();
        JsonNode before = json.readTree("{\"runner\":{\"imageOS\":\"ubuntu24\",\"imageVersion\":\"20261110.1\"}}");
        JsonNode after = json.readTree("{\"runner\":{\"imageOS\":\"ubuntu24\",\"imageVersion\":\"20261117.1\"}}");
        assertEquals(List.of("runner image version: 20261110.1 → 20261117.1"), Environment.differences(before, after));
    }

    @Test
    void describesThisJvmAndMachine(@TempDir Path dir) {
        Environment env = Environment.capture(dir);
        assertEquals(System.getProperty("java.version"), env.jdk().get("version"));
        assertTrue(((List<?>) env.jdk().get("flags")).stream().anyMatch(f -> f.toString().startsWith("-Xmx")),
                "the test JVM's own flags: " + env.jdk().get("flags"));
        assertEquals(Runtime.getRuntime().availableProcessors(), env.cpu().get("cores"));
        assertTrue(env.memoryBytes() > 1L << 28, "at least 256 MiB of memory: " + env.memoryBytes());
        assertEquals(System.getProperty("os.version"), env.os().get("version"));
        assertTrue(!env.cpu().get("model").toString().isBlank());
    }

    @Test
    void knowsTheCommitOfACheckoutAndNoneElsewhere(@TempDir Path dir) throws Exception {
        assertNull(Environment.readGitCommit(dir), "a plain directory is no checkout");
        git(dir, "init", "-q");
        Files.writeString(dir.resolve("f"), "x");
        git(dir, "add", "f");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "m");
        String head = new String(new ProcessBuilder("git", "rev-parse", "HEAD").directory(dir.toFile()).start()
                .getInputStream().readAllBytes()).trim();
        assertEquals(head, Environment.readGitCommit(dir));
    }

    /** Path.of("") is how a caller names the working directory; it must reach git as that directory. */
    @Test
    void anEmptyRelativePathIsTheWorkingDirectory() throws Exception {
        Process git = new ProcessBuilder("git", "rev-parse", "HEAD").directory(Path.of("").toAbsolutePath().toFile())
                .redirectErrorStream(true).start();
        String out = new String(git.getInputStream().readAllBytes()).trim();
        String expected = git.waitFor() == 0 ? out : null;
        assertEquals(expected, Environment.readGitCommit(Path.of("")));
    }

    @Test
    void writesAsJson(@TempDir Path dir) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode node = json.readTree(json.writeValueAsString(Environment.capture(dir)));
        assertEquals(System.getProperty("java.vendor"), node.path("jdk").path("vendor").asText());
        assertTrue(node.path("libraries").has("com.fasterxml.jackson.core:jackson-databind"), node.toString());
        assertTrue(node.path("gitCommit").isNull());
    }

    private static void git(Path dir, String... args) throws Exception {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
    }

    @Test
    void describesTheEnvironmentAnEnvJsonRecords() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode env = json.readTree("""
                {"wirebenchVersion":"0.1.0","jdk":{"vendor":"Eclipse Adoptium","version":"25","vmName":"OpenJDK 64-Bit Server VM",
                 "vmVersion":"25+36","flags":["-Xmx1g"]},"cpu":{"model":"Xeon","cores":2},"memoryBytes":25769803776,
                 "os":{"name":"Linux","version":"6.1","arch":"amd64"},"gitCommit":"0123456789abcdef0123456789abcdef01234567",
                 "libraries":{"dev.wirebench:harness":"0.1.0","org.agrona:agrona":"2.4.1"}}""");
        List<String> lines = Environment.describe(env);
        assertEquals(List.of(
                "Machine: Xeon, 2 cores, 24.0 GiB memory; Linux 6.1 amd64",
                "JDK: Eclipse Adoptium 25 (OpenJDK 64-Bit Server VM 25+36); flags: `-Xmx1g`",
                "wirebench 0.1.0, commit 0123456789ab",
                "Libraries: org.agrona:agrona 2.4.1"), lines);
        // an env.json from an older run, or none at all, still gives a header
        List<String> bare = Environment.describe(json.readTree("{}"));
        assertEquals("wirebench (version not recorded), not run from a git checkout", bare.get(2));
        // and what Environment writes reads back
        List<String> own = Environment.describe(json.readTree(json.writeValueAsString(Environment.capture(java.nio.file.Path.of("")))));
        assertTrue(own.get(0).contains(Runtime.getRuntime().availableProcessors() + " cores"), own.toString());
    }
}
