package dev.wirebench.harness.rig;

import org.HdrHistogram.Histogram;

import java.util.List;
import java.util.Map;

/**
 * What one measurement gave. Histograms hold nanoseconds from each request's stamp (its intended send time)
 * to the arrival of each response, for every request stamped inside the measured time.
 *
 * @param target           the system measured
 * @param load             the load asked for
 * @param plan             how the run was set up
 * @param responses        the response names, as the target gave them
 * @param latency          one histogram per response, in that order; the last is the completing one
 * @param senderLag        at a fixed rate, how late the sender sent each measured request after its intended
 *                         time: the part of every round trip that is the load generator's own wake-up (empty in
 *                         closed loop)
 * @param completedPerWindow measured requests completed in each window of the measured time, in order: a 0
 *                         between non-zero windows is a stall
 * @param sent             requests sent in the measured time
 * @param completed        of those, completed by their last response
 * @param timeouts         of those, ended by the session's timeout
 * @param errors           of those, answered with an error
 * @param overflow         latencies above the histograms' range, recorded as its top
 * @param achievedRate     completions per second of the measured time (at a fixed rate, up to the last
 *                         measured completion when that came later, so falling behind shows)
 * @param gcCount          this JVM's collections in the measured time
 * @param gcMillis         their time
 * @param bytesPerRequest  bytes allocated per completed request by the threads alive across the measured time
 *                         but the rig's own (which writes the interval log), -1 where the JVM cannot tell
 * @param cores            the cores the client JVM kept busy over the measured time (CPU time over wall time;
 *                         a spinning thread is one), NaN where the JVM cannot tell
 * @param counts           what the target counted beyond timing ({@link LoadTarget#counts()})
 * @param failure          why the run ended early (the server closed, the run stalled), saying when; null when
 *                         it ran to the end. What was measured until then is kept.
 */
public record RigResult(String target, Load load, RigPlan plan, List<String> responses, List<Histogram> latency,
                        Histogram senderLag, List<Long> completedPerWindow, long sent, long completed, long timeouts,
                        long errors, long overflow, double achievedRate, long gcCount, long gcMillis,
                        long bytesPerRequest, double cores, Map<String, Long> counts, String failure) {

    /** A fixed rate counts as held when at least this share of it was achieved. */
    public static final double HELD = 0.95;

    public RigResult {
        responses = List.copyOf(responses);
        latency = List.copyOf(latency);
        completedPerWindow = List.copyOf(completedPerWindow);
        counts = Map.copyOf(counts);
    }

    /** The histogram of the completing response. */
    public Histogram completing() {
        return latency.get(latency.size() - 1);
    }

    /** The histogram of the response named {@code name}. */
    public Histogram latency(String name) {
        int i = responses.indexOf(name);
        if (i < 0) {
            throw new IllegalArgumentException("no response '" + name + "' among " + responses);
        }
        return latency.get(i);
    }

    /** At a fixed rate: the achieved rate fell below {@link #HELD} of the target (the result is marked). */
    public boolean rateMissed() {
        return !load.closed() && achievedRate < HELD * load.ratePerSecond();
    }

    /** Windows of the measured time in which no request completed, though some were in flight before and after. */
    public int stalledWindows() {
        int first = -1;
        int last = -1;
        for (int i = 0; i < completedPerWindow.size(); i++) {
            if (completedPerWindow.get(i) > 0) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        int stalled = 0;
        for (int i = first + 1; i < last; i++) {
            if (completedPerWindow.get(i) == 0) {
                stalled++;
            }
        }
        return stalled;
    }
}
