package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.Pdu;

/**
 * One SMPP codec library bound to one sample PDU, doing what {@code PduCodecBenchmark} measures with
 * the library's own API: encode the sample, decode its wire bytes, read every field of them by the
 * cheapest full read the library has, or encode and decode. An instance is made by
 * {@link PduCodecPeers#create}, holds the sample as the library's own object (built once, from the
 * {@code SmppSamples} record), and is checked by {@link PeerCheck} before anything is measured.
 *
 * <p>Obligations of an implementation:
 * <ul>
 *   <li>{@link #encode()} must write the whole PDU every call, reusing whatever the library lets a
 *       real user reuse, and keep the result reachable (in a field) until the next call, so the JIT
 *       cannot drop the work; it returns the octets written.</li>
 *   <li>{@link #decode()} must decode the wire bytes given at construction into the library's own
 *       object, every call, and read every field of it into {@link PduChecksum}, the same fold for
 *       every library; it returns that checksum, which must equal {@link PduChecksum#of} of the sample.</li>
 *   <li>{@link #traverse()} must read every field of the same wire bytes, every call, through the
 *       cheapest read the library offers that still reads each of them in full, and fold them into
 *       {@link PduChecksum} as decode does, returning the same checksum. Where the library reads a PDU
 *       in place without building objects (this project's {@code MessageFlyweight}, for submit_sm and
 *       deliver_sm), that; where it has no such read (jSMPP and cloudhopper read a PDU only by building
 *       their object; this project's bind and enquire_link have no flyweight), exactly what
 *       {@code decode} does, so the two measure the same work, and the implementation says so.</li>
 *   <li>{@link #roundTrip()} must do what {@code encode} does, then decode those very bytes as
 *       {@code decode} does, and return the checksum.</li>
 *   <li>None of the four may build the library's object from the record, or copy the wire bytes,
 *       per call: that is setup, done once.</li>
 *   <li>{@link #encoded()} and {@link #toModel} serve the checks only and may allocate freely.</li>
 * </ul>
 * An instance is not thread-safe: one per benchmark thread.
 */
public interface PduCodecPeer extends AutoCloseable {

    /** The library: {@code wirebench}, {@code jsmpp} or {@code cloudhopper}. */
    String name();

    /** The sample this peer encodes, as the record it was built from. */
    Pdu sample();

    /** Encodes the sample; returns the octets written. */
    int encode();

    /** Decodes the sample's wire bytes and reads every field; returns their {@link PduChecksum}. */
    long decode();

    /**
     * Reads every field of the sample's wire bytes by the cheapest full read the library has (in place where
     * it can, else its decode); returns their {@link PduChecksum}, which must equal {@link #decode()}'s.
     */
    long traverse();

    /** Encodes the sample and decodes what was written; returns the {@link PduChecksum} of the fields read. */
    long roundTrip();

    /** A copy of the octets the last {@link #encode()} wrote. */
    byte[] encoded();

    /** Decodes {@code wire} (one whole PDU) with the library and converts its object to the record. */
    Pdu toModel(byte[] wire);

    /** Releases what the peer holds (pooled buffers); the peer is not used afterwards. */
    @Override
    void close();
}
