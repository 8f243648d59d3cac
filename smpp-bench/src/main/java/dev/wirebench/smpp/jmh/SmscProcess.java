package dev.wirebench.smpp.jmh;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.smpp.server.Smsc;
import dev.wirebench.smpp.server.SmscConfig;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An {@link Smsc} in a JVM of its own, on a free loopback port, for {@code MemoryBenchmark}: its
 * sessions, buffers and event loops are then not counted in the client JVM's heap, threads and RSS.
 * The child ends when its standard input closes ({@link ServerProcess#close()}, or this JVM ending).
 */
public final class SmscProcess {

    /** The account the child SMSC accepts. */
    public static final String SYSTEM_ID = "bench";
    public static final String PASSWORD = "bench";

    private SmscProcess() {
    }

    /**
     * Starts the child with this JVM's class path and its {@code --} flags (add-exports and the like,
     * which Netty may need on this JDK), and waits until it listens.
     *
     * @throws IOException if it cannot start or does not listen in time; the message carries what it printed
     */
    public static ServerProcess start() throws IOException {
        List<String> options = new ArrayList<>();
        for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--")) {
                options.add(flag);
            }
        }
        options.add("-Xmx256m");
        return ServerProcess.start("the SMSC process", options, SmscProcess.class, List.of(), ServerProcess.START_TIMEOUT);
    }

    /** The child: an SMSC for {@link #SYSTEM_ID} on a free port of 127.0.0.1, no idle timeout, until input ends. */
    public static void main(String[] args) throws IOException {
        SmscConfig config = SmscConfig.of(Map.of(SYSTEM_ID, PASSWORD)).withIdleTimeout(Duration.ZERO);
        Smsc smsc = Smsc.start(config);
        ServerProcess.serveUntilStopped(smsc, true, () -> {
            System.out.println(ServerProcess.listeningOn(new InetSocketAddress(config.host(), smsc.port())));
            System.out.flush();
        });
    }
}
