package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.util.List;

/**
 * The codec peers by name and the PDUs they are compared on. Every peer decodes the same wire bytes:
 * the sample as this project's codec writes it (made once here; {@link PeerCheck} proves the other
 * two libraries write the very same octets).
 */
public final class PduCodecPeers {

    /** The libraries, in the order the benchmark lists them. */
    public static final List<String> NAMES = List.of("wirebench", "jsmpp", "cloudhopper");
    /** The PDUs of the benchmark, by the spec's name of their command; each is the {@link SmppSamples} fixture. */
    public static final List<String> PDUS = List.of("submit_sm", "deliver_sm", "bind_transceiver", "enquire_link");

    private PduCodecPeers() {
    }

    /** The {@link SmppSamples} fixture named {@code pdu}, one of {@link #PDUS}. */
    public static Pdu sample(String pdu) {
        if (!PDUS.contains(pdu)) {
            throw new IllegalArgumentException("unknown pdu '" + pdu + "'; use one of " + String.join(", ", PDUS));
        }
        return SmppSamples.fixtures().get(pdu);
    }

    /**
     * The peer {@code name}, one of {@link #NAMES}, holding {@code sample} as its library's object.
     * Close it when done: ours holds pooled buffers.
     */
    public static PduCodecPeer create(String name, Pdu sample) {
        byte[] wire = wireBytes(sample);
        switch (name) {
            case "wirebench":
                return new WirebenchPeer(sample, wire);
            case "jsmpp":
                return new JsmppPeer(sample, wire);
            case "cloudhopper":
                return new CloudhopperPeer(sample, wire);
            default:
                throw new IllegalArgumentException("unknown library '" + name + "'; use one of " + String.join(", ", NAMES));
        }
    }

    /** {@code pdu} as this project's codec writes it. */
    public static byte[] wireBytes(Pdu pdu) {
        ByteBuf buf = Unpooled.buffer();
        new SmppCodec().encode(pdu, buf);
        return ByteBufUtil.getBytes(buf);
    }

    /** The message for a PDU the peers do not cover. */
    static String uncovered(Pdu pdu) {
        return CommandId.name(pdu.commandId()) + " is not a PDU the peers cover; they cover submit_sm, deliver_sm,"
                + " the binds and enquire_link";
    }
}
