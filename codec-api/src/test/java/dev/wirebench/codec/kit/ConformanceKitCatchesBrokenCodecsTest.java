package dev.wirebench.codec.kit;

import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Events;

import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

/** The kit is only worth something if it fails on a broken codec: run it on three and read the verdicts. */
class ConformanceKitCatchesBrokenCodecsTest {

    @Test
    void failsACodecThatDropsAField() {
        Set<String> failed = failedTests(BrokenCodecs.DropsAFieldContract.class);
        assertTrue(failed.contains("roundTripsEveryFixture"), "failed: " + failed);
        assertTrue(failed.contains("roundTripsSeededRandomMessages"), "failed: " + failed);
        assertTrue(failed.contains("traverseReturnsTheChecksumOfEveryMessage"), "failed: " + failed);
    }

    @Test
    void failsACodecWhoseTraverseSkipsAField() {
        Set<String> failed = failedTests(BrokenCodecs.TraverseSkipsAFieldContract.class);
        assertEquals(Set.of("traverseReturnsTheChecksumOfEveryMessage",
                "encodesTheSameBytesIntoHeapAndDirectBuffersAtAnOffset"), failed);
    }

    @Test
    void failsACodecThatLeaksRawExceptionsOnBadInput() {
        Set<String> failed = failedTests(BrokenCodecs.LeaksRawExceptionsContract.class);
        // shortened lengths meet the raw exception too
        assertEquals(Set.of("rejectsEveryTruncationWithCodecExceptionOrAValidMessage",
                "survivesSeededCorruptionsWithCodecExceptionOrAValidMessage", "readsNothingPastTheLengthItIsGiven"), failed);
    }

    @Test
    void failsACodecThatReadsPastTheLengthItIsGiven() {
        assertEquals(Set.of("readsNothingPastTheLengthItIsGiven"), failedTests(BrokenCodecs.ReadsPastLengthContract.class));
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

    static final class ToyContract extends MessageCodecContract {
        @Override
        protected dev.wirebench.codec.CodecProvider provider() {
            return new com.example.outsider.ToyCodecProvider();
        }
    }

    /** Names of the kit's test methods that failed for the given contract class. */
    private static Set<String> failedTests(Class<?> contract) {
        Events tests = EngineTestKit.engine("junit-jupiter").selectors(selectClass(contract)).execute().testEvents();
        assertTrue(tests.started().count() >= 10, "the kit ran only " + tests.started().count() + " tests");
        Set<String> names = new TreeSet<>();
        tests.failed().stream().forEach(e -> {
            String id = e.getTestDescriptor().getUniqueId().toString();
            int method = id.indexOf("method:");
            if (method < 0) {
                method = id.indexOf("test-template:");
            }
            if (method < 0) {
                method = id.indexOf("test-factory:");
            }
            String rest = id.substring(id.indexOf(':', method) + 1);
            names.add(rest.substring(0, rest.indexOf('(')));
        });
        return names;
    }
}
