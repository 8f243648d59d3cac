package dev.wirebench.smpp.codec;

import dev.wirebench.smpp.pdu.Pdu;
import io.netty.buffer.Unpooled;

import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * The hostile inputs every reader of this package is fed, each with a description for the failure
 * message: every proper prefix of a PDU's wire bytes, and seeded corruptions of them. Shared by
 * {@code SmppDecodeRobustnessTest} (decode against any bytes) and {@code MessageFlyweightConformanceTest}
 * (the flyweight against decode on the same bytes).
 */
final class HostileInputs {

    private HostileInputs() {
    }

    /** Every proper prefix of every PDU's wire bytes, command_length left as the whole PDU's. */
    static void forEveryTruncation(Collection<? extends Pdu> pdus, BiConsumer<byte[], String> check) {
        for (Pdu pdu : pdus) {
            byte[] wire = Wire.encode(pdu);
            for (int length = 0; length < wire.length; length++) {
                check.accept(Arrays.copyOf(wire, length), pdu + " cut to " + length);
            }
        }
    }

    /**
     * Every proper prefix of at least 4 octets of every PDU's wire bytes, with command_length set to the
     * prefix's length: the header passes, and the body's reader meets the end at every place it can.
     */
    static void forEveryTruncationThatSaysSo(Collection<? extends Pdu> pdus, BiConsumer<byte[], String> check) {
        forEveryTruncation(pdus, (cut, what) -> {
            if (cut.length >= 4) {
                Unpooled.wrappedBuffer(cut).setInt(0, cut.length);
                check.accept(cut, what + ", command_length too");
            }
        });
    }

    /**
     * {@code count} corruptions from {@code seed}: each the wire bytes of a source picked at random with
     * one to four octets overwritten at random; in every other one command_length is then set right, so
     * that the body's reader takes the blows.
     */
    static void forEachCorruption(List<? extends Pdu> sources, long seed, int count, BiConsumer<byte[], String> check) {
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = 0; i < count; i++) {
            Pdu source = sources.get(random.nextInt(sources.size()));
            byte[] wire = Wire.encode(source);
            int flips = 1 + random.nextInt(4);
            for (int f = 0; f < flips; f++) {
                wire[random.nextInt(wire.length)] = (byte) random.nextInt(0x100);
            }
            if (i % 2 == 0) {
                Unpooled.wrappedBuffer(wire).setInt(0, wire.length);
            }
            check.accept(wire, "corruption " + i + " of " + source);
        }
    }
}
