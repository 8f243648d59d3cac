package dev.wirebench.harness.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A link that misbehaves on purpose: a network namespace for the server joined to this one by a veth pair, with
 * nftables dropping a share of the packets on the server's end in both directions, and the link taken down and
 * up on request. The kernel here has no netem, so loss is an nft rule ({@code numgen random}) and delay is
 * {@link DelayRelay}'s; reordering and duplication of IP packets would be invisible above TCP anyway (TCP puts
 * them back in order and drops the copies), so they are not made.
 *
 * <p>Needs root, iproute2 and nft; {@link #open} says which is missing in one line. Closing deletes the
 * namespace, which takes the veth pair and the nft table with it.
 */
public final class FaultLink implements AutoCloseable {

    private static final Pattern COUNTER = Pattern.compile("counter (\\w+) \\{\\s*packets (\\d+)");
    private static final String TABLE = "wbfault";
    private static final java.util.concurrent.atomic.AtomicInteger OPENED = new java.util.concurrent.atomic.AtomicInteger();

    private final String namespace;
    private final String hostEnd;
    private final String serverEnd;
    private final String hostAddress;
    private final String serverAddress;
    private volatile boolean down;

    private FaultLink(String namespace, String hostEnd, String serverEnd, String hostAddress, String serverAddress) {
        this.namespace = namespace;
        this.hostEnd = hostEnd;
        this.serverEnd = serverEnd;
        this.hostAddress = hostAddress;
        this.serverAddress = serverAddress;
    }

    /**
     * Makes the namespace, the veth pair and the loss rule. Names and the /24 come from this JVM's pid, so that
     * two runs at once do not meet.
     *
     * @throws IOException in one line when the namespace, the pair or the rule cannot be made (not root, no
     *                     iproute2, no nft); what was made is removed
     */
    public static FaultLink open(double lossPercent) throws IOException {
        long pid = ProcessHandle.current().pid();
        int seq = OPENED.getAndIncrement();
        String tag = pid % 100_000 + "x" + seq % 10;
        int net = (int) ((pid + seq) % 200) + 20;
        FaultLink link = new FaultLink("wbfault-" + tag, "wbf" + tag + "h", "wbf" + tag + "s", "10.232." + net + ".2",
                "10.232." + net + ".1");
        String failed = run(null, "ip", "netns", "add", link.namespace);
        if (failed != null) {
            throw new IOException("--faults needs network namespaces, which cannot be made here (" + failed
                    + "): run as root with iproute2");
        }
        try {
            link.build(lossPercent);
        } catch (IOException e) {
            link.close();
            throw e;
        }
        return link;
    }

    private void build(double lossPercent) throws IOException {
        must(run(null, "ip", "link", "add", hostEnd, "type", "veth", "peer", "name", serverEnd));
        must(run(null, "ip", "link", "set", serverEnd, "netns", namespace));
        must(run(null, "ip", "addr", "add", hostAddress + "/24", "dev", hostEnd));
        must(run(null, "ip", "-n", namespace, "addr", "add", serverAddress + "/24", "dev", serverEnd));
        must(run(null, "ip", "-n", namespace, "link", "set", "lo", "up"));
        must(run(null, "ip", "-n", namespace, "link", "set", serverEnd, "up"));
        must(run(null, "ip", "link", "set", hostEnd, "up"));
        int perTenThousand = (int) Math.round(lossPercent * 100);
        // both hooks on the server's end: loss in each direction, counted where it happens
        String drop = perTenThousand == 0 ? "" : " numgen random mod 10000 < " + perTenThousand + " counter name \"dropped\" drop\n";
        String rules = "table inet " + TABLE + " {\n"
                + "  counter dropped { }\n  counter passed { }\n"
                + "  chain in {\n    type filter hook input priority 0; policy accept;\n"
                + (drop.isEmpty() ? "" : "    iifname \"" + serverEnd + "\"" + drop)
                + "    iifname \"" + serverEnd + "\" counter name \"passed\"\n  }\n"
                + "  chain out {\n    type filter hook output priority 0; policy accept;\n"
                + (drop.isEmpty() ? "" : "    oifname \"" + serverEnd + "\"" + drop)
                + "    oifname \"" + serverEnd + "\" counter name \"passed\"\n  }\n}\n";
        String failed = run(rules, "ip", "netns", "exec", namespace, "nft", "-f", "-");
        if (failed != null) {
            throw new IOException("--faults drops packets with nft, which failed (" + failed
                    + "): install nftables (apt-get install nftables)");
        }
    }

    /** The server's address, inside the namespace. */
    public String serverAddress() {
        return serverAddress;
    }

    /** This side's address on the link. */
    public String hostAddress() {
        return hostAddress;
    }

    /** The namespace the server runs in. */
    public String namespace() {
        return namespace;
    }

    /** What runs a command inside the namespace: put it before the command's own words. */
    public List<String> prefix() {
        return List.of("ip", "netns", "exec", namespace);
    }

    /** Takes the link down: packets either way are lost until {@link #up()}; TCP retransmits them after. */
    public void down() throws IOException {
        down = true;
        must(run(null, "ip", "link", "set", hostEnd, "down"));
    }

    /** Brings the link back up. */
    public void up() throws IOException {
        must(run(null, "ip", "link", "set", hostEnd, "up"));
        down = false;
    }

    public boolean isDown() {
        return down;
    }

    /** Packets the loss rule dropped so far, both directions. */
    public long dropped() throws IOException {
        return counter("dropped");
    }

    /** Packets that crossed the server's end so far, both directions. */
    public long passed() throws IOException {
        return counter("passed");
    }

    private long counter(String name) throws IOException {
        List<String> said = new ArrayList<>();
        String failed = run(null, said, "ip", "netns", "exec", namespace, "nft", "list", "counter", "inet", TABLE, name);
        if (failed != null) {
            throw new IOException("cannot read nft's counter " + name + ": " + failed);
        }
        Matcher m = COUNTER.matcher(String.join("\n", said));
        if (!m.find()) {
            throw new IOException("nft's counter " + name + " reads '" + String.join(" ", said) + "'");
        }
        return Long.parseLong(m.group(2));
    }

    /**
     * What a server in the namespace still holds on {@code port}: the TCP connections there established, or closed by
     * the peer and not yet by the server (CLOSE-WAIT), counted by {@code ss}.
     */
    public int connectionsHeld(int port) throws IOException {
        List<String> said = new ArrayList<>();
        String failed = run(null, said, "ip", "netns", "exec", namespace, "ss", "-H", "-t", "-n", "state", "established",
                "state", "close-wait", "sport", "=", ":" + port);
        if (failed != null) {
            throw new IOException("cannot count the connections on port " + port + ": " + failed);
        }
        return (int) String.join("\n", said).lines().filter(line -> !line.isBlank()).count();
    }

    /**
     * How many connections a server held on {@code port} after a while.
     *
     * @param connections still held when the wait ended (0: it let every one go)
     * @param seconds     how long the wait took
     */
    public record Held(int connections, double seconds) {
    }

    /** Waits, up to {@code within}, checking every 100 ms, until the server holds no connection on {@code port}. */
    public Held awaitReleased(int port, Duration within) throws IOException {
        long start = System.nanoTime();
        long deadline = start + within.toNanos();
        int held;
        while ((held = connectionsHeld(port)) > 0 && System.nanoTime() - deadline < 0) {
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
        }
        return new Held(held, (System.nanoTime() - start) / 1e9);
    }

    /** Deletes the namespace, and with it the pair and the rules. */
    @Override
    public void close() {
        try {
            run(null, "ip", "netns", "del", namespace);
            // the host's end goes with its peer; this removes it should the namespace not have been made
            run(null, "ip", "link", "del", hostEnd);
        } catch (IOException ignored) {
            // nothing was made
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s (%s) <-> %s in namespace %s", hostEnd, hostAddress, serverAddress, namespace);
    }

    private static void must(String failure) throws IOException {
        if (failure != null) {
            throw new IOException("--faults cannot build its link: " + failure);
        }
    }

    private static String run(String input, String... command) throws IOException {
        return run(input, new ArrayList<>(), command);
    }

    /** Runs a command, bounded; null when it worked, else what it said, in one line. */
    private static String run(String input, List<String> said, String... command) throws IOException {
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException missing) {
            return "no " + command[0] + " command";
        }
        if (input != null) {
            p.getOutputStream().write(input.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        said.add(out);
        try {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return String.join(" ", command) + " did not finish in 30 s";
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
            throw new IOException("interrupted while running " + command[0]);
        }
        return p.exitValue() == 0 ? null : String.join(" ", command) + ": " + out.replace('\n', ' ');
    }
}
