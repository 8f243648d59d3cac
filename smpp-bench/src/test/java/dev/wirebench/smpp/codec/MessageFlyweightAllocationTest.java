package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import dev.wirebench.smpp.peer.PduChecksum;
import io.netty.buffer.ByteBuf;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The flyweight's wrap and the checksum read through it allocate nothing once warm ({@link AllocationMeter},
 * 10,000 calls), on the fixtures and on the random message with the most TLVs, in pooled heap and direct
 * buffers; {@link #theMeasureSeesTheStringAGetterMakes()} shows that an allocation per call would fail it.
 */
class MessageFlyweightAllocationTest {

    /** Where the deliberately allocating read puts its String, so the JIT cannot drop it. */
    static volatile Object sink;

    private final MessageFlyweight flyweight = new MessageFlyweight();

    @TestFactory
    Stream<DynamicTest> wrapAndChecksumAllocateNothing() {
        Pdu mostTlvs = MessageFlyweightConformanceTest.randomMessages(7, 500).stream()
                .max(Comparator.comparingInt(MessageFlyweightAllocationTest::tlvCount)).orElseThrow();
        List<DynamicTest> tests = new ArrayList<>();
        for (Pdu pdu : List.of(SmppSamples.SUBMIT_SM, SmppSamples.DELIVER_SM, mostTlvs)) {
            for (Buffers buffers : List.of(Buffers.POOLED_HEAP, Buffers.POOLED_DIRECT)) {
                String name = pdu.getClass().getSimpleName() + " with " + tlvCount(pdu) + " TLVs in " + buffers;
                tests.add(DynamicTest.dynamicTest(name, () -> {
                    double perCall = bytesPerRead(pdu, buffers, false);
                    assertTrue(perCall < 1.0, name + ": " + perCall + " bytes per wrap and checksum; they must allocate nothing");
                }));
            }
        }
        return tests.stream();
    }

    @Test
    void theMeasureSeesTheStringAGetterMakes() {
        double perCall = bytesPerRead(SmppSamples.SUBMIT_SM, Buffers.POOLED_HEAP, true);
        // source_addr "WireBench": a String and its array of 9 octets, over 40 bytes on any JVM
        assertTrue(perCall >= 40.0, "a String per call measured as " + perCall + " bytes");
    }

    private double bytesPerRead(Pdu pdu, Buffers buffers, boolean stringToo) {
        byte[] wire = Wire.encode(pdu);
        ByteBuf buf = buffers.allocate(wire.length).writeBytes(wire);
        try {
            long expected = PduChecksum.of(pdu);
            double perCall = AllocationMeter.bytesPerCall(() -> {
                // the checksum is compared, so the JIT cannot drop the reading
                assertEquals(expected, PduChecksum.of(flyweight.wrap(buf, 0, wire.length)));
                if (stringToo) {
                    sink = flyweight.sourceAddr();
                }
            });
            System.out.printf("%s (%d octets) in %s%s: %.3f B/call over %d reads%n", pdu.getClass().getSimpleName(),
                    wire.length, buffers, stringToo ? " with source_addr as a String" : "", perCall, AllocationMeter.MEASURED);
            return perCall;
        } finally {
            buf.release();
        }
    }

    private static int tlvCount(Pdu pdu) {
        return pdu instanceof SubmitSm s ? s.body().tlvs().size() : ((DeliverSm) pdu).body().tlvs().size();
    }
}
