package dev.wirebench.smpp.jmh;

import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * An {@link Smsc} in a JVM of its own, on a free loopback port, for {@code MemoryBenchmark}: its
 * sessions, buffers and event loops are then not counted in the client JVM's heap, threads and RSS.
 * The child ends when its standard input closes ({@link #close()}, or this JVM ending).
 */
public final class SmscProcess implements AutoCloseable {

    /** The account the child SMSC accepts. */
    public static final String SYSTEM_ID = "bench";
    public static final String PASSWORD = "bench";
    private static final String LISTENING = "smsc listening on port ";
    private static final long START_TIMEOUT_SECONDS = 30;

    private final Process process;
    private final int port;

    private SmscProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts the child with this JVM's class path and its {@code --} flags (add-exports and the like,
     * which Netty may need), and waits until it listens.
     *
     * @throws IOException if it cannot start or does not listen in time; the message carries what it printed
     */
    public static SmscProcess start() throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--")) {
                command.add(flag);
            }
        }
        command.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path"), SmscProcess.class.getName()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = new ArrayList<>();
        CompletableFuture<Integer> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                    if (line.startsWith(LISTENING)) {
                        listening.complete(Integer.parseInt(line.substring(LISTENING.length()).trim()));
                    } else {
                        synchronized (output) {
                            output.add(line);
                        }
                    }
                }
            } catch (IOException | NumberFormatException e) {
                // the child ended or printed nonsense: start() reports what it printed
            }
            listening.complete(-1);
        }, "smsc-process-output");
        reader.setDaemon(true);
        reader.start();
        int port;
        try {
            port = listening.get(START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            port = -1;
        }
        if (port <= 0) {
            process.destroyForcibly();
            synchronized (output) {
                throw new IOException("the SMSC process did not start within " + START_TIMEOUT_SECONDS + " s: "
                        + String.join(" / ", output));
            }
        }
        return new SmscProcess(process, port);
    }

    /** The port on 127.0.0.1 it listens on. */
    public int port() {
        return port;
    }

    /** Closes the child's input, which stops it; waits a few seconds, then kills it. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            process.destroyForcibly();
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** The child: an SMSC for {@link #SYSTEM_ID}, no idle timeout, until standard input closes. */
    public static void main(String[] args) throws IOException {
        SmscConfig config = SmscConfig.of(Map.of(SYSTEM_ID, PASSWORD)).withIdleTimeout(Duration.ZERO);
        try (Smsc smsc = Smsc.start(config)) {
            System.out.println(LISTENING + smsc.port());
            System.out.flush();
            while (System.in.read() >= 0) {
                // nothing is sent; end of input is the signal
            }
        }
    }
}
