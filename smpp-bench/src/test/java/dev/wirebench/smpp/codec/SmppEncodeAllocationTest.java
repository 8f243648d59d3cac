package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * encode allocates nothing once warm: {@link AllocationMeter}'s count around 10,000 encodes of each
 * fixture into a reused pooled buffer, heap and direct. Under one byte per call passes, which leaves
 * room for the odd JIT bookkeeping object and none for an allocation per call, as
 * {@link #theMeasureSeesOneSmallObjectPerCall()} shows.
 */
class SmppEncodeAllocationTest {

    /** Where the deliberately allocating operation puts its object, so the JIT cannot drop it. */
    static volatile Object sink;

    private final SmppCodec codec = new SmppCodec();

    @TestFactory
    Stream<DynamicTest> encodeAllocatesNothing() {
        List<DynamicTest> tests = new ArrayList<>();
        for (Map.Entry<String, Pdu> fixture : SmppSamples.fixtures().entrySet()) {
            for (Buffers buffers : List.of(Buffers.POOLED_HEAP, Buffers.POOLED_DIRECT)) {
                String name = fixture.getKey() + " into " + buffers;
                tests.add(DynamicTest.dynamicTest(name, () -> {
                    double perCall = bytesPerEncode(fixture.getValue(), buffers, false);
                    assertTrue(perCall < 1.0, name + " allocated " + perCall + " bytes per encode; it must allocate nothing");
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void theMeasureSeesOneSmallObjectPerCall() {
        double perCall = bytesPerEncode(SmppSamples.ENQUIRE_LINK, Buffers.POOLED_HEAP, true);
        // an Object is 16 bytes with compressed class pointers, 12 rounded up to 16 with compact headers
        assertTrue(perCall >= 15.0, "one Object per call measured as " + perCall + " bytes");
    }

    private double bytesPerEncode(Pdu pdu, Buffers buffers, boolean allocateToo) {
        ByteBuf buf = buffers.allocate(SmppCodec.DEFAULT_MAX_COMMAND_LENGTH);
        try {
            int size = codec.encode(pdu, buf);
            double perCall = AllocationMeter.bytesPerCall(() -> encode(pdu, buf, size, allocateToo));
            System.out.printf("%s into %s: %.3f B/call over %d encodes%n",
                    pdu.getClass().getSimpleName(), buffers, perCall, AllocationMeter.MEASURED);
            return perCall;
        } finally {
            buf.release();
        }
    }

    private void encode(Pdu pdu, ByteBuf buf, int size, boolean allocateToo) {
        // the size is checked so that the JIT cannot drop the work being measured
        assertEquals(size, codec.encode(pdu, buf.clear()));
        if (allocateToo) {
            sink = new Object();
        }
    }
}
