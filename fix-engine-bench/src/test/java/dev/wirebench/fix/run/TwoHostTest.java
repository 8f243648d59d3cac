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
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Client and server on separate "hosts": a server namespace and two client namespaces, each client joined to
 * the server by a veth pair of its own (10.231.77.0/24 and 10.231.78.0/24), every side a JVM of its own. Needs
 * iproute2 and the rights to make namespaces (root); without them the tests are skipped and say why.
 */
class TwoHostTest {

    private static final String SERVER_ADDRESS = "10.231.77.1";
    private static final String CLIENT_ADDRESS = "10.231.77.2";
    private static final String SERVER_ADDRESS_2 = "10.231.78.1";
    private static final String CLIENT_ADDRESS_2 = "10.231.78.2";

    private final String tag = Long.toString(ProcessHandle.current().pid() % 100_000);
    private final String serverNs = "wbfix-s" + tag;
    private final String clientNs = "wbfix-c" + tag;
    private final String clientNs2 = "wbfix-d" + tag;
    private final String veth = "wbv" + tag;
    private final String veth2 = "wbw" + tag;
    private Process server;

    @TempDir
    Path dir;

    @BeforeEach
    void makeTwoHosts() throws Exception {
        String failed = ip("netns", "add", serverNs);
        Assumptions.assumeTrue(failed == null, () -> "network namespaces cannot be made here (" + failed
                + "): the two-host test needs iproute2 and root");
        must(ip("netns", "add", clientNs));
        must(ip("netns", "add", clientNs2));
        join(veth, clientNs, SERVER_ADDRESS, CLIENT_ADDRESS);
        join(veth2, clientNs2, SERVER_ADDRESS_2, CLIENT_ADDRESS_2);
        for (String ns : List.of(serverNs, clientNs, clientNs2)) {
            must(ip("-n", ns, "link", "set", "lo", "up"));
        }
    }

    /** A veth pair from the server's namespace to {@code client}'s, with an address at each end. */
    private void join(String pair, String client, String serverAddress, String clientAddress) throws Exception {
        must(ip("link", "add", pair + "a", "type", "veth", "peer", "name", pair + "b"));
        must(ip("link", "set", pair + "a", "netns", serverNs));
        must(ip("link", "set", pair + "b", "netns", client));
        must(ip("-n", serverNs, "addr", "add", serverAddress + "/24", "dev", pair + "a"));
        must(ip("-n", client, "addr", "add", clientAddress + "/24", "dev", pair + "b"));
        must(ip("-n", serverNs, "link", "set", pair + "a", "up"));
        must(ip("-n", client, "link", "set", pair + "b", "up"));
    }

    @AfterEach
    void removeThem() throws Exception {
        if (server != null) {
            server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        // deleting a namespace deletes the veth end inside it, and with it the pair
        ip("netns", "del", serverNs);
        ip("netns", "del", clientNs);
        ip("netns", "del", clientNs2);
    }

    @Test
    @Timeout(180)
    void shouldMergeTwoClientHostsAtAFixedRateIntoOneHistogram() throws Exception {
        // one server listening on both links
        server = new ProcessBuilder(java(serverNs, "--role", "server", "--engines", "raw", "--bind", "0.0.0.0",
                "--port", "9876")).redirectErrorStream(true).start();
        firstLineWith(server, ServerProcess.LISTENING, 60);
        List<Process> clients = new ArrayList<>();
        List<Path> results = List.of(dir.resolve("c1"), dir.resolve("c2"));
        String[][] sides = {{clientNs, SERVER_ADDRESS}, {clientNs2, SERVER_ADDRESS_2}};
        for (int i = 0; i < 2; i++) {
            clients.add(new ProcessBuilder(java(sides[i][0], "--role", "client", "--engines", "raw", "--host", sides[i][1],
                    "--port", "9876", "--rate", "500", "--warmup", "1s", "--duration", "2s", "--repeats", "1",
                    "--results-dir", results.get(i).toString())).redirectErrorStream(true).start());
        }
        List<Path> logs = new ArrayList<>();
        long counted = 0;
        for (int i = 0; i < 2; i++) {
            Process client = clients.get(i);
            String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(client.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, client.exitValue(), output);
            Path folder;
            try (Stream<Path> folders = Files.list(results.get(i))) {
                folder = folders.findFirst().orElseThrow();
            }
            logs.add(folder.resolve("raw-500-round1.hlog"));
            long fills = FixCommandTest.histogram(ResultsFile.read(folder), Map.of("engine", "raw", "rate", "500"), "fill")
                    .getTotalCount();
            // the schedule puts exactly rate x measured time in the measured time
            assertEquals(1000, fills, output);
            counted += fills;
        }
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        Path merged = dir.resolve("merged");
        dev.wirebench.harness.cli.ExitStatus status = dev.wirebench.harness.cli.Cli.run(
                new dev.wirebench.harness.hdr.MergeCommand(), new String[] {logs.get(0).toString(), logs.get(1).toString(),
                        "--results-dir", merged.toString()}, new java.io.PrintStream(out, true, StandardCharsets.UTF_8),
                new java.io.PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(dev.wirebench.harness.cli.ExitStatus.DONE, status, err.toString(StandardCharsets.UTF_8));
        Path folder;
        try (Stream<Path> folders = Files.list(merged)) {
            folder = folders.findFirst().orElseThrow();
        }
        org.HdrHistogram.Histogram all = FixCommandTest.histogram(ResultsFile.read(folder), Map.of("client", "all"), "fill");
        assertEquals(counted, all.getTotalCount(), "the merged count is the sum of both clients'");
        assertTrue(Files.readString(folder.resolve("summary.md")).contains("| all |"), "a row for all clients");
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
