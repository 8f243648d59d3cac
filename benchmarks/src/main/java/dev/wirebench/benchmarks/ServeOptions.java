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

    static final String PORT = "--port";
    static final String BIND = "--bind";
    static final int DEFAULT_PORT = 8080;
    static final String DEFAULT_BIND = "127.0.0.1";

    /** The defaults with another port and results directory, as tests start it. */
    static ServeOptions local(int port, Path resultsDir) {
        return new ServeOptions(port, DEFAULT_BIND, resultsDir);
    }

    /** @throws IllegalArgumentException naming the flag or value that is wrong */
    static ServeOptions parse(String... args) {
        int port = DEFAULT_PORT;
        String bind = DEFAULT_BIND;
        Path resultsDir = LaunchArgs.DEFAULT_RESULTS_DIR;
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (!flag.equals(PORT) && !flag.equals(BIND) && !flag.equals(LaunchArgs.RESULTS_DIR)) {
                throw new IllegalArgumentException(flag.startsWith("-") ? "unknown option " + flag
                        : "unexpected argument " + flag);
            }
            if (i + 1 == args.length || args[i + 1].isBlank()) {
                throw new IllegalArgumentException(flag + " needs a value");
            }
            String value = args[++i];
            switch (flag) {
                case PORT -> port = port(value);
                case BIND -> bind = value;
                default -> resultsDir = Path.of(value);
            }
        }
        return new ServeOptions(port, bind, resultsDir);
    }

    private static int port(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port >= 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(PORT + " must be a number from 0 to 65535 (0: any free port), was '"
                + value + "'");
    }
}
