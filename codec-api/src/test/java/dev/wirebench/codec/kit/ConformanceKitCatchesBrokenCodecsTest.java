package dev.wirebench.codec.kit;

import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/**
 * The kit is only worth something if it fails on a broken codec: run each contract on codecs broken
 * the way it forbids, and on codecs that claim the wrong contract, and read the verdicts.
 */
class ConformanceKitCatchesBrokenCodecsTest {

    private static final Set<String> HOSTILE_TESTS = Set.of("rejectsEveryTruncationWithCodecExceptionOrAValidMessage",
            "survivesSeededCorruptionsWithCodecExceptionOrAValidMessage", "readsNothingPastTheLengthItIsGiven");

    // the measurement contract

    @Test
    void measurementFailsACodecThatDropsAField() {
        Set<String> failed = failedTests(BrokenCodecs.DropsAFieldContract.class);
        assertTrue(failed.contains("roundTripsEveryFixture"), "failed: " + failed);
        assertTrue(failed.contains("roundTripsSeededRandomMessages"), "failed: " + failed);
        assertTrue(failed.contains("traverseReturnsTheChecksumOfEveryMessage"), "failed: " + failed);
    }

    @Test
    void measurementFailsACodecWhoseTraverseSkipsAField() {
        Set<String> failed = failedTests(BrokenCodecs.TraverseSkipsAFieldContract.class);
        assertEquals(Set.of("traverseReturnsTheChecksumOfEveryMessage",
                "encodesTheSameBytesIntoHeapAndDirectBuffersAtAnOffset", "readsAWholeMessageFromItsLengthAlone"), failed);
    }

    @Test
    void measurementFailsANativeModelThatWritesOtherBytes() {
        assertEquals(Set.of("nativeModelWritesAndReadsTheSameBytes"), failedTests(BrokenCodecs.NativeWritesOtherBytesContract.class));
    }

    @Test
    void measurementFailsACodecThatPeeksPastTheEndOfAWholeMessage() {
        Set<String> failed = failedTests(BrokenCodecs.PeeksPastTheEndContract.class);
        // the round trips see it too wherever a longer message left bytes behind in their reused buffer
        assertTrue(failed.contains("readsAWholeMessageFromItsLengthAlone"), "failed: " + failed);
    }

    @Test
    void measurementFailsACodecThatClaimsTheHostileTierItDoesNotCheck() {
        assertEquals(Set.of("claimsNoContractItsTestDoesNotCheck"),
                failedTests(BrokenCodecs.ClaimsMoreThanItsTestChecksContract.class));
    }

    // the hostile-input contract

    @Test
    void hostileInputFailsACodecThatLeaksRawExceptionsOnBadInput() {
        // shortened lengths meet the raw exception too
        assertEquals(HOSTILE_TESTS, failedTests(BrokenCodecs.LeaksRawExceptionsContract.class));
    }

    @Test
    void hostileInputFailsACodecThatReadsPastTheLengthItIsGiven() {
        assertEquals(Set.of("readsNothingPastTheLengthItIsGiven"), failedTests(BrokenCodecs.ReadsPastLengthContract.class));
    }

    @Test
    void hostileInputHoldsExactlyTheCodecsThatClaimIt() {
        Events tests = run(BrokenCodecs.OnlyClaimantsAreHeldContract.class).testEvents();
        assertEquals(Set.of(), names(tests.failed().stream().collect(Collectors.toList())));
        Map<String, Long> runs = new TreeMap<>();
        tests.started().stream().forEach(e -> runs.merge(method(e), 1L, Long::sum));
        for (String hostile : HOSTILE_TESTS) {
            assertEquals(1L, runs.get(hostile), hostile + " runs for the toy only, not the leaky codec: " + runs);
        }
        assertEquals(2L, runs.get("roundTripsEveryFixture"), "the measurement checks run for both: " + runs);
    }

    @Test
    void hostileInputFailsWhenNoCodecClaimsIt() {
        EngineExecutionResults results = run(BrokenCodecs.NobodyClaimsContract.class);
        Set<String> failedTemplates = names(results.containerEvents().failed().stream().collect(Collectors.toList()));
        assertEquals(HOSTILE_TESTS, failedTemplates);
        results.containerEvents().failed().stream().forEach(e -> {
            String message = e.getPayload(TestExecutionResult.class).flatMap(TestExecutionResult::getThrowable)
                    .map(Throwable::getMessage).orElse("");
            assertTrue(message.contains("claims HOSTILE_INPUT") && message.contains("should extend MeasurementContract"),
                    message);
        });
    }

    @Test
    void theKitBeforeTheSplitHoldsEveryCodecToBothContracts() {
        assertEquals(HOSTILE_TESTS, failedTests(BrokenCodecs.WholeKitContract.class));
    }

    @Test
    void passesTheToyCodecItIsModelledOn() {
        assertEquals(Set.of(), failedTests(ToyContract.class));
    }

    /** The toy codec copies every string through a new byte[]: the allocation kit must say so for both operations. */
    @Test
    void zeroAllocationKitFailsACodecThatAllocatesPerCall() {
        assertEquals(Set.of("encodeAllocatesNothing", "traverseAllocatesNothingWhenItReadsInPlace"),
                failedTests(ToyAllocationContract.class));
    }

    static final class ToyAllocationContract extends ZeroAllocationContract {
        @Override
        protected dev.wirebench.codec.CodecProvider provider() {
            return new com.example.outsider.ToyCodecProvider();
        }
    }

    static final class ToyContract extends HostileInputContract {
        @Override
        protected dev.wirebench.codec.CodecProvider provider() {
            return new com.example.outsider.ToyCodecProvider();
        }
    }

    private static EngineExecutionResults run(Class<?> contract) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(contract)).execute();
    }

    /** Names of the kit's test methods that failed for the given contract class. */
    private static Set<String> failedTests(Class<?> contract) {
        Events tests = run(contract).testEvents();
        assertTrue(tests.started().count() >= 10, "the kit ran only " + tests.started().count() + " tests");
        return names(tests.failed().stream().collect(Collectors.toList()));
    }

    private static Set<String> names(Iterable<Event> events) {
        Set<String> names = new TreeSet<>();
        events.forEach(e -> names.add(method(e)));
        return names;
    }

    /** The kit method a test or test template event belongs to. */
    private static String method(Event e) {
        TestDescriptor descriptor = e.getTestDescriptor();
        String id = descriptor.getUniqueId().toString();
        int method = id.indexOf("method:");
        if (method < 0) {
            method = id.indexOf("test-template:");
        }
        if (method < 0) {
            method = id.indexOf("test-factory:");
        }
        String rest = id.substring(id.indexOf(':', method) + 1);
        return rest.substring(0, rest.indexOf('('));
    }
}
