package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.Pdu;
import io.netty.buffer.Unpooled;

import java.util.Arrays;
import java.util.function.Supplier;

/**
 * What must hold before a peer is measured, each failure a {@link PeerMismatchException} naming the
 * peer, the PDU and the field:
 * <ol>
 *   <li>the peer's encode of the sample, decoded by the peer, is the sample;</li>
 *   <li>the peer's bytes, decoded by this project's codec, are the sample;</li>
 *   <li>this project's bytes, decoded by the peer, are the sample;</li>
 *   <li>the peer writes the very octets this project's codec writes (SMPP 3.4 defines one encoding of
 *       these PDUs, and none of the samples needs a field a library cannot set);</li>
 *   <li>the peer's {@code decode}, {@code traverse} and {@code roundTrip} return {@link PduChecksum#of} the
 *       sample, call after call: they read every field, and read it right.</li>
 * </ol>
 */
public final class PeerCheck {

    private static final int CALLS = 3;

    private PeerCheck() {
    }

    /** Checks every peer of {@link PduCodecPeers#NAMES} on every PDU of {@link PduCodecPeers#PDUS}. */
    public static void verifyAll() {
        for (String name : PduCodecPeers.NAMES) {
            for (String pdu : PduCodecPeers.PDUS) {
                try (PduCodecPeer peer = PduCodecPeers.create(name, PduCodecPeers.sample(pdu))) {
                    verify(peer);
                }
            }
        }
    }

    /** Checks {@code peer} on its own sample. */
    public static void verify(PduCodecPeer peer) {
        Pdu sample = peer.sample();
        String pdu = CommandId.name(sample.commandId());
        byte[] ours = PduCodecPeers.wireBytes(sample);

        int written = peer.encode();
        byte[] theirs = peer.encoded();
        if (written != theirs.length) {
            throw new PeerMismatchException(peer.name(), pdu, "encode returned " + written + " but wrote " + theirs.length + " octets");
        }
        expectSample(peer, pdu, "decode(encode(sample))", () -> peer.toModel(theirs));
        expectSample(peer, pdu, "its bytes decoded by the wirebench codec", () -> new SmppCodec().decode(Unpooled.wrappedBuffer(theirs)));
        expectSample(peer, pdu, "the wirebench codec's bytes decoded by it", () -> peer.toModel(ours));
        if (!Arrays.equals(ours, theirs)) {
            int at = Arrays.mismatch(ours, theirs);
            throw new PeerMismatchException(peer.name(), pdu, "its bytes differ from the wirebench codec's from octet " + at
                    + " (" + octet(theirs, at) + " where wirebench writes " + octet(ours, at) + "; " + theirs.length
                    + " and " + ours.length + " octets), though both decode to the sample");
        }

        long expected = PduChecksum.of(sample);
        for (int call = 1; call <= CALLS; call++) {
            expectChecksum(peer, pdu, "decode", call, expected, peer.decode());
            expectChecksum(peer, pdu, "traverse", call, expected, peer.traverse());
            expectChecksum(peer, pdu, "roundTrip", call, expected, peer.roundTrip());
        }
    }

    private static void expectSample(PduCodecPeer peer, String pdu, String check, Supplier<Pdu> decoding) {
        Pdu decoded;
        try {
            decoded = decoding.get();
        } catch (SmppDecodeException | IllegalArgumentException | IllegalStateException e) {
            throw new PeerMismatchException(peer.name(), pdu, check + " failed: " + e.getMessage());
        }
        String difference = PduDiff.first(peer.sample(), decoded);
        if (difference != null) {
            throw new PeerMismatchException(peer.name(), pdu, check + ": " + difference);
        }
    }

    private static void expectChecksum(PduCodecPeer peer, String pdu, String method, int call, long expected, long actual) {
        if (actual != expected) {
            throw new PeerMismatchException(peer.name(), pdu, String.format("%s (call %d) returned checksum %016x, the"
                    + " sample's is %016x: it skips a field or reads one wrong", method, call, actual, expected));
        }
    }

    private static String octet(byte[] bytes, int index) {
        return index < bytes.length ? String.format("0x%02X", bytes[index] & 0xFF) : "the end";
    }
}
