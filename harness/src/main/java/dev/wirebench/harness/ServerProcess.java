package dev.wirebench.harness;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.InputStreamReader;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server in a JVM of its own, started from this JVM's class path (the shaded jar, or a test's
 * classes), so that the server's garbage, JIT and GC pauses are not the client's and the client's JVM
 * counters describe the client alone. The server's main prints {@link #listeningOn} once it listens;
 * {@link #start} waits a bounded time for that line and reads the address from it.
 *
 * <p>The child's standard input stays open until {@link #close()}: a server that calls
 * {@link #awaitEndOfInput()} ends when it closes, which also happens when this JVM dies however it
 * dies (the pipe's writing end goes with it). {@code close()} then stops the child in any case.
 *
 * <p>While it waits for that end, a server answers {@link #resources} on the same pipe: the parent writes a line
 * asking, the child prints its {@link JvmResources} as one line, which the parent takes out of the output.
 */
public final class ServerProcess implements AutoCloseable {

    /**
     * The hidden option a parent adds to a server's arguments when it starts the server through
     * {@link #start}: the server then serves until its standard input ends ({@link #serveUntilStopped}).
     */
    public static final String UNTIL_INPUT_ENDS = "--until-input-ends";
    /** What the line announcing the address starts with, before {@code host:port}. */
    public static final String LISTENING = "listening on ";
    /** How long {@link #start} waits for the line by default: a cold JVM on a busy machine is slow. */
    public static final Duration START_TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern ADDRESS = Pattern.compile(Pattern.quote(LISTENING) + "([^ ]+):(\\d+)");
    /** The line a parent writes to a server's input to ask for its {@link JvmResources}. */
    static final String ASK_RESOURCES = JvmResources.LINE + "?";

    private final Process process;
    private final InetSocketAddress address;
    private final List<String> output;
    private final BlockingQueue<String> answers;

    private ServerProcess(Process process, InetSocketAddress address, List<String> output,
                          BlockingQueue<String> answers) {
        this.process = process;
        this.address = address;
        this.output = output;
        this.answers = answers;
    }

    /** {@link #start(String, List, Class, List, Duration)} with no JVM options and {@link #START_TIMEOUT}. */
    public static ServerProcess start(String what, Class<?> main, List<String> args) throws IOException {
        return start(what, List.of(), main, args, START_TIMEOUT);
    }

    /**
     * Starts {@code java <jvmOptions> -cp <this class path> <main> <args>} and waits until it prints
     * the line {@link #listeningOn} makes.
     *
     * @param what names the server in messages: "the raw server"
     * @throws IOException if the JVM cannot start, or the server ends or does not listen within
     *                     {@code timeout}; the message carries what it printed
     */
    public static ServerProcess start(String what, List<String> jvmOptions, Class<?> main, List<String> args,
                                      Duration timeout) throws IOException {
        return start(what, List.of(), jvmOptions, main, args, timeout);
    }

    /**
     * As {@link #start(String, List, Class, List, Duration)}, with {@code prefix} before the {@code java} command:
     * {@code ip netns exec NS} runs the server in a network namespace of its own. The prefix must exec the JVM
     * (not fork it), so that stopping this process stops the server.
     */
    public static ServerProcess start(String what, List<String> prefix, List<String> jvmOptions, Class<?> main,
                                      List<String> args, Duration timeout) throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> output = Collections.synchronizedList(new ArrayList<>());
        BlockingQueue<String> answers = new LinkedBlockingQueue<>();
        CompletableFuture<InetSocketAddress> listening = new CompletableFuture<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = lines.readLine()) != null) {
                    if (line.startsWith(JvmResources.LINE + " ")) {
                        // an answer to resources(), not something the server said
                        answers.add(line);
                        continue;
                    }
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
        }, main.getSimpleName() + "-output");
        reader.setDaemon(true);
        reader.start();
        InetSocketAddress address = null;
        boolean timedOut = false;
        try {
            address = listening.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (TimeoutException e) {
            timedOut = true;
        } catch (ExecutionException e) {
            // never completed exceptionally
        }
        if (address == null) {
            process.destroyForcibly();
            String printed;
            synchronized (output) {
                printed = String.join(" / ", output);
            }
            throw new IOException(what + " did not start" + (timedOut ? " within " + timeout.toSeconds() + " s" : "")
                    + ": " + (printed.isEmpty() ? "it printed nothing" : printed));
        }
        return new ServerProcess(process, address, output, answers);
    }

    /** The line a server's main prints once it listens on {@code address}, for {@link #start} to find. */
    public static String listeningOn(InetSocketAddress address) {
        return LISTENING + address.getHostString() + ":" + address.getPort();
    }

    /**
     * For a server's main: blocks until this JVM's standard input ends, which is how a parent that
     * started it through {@link #start} says stop (or dies).
     */
    public static void awaitEndOfInput() {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        try {
            String line;
            while ((line = in.readLine()) != null) {
                // the end of input is the signal; the one thing asked on the way is what this JVM holds
                if (line.equals(ASK_RESOURCES)) {
                    System.out.println(JvmResources.answer().toLine());
                    System.out.flush();
                }
            }
        } catch (IOException ended) {
            // as good as the end
        }
    }

    /**
     * For a server's main, once its server listens: arranges for {@code server} to be closed once when
     * stopped, then has {@code announce} print the {@link #listeningOn} line (so a parent that stops it as
     * soon as it reads the line still has it closed), then serves until stopped. Stopped means this JVM's
     * standard input ends when {@code untilInputEnds} (a parent's {@link #close()}, or the parent dying), else
     * the JVM shutting down (Ctrl-C, SIGTERM), which closes the server from a shutdown hook in either case.
     */
    public static void serveUntilStopped(AutoCloseable server, boolean untilInputEnds, Runnable announce) {
        AtomicBoolean closed = new AtomicBoolean();
        CountDownLatch done = new CountDownLatch(1);
        Runnable stop = () -> {
            if (!closed.compareAndSet(false, true)) {
                // the other way of stopping got here first: a shutdown hook that returned now would let the JVM
                // halt in the middle of that close (a parent closes the input and then sends SIGTERM at once),
                // leaving behind what close removes
                awaitQuietly(done);
                return;
            }
            try {
                server.close();
            } catch (Exception e) {
                System.err.println("closing the server failed: " + e);
            } finally {
                done.countDown();
            }
        };
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "server-shutdown"));
        announce.run();
        if (untilInputEnds) {
            awaitEndOfInput();
            stop.run();
            return;
        }
        try {
            done.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            // bounded: the parent kills this JVM 10 s after asking it to stop
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public InetSocketAddress address() {
        return address;
    }

    /** The server JVM's process id. */
    public long pid() {
        return process.pid();
    }

    /**
     * What the server JVM holds now: its heap and Java threads as it answers on its input (a server that waits in
     * {@link #awaitEndOfInput}, as every one started with {@link #UNTIL_INPUT_ENDS} does), its RSS and threads as
     * the OS tells of its process. Those the server does not answer within {@code timeout} are -1.
     */
    public synchronized JvmResources resources(Duration timeout) {
        JvmResources inside = JvmResources.unknown();
        answers.clear();
        try {
            OutputStream in = process.getOutputStream();
            in.write((ASK_RESOURCES + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
            String answer = answers.poll(timeout.toNanos(), TimeUnit.NANOSECONDS);
            if (answer != null) {
                inside = JvmResources.parse(answer);
            }
        } catch (IOException gone) {
            // the server ended: the OS has nothing to tell either
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return inside.withOsFigures(process.pid());
    }

    /** What the server printed so far (for an error message). */
    public String output() {
        synchronized (output) {
            return String.join(" / ", output);
        }
    }

    /** Whether the server's JVM is still running. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Closes the child's input, asks it to stop (SIGTERM: its shutdown hooks run), and kills it after 10 s. */
    @Override
    public void close() {
        try {
            process.getOutputStream().close();
        } catch (IOException alreadyGone) {
            // the child ended first
        }
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
