/**
 * The SMPP codec peers compared in {@code PduCodecBenchmark}: this project's codec, jSMPP 3.0.2 and
 * cloudhopper ch-smpp 5.0.9, each behind {@link dev.wirebench.smpp.peer.PduCodecPeer} (made by
 * {@link dev.wirebench.smpp.peer.PduCodecPeers}), each decode folding every field into
 * {@link dev.wirebench.smpp.peer.PduChecksum}, and {@link dev.wirebench.smpp.peer.PeerCheck}, which
 * proves all three read and write the same PDUs before anything is measured.
 */
package dev.wirebench.smpp.peer;
