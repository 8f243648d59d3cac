package dev.wirebench.harness.results;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RepeatsTest {

    @Test
    void eachRoundIsAPermutationThatTheSeedAndRoundDecide() {
        List<String> cases = List.of("raw", "quickfixj", "quickfixj-tuned", "philadelphia", "artio");
        assertEquals(new HashSet<>(cases), new HashSet<>(Repeats.order(cases, 7, 1)));
        assertEquals(Repeats.order(cases, 7, 3), Repeats.order(cases, 7, 3), "a run can be repeated in order");
        List<List<String>> rounds = new ArrayList<>();
        for (int round = 1; round <= 8; round++) {
            rounds.add(Repeats.order(cases, 7, round));
        }
        assertTrue(new HashSet<>(rounds).size() > 1, "the order changes from round to round: " + rounds);
        assertNotEquals(Repeats.order(cases, 7, 2), Repeats.order(cases, 8, 2));
    }

    @Test
    void aLatencyBecomesEachRepeatsPercentilesInMicrosecondsAndTheHistogramOfThemAll() {
        Histogram first = new Histogram(3);
        Histogram second = new Histogram(3);
        for (int i = 1; i <= 100; i++) {
            first.recordValue(i * 1000L);
            second.recordValue(i * 2000L);
        }
        List<Measure> measures = new ArrayList<>();
        List<RecordedHistogram> histograms = new ArrayList<>();
        Repeats.latency(Map.of("engine", "raw"), "fill", List.of(first, new Histogram(3), second), measures, histograms);
        assertEquals(List.of("fill p50", "fill p90", "fill p99", "fill p99.9"), measures.stream().map(Measure::metric).toList());
        Measure p50 = measures.get(0);
        // one sample per repeat that recorded anything, in µs, to HdrHistogram's 3 digits
        assertEquals(2, p50.samples().size(), p50.toString());
        assertEquals(50.0, p50.samples().get(0), 0.05);
        assertEquals(100.0, p50.samples().get(1), 0.1);
        assertEquals("µs", p50.unit());
        assertEquals(Better.LOWER, p50.better());
        assertEquals(Sample.REPEAT, p50.sample());
        assertEquals(200, histograms.get(0).histogram().getTotalCount());
        assertEquals("fill", histograms.get(0).name());
    }

    @Test
    void aValueARepeatDoesNotHaveIsLeftOutAndNoneAtAllIsNoMeasure() {
        List<Measure> measures = new ArrayList<>();
        Repeats.each(Map.of("engine", "raw"), "allocation", "B/order", Better.LOWER, List.of(1.0, Double.NaN, 3.0),
                Double::doubleValue, measures);
        assertEquals(List.of(1.0, 3.0), measures.get(0).samples());
        Repeats.each(Map.of("engine", "qfj"), "allocation", "B/order", Better.LOWER, List.of(Double.NaN),
                Double::doubleValue, measures);
        assertEquals(1, measures.size());
        Repeats.latency(Map.of("engine", "qfj"), "fill", List.of(new Histogram(3)), measures, new ArrayList<>());
        assertEquals(1, measures.size(), "nothing answered: no latency to report");
    }
}
