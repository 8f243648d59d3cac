package dev.wirebench.harness.rig;

import dev.wirebench.harness.ServerProcess;
import dev.wirebench.harness.results.Repeats;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Runs a load test's cases in rounds: each round every case once, in a freshly shuffled order (from a seed the
 * report records), so drift over the run (a neighbour, heat) spreads over every case and two cases pair by
 * round. A server JVM serves a run of consecutive cases that name the same server within a round and is then
 * stopped, so each round meets a fresh server. A case that fails is said in one line and skipped in later rounds;
 * the others go on. Every case is followed by the caller's filing of results, so a stopped run keeps what finished.
 */
public final class Rounds {

    /**
     * One case.
     *
     * @param label  what the progress line and the failure line call it: {@code raw}, {@code window 64}
     * @param server the server it runs against: consecutive cases with the same one share its JVM in a round
     */
    public record Case(String label, String server) {
        public Case {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(server, "server");
        }
    }

    /** Measures one case against a running server. */
    @FunctionalInterface
    public interface Body {
        /** @throws IOException (or a runtime exception) when the case failed; the message says why in one line */
        void run(Case c, InetSocketAddress server, int round) throws IOException;
    }

    /** Starts the server a case names, in a JVM of its own. */
    @FunctionalInterface
    public interface Servers {
        ServerProcess start(String server) throws IOException;
    }

    private Rounds() {
    }

    /**
     * Runs every case {@code repeats} times.
     *
     * @param servers starts each server; null when the server runs elsewhere, at {@code remote}
     * @param command the command's name for the failure lines: {@code fix}
     * @return the cases that failed, each with why
     */
    public static Map<String, String> run(String command, List<Case> cases, int repeats, long seed, Servers servers,
                                          InetSocketAddress remote, Body body, PrintStream out, PrintStream err) {
        Map<String, String> failed = new LinkedHashMap<>();
        long started = System.nanoTime();
        int total = cases.size() * repeats;
        int done = 0;
        for (int round = 1; round <= repeats; round++) {
            List<Case> order = repeats == 1 ? cases : Repeats.order(cases, seed, round);
            ServerProcess server = null;
            try {
                for (int i = 0; i < order.size(); i++) {
                    Case c = order.get(i);
                    done++;
                    if (failed.containsKey(c.label())) {
                        continue;
                    }
                    double elapsed = (System.nanoTime() - started) / 1e9;
                    out.printf(Locale.ROOT, "[%d/%d] %s%s (%.0f s elapsed%s)%n", done, total, c.label(),
                            repeats == 1 ? "" : ", round " + round + "/" + repeats, elapsed, done == 1 ? ""
                                    : String.format(Locale.ROOT, ", about %.0f s left",
                                    elapsed / (done - 1) * (total - done + 1)));
                    try {
                        if (servers != null && (server == null || !server.isAlive())) {
                            server = servers.start(c.server());
                        }
                        body.run(c, server == null ? remote : server.address(), round);
                    } catch (IOException | RuntimeException e) {
                        String why = e.getMessage() == null ? e.toString() : e.getMessage();
                        err.println("wirebench " + command + ": " + c.label() + " failed" + (repeats == 1 ? ""
                                : " in round " + round) + ": " + why + (repeats == 1 || round == repeats ? ""
                                : "; its later rounds are skipped"));
                        failed.put(c.label(), (repeats == 1 ? "" : "round " + round + ": ") + why);
                    }
                    boolean nextShares = i + 1 < order.size() && order.get(i + 1).server().equals(c.server());
                    if (server != null && !nextShares) {
                        server.close();
                        server = null;
                    }
                }
            } finally {
                if (server != null) {
                    server.close();
                }
            }
        }
        return failed;
    }
}
