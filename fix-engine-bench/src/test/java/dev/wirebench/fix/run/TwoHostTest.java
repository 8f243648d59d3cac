package dev.wirebench.fix.run;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.results.ResultsFile;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client and server on two "hosts": two network namespaces joined by a veth pair, the server in one
 * bound to its own address, the client in the other, each a JVM of its own. Needs iproute2 and the
 * rights to make namespaces (root); without them the test is skipped and says why.
 */
class TwoHostTest {

    private static final String SERVER_ADDRESS = "10.231.77.1";
    private static final String CLIENT_ADDRESS = "10.231.77.2";

    private final String tag = Long.toString(ProcessHandle.current().pid() % 100_000);
    private final String serverNs = "wbfix-s" + tag;
    private final String clientNs = "wbfix-c" + tag;
    private final String veth = "wbv" + tag;
    private Process server;

    @TempDir
    Path dir;

    @BeforeEach
    void makeTwoHosts() throws Exception {
        String failed = ip("netns", "add", serverNs);
        Assumptions.assumeTrue(failed == null, () -> "network namespaces cannot be made here (" + failed
                + "): the two-host test needs iproute2 and root");
        must(ip("netns", "add", clientNs));
        must(ip("link", "add", veth + "a", "type", "veth", "peer", "name", veth + "b"));
        must(ip("link", "set", veth + "a", "netns", serverNs));
        must(ip("link", "set", veth + "b", "netns", clientNs));
        must(ip("-n", serverNs, "addr", "add", SERVER_ADDRESS + "/24", "dev", veth + "a"));
        must(ip("-n", clientNs, "addr", "add", CLIENT_ADDRESS + "/24", "dev", veth + "b"));
        for (String ns : List.of(serverNs, clientNs)) {
            must(ip("-n", ns, "link", "set", "lo", "up"));
        }
        must(ip("-n", serverNs, "link", "set", veth + "a", "up"));
        must(ip("-n", clientNs, "link", "set", veth + "b", "up"));
    }

    @AfterEach
    void removeThem() throws Exception {
        if (server != null) {
            server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // deleting a namespace deletes the veth end inside it, and with it the pair
        ip("netns", "del", serverNs);
        ip("netns", "del", clientNs);
    }

    @Test
    @Timeout(180)
    void shouldMeasureAcrossTwoNamespacesWithAFullHistogram() throws Exception {
        for (String engine : List.of("raw", "philadelphia")) {
            server = new ProcessBuilder(java(serverNs, "--role", "server", "--engines", engine, "--bind", SERVER_ADDRESS,
                    "--port", "9876")).redirectErrorStream(true).start();
            String listening = firstLineWith(server, ServerProcess.LISTENING, 60);
            assertTrue(listening.contains(SERVER_ADDRESS + ":9876"), listening);

            Path results = dir.resolve(engine);
            Process client = new ProcessBuilder(java(clientNs, "--role", "client", "--engines", engine, "--host",
                    SERVER_ADDRESS, "--port", "9876", "--warmup", "1s", "--duration", "2s", "--repeats", "1", "--results-dir",
                    results.toString())).redirectErrorStream(true).start();
            String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(client.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, client.exitValue(), output);

            Path folder;
            try (Stream<Path> folders = Files.list(results)) {
                folder = folders.findFirst().orElseThrow();
            }
            long orders = FixCommandTest.histogram(ResultsFile.read(folder), engine, "fill").getTotalCount();
            assertTrue(orders > 100, output);
            assertEquals(orders, FixCommandTest.histogram(ResultsFile.read(folder), engine, "ack").getTotalCount());
            assertTrue(Files.readString(folder.resolve(engine + "-fill.hgrm")).contains("#[Max"), "a full .hgrm");
            assertTrue(Files.readString(folder.resolve("summary.md")).contains(SERVER_ADDRESS + ":9876"));
            server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            server = null;
        }
    }

    private static List<String> java(String ns, String... args) {
        List<String> command = new ArrayList<>(List.of("ip", "netns", "exec", ns,
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), FixCommand.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static String firstLineWith(Process process, String text, int seconds) throws Exception {
        CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
            List<String> seen = new ArrayList<>();
            try {
                BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                for (String l = lines.readLine(); l != null; l = lines.readLine()) {
                    if (l.contains(text)) {
                        return l;
                    }
                    seen.add(l);
                }
            } catch (IOException e) {
                seen.add(e.toString());
            }
            return "the server ended: " + seen;
        });
        return line.get(seconds, TimeUnit.SECONDS);
    }

    /** Runs ip with these arguments; null when it worked, else what it said. */
    private static String ip(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("ip"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException noIp) {
            return "no ip command: " + noIp.getMessage();
        }
        String said = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "ip " + String.join(" ", args) + " did not finish";
        }
        return p.exitValue() == 0 ? null : "ip " + String.join(" ", args) + ": " + said;
    }

    private static void must(String failure) {
        assertEquals(null, failure);
    }
}
