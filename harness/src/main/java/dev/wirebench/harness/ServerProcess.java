package dev.wirebench.fix.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An engine's server in a JVM of its own ({@code fix --role server}), so that the server's garbage,
 * JIT and GC pauses are not the client's and the client's JVM counters describe the client alone.
 * It listens on a free loopback port, says which on its first line, and ends with this JVM.
 */
final class ServerProcess implements AutoCloseable {

    static final String LISTENING = "listening on ";
    private static final Pattern ADDRESS = Pattern.compile(Pattern.quote(LISTENING) + "([^ ]+):(\\d+)");
    private static final long START_TIMEOUT_SECONDS = 60;

    private final Process process;
    private final InetSocketAddress address;
    private final List<String> output;

    private ServerProcess(Process process, InetSocketAddress address, List<String> output) {
        this.process = process;
        this.address = address;
        this.output = output;
    }

    /**
     * Starts the server of {@code engine} and waits until it listens.
     *
     * @throws IOException if the JVM cannot start, or the server fails or does not listen within a minute;
     *                     the message carries what it printed
     */
    static ServerProcess start(String engine) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-cp", System.getProperty("java.class.path"),
                FixCommand.class.getName(), "--role", "server", "--engines", engine, "--bind", "127.0.0.1",
                "--port", "0", FixCommand.EXIT_WITH, Long.toString(ProcessHandle.current().pid())));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        process.getOutputStream().close();
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<InetSocketAddress> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    output.add(line);
                    Matcher m = ADDRESS.matcher(line);
                    if (m.find()) {
                        listening.complete(new InetSocketAddress(m.group(1), Integer.parseInt(m.group(2))));
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            listening.complete(null);
        }, "fix-server-" + engine + "-output");
        reader.setDaemon(true);
        reader.start();
        InetSocketAddress address;
        try {
            address = listening.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            address = null;
        }
        if (address == null) {
            process.destroyForcibly();
            throw new IOException("the " + engine + " server did not start: " + String.join(" / ", output));
        }
        return new ServerProcess(process, address, output);
    }

    InetSocketAddress address() {
        return address;
    }

    /** What the server printed so far (for an error message). */
    String output() {
        synchronized (output) {
            return String.join(" / ", output);
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
