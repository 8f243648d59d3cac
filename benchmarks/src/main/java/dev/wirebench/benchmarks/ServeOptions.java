package dev.wirebench.benchmarks;

import java.nio.file.Path;

/**
 * The options of {@code serve}.
 *
 * @param port       the TCP port (0: any free one)
 * @param bind       the address to listen on; {@value #DEFAULT_BIND} (this machine only) unless asked otherwise
 * @param resultsDir where the run folders are: the latest is shown, the latency report writes a new one
 */
record ServeOptions(int port, String bind, Path resultsDir) {

    static final int DEFAULT_PORT = 8080;
    static final String DEFAULT_BIND = "127.0.0.1";

    /** The defaults with another port and results directory, as tests start it. */
    static ServeOptions local(int port, Path resultsDir) {
        return new ServeOptions(port, DEFAULT_BIND, resultsDir);
    }
}
