package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.pdu.Pdu;

/** A peer that hands every call to another, so a test can make one method of a real peer go wrong. */
class ForwardingPeer implements PduCodecPeer {

    final PduCodecPeer delegate;

    ForwardingPeer(PduCodecPeer delegate) {
        this.delegate = delegate;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    @Override
    public Pdu sample() {
        return delegate.sample();
    }

    @Override
    public int encode() {
        return delegate.encode();
    }

    @Override
    public long decode() {
        return delegate.decode();
    }

    @Override
    public long traverse() {
        return delegate.traverse();
    }

    @Override
    public long roundTrip() {
        return delegate.roundTrip();
    }

    @Override
    public byte[] encoded() {
        return delegate.encoded();
    }

    @Override
    public Pdu toModel(byte[] wire) {
        return delegate.toModel(wire);
    }

    @Override
    public void close() {
        delegate.close();
    }
}
