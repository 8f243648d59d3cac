package dev.wirebench.smpp.peer;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Tlv;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.PooledByteBufAllocator;
import io.netty.buffer.Unpooled;

/**
 * This project's {@link SmppCodec}: the record is the library's object, encode writes into one pooled
 * heap buffer cleared per call (allocating nothing), decode reads a pooled heap buffer holding the wire
 * bytes from its start. traverse reads those bytes in place through a {@link MessageFlyweight} (allocating
 * nothing) for submit_sm and deliver_sm; for the bind and enquire_link, which have no flyweight, it is the
 * decode. Both buffers are released by {@link #close()}.
 */
final class WirebenchPeer implements PduCodecPeer {

    private final SmppCodec codec = new SmppCodec();
    private final MessageFlyweight flyweight = new MessageFlyweight();
    private final boolean flyweightReads;
    private final Pdu sample;
    // what was allocated, released at close, and the buffers worked on (see unwrapped)
    private final ByteBuf outAllocated;
    private final ByteBuf wireAllocated;
    private final ByteBuf out;
    private final ByteBuf wire;
    // the records hand out copies of their octets; the checksum reads them through this instead
    private final byte[] scratch = new byte[Tlv.MAX_LENGTH];

    WirebenchPeer(Pdu sample, byte[] wireBytes) {
        this.sample = sample;
        this.flyweightReads = MessageFlyweight.reads(sample.commandId());
        // room for the PDU from the start: a buffer that grows while measured would allocate
        outAllocated = PooledByteBufAllocator.DEFAULT.heapBuffer(2 * wireBytes.length);
        wireAllocated = PooledByteBufAllocator.DEFAULT.heapBuffer(wireBytes.length);
        out = unwrapped(outAllocated);
        wire = unwrapped(wireAllocated);
        wire.writeBytes(wireBytes);
    }

    /**
     * Netty's leak detector wraps one pooled buffer in 128 in a tracking buffer that forwards every
     * call: the trial that drew one would measure the wrapper too. Work on the pooled buffer itself.
     */
    private static ByteBuf unwrapped(ByteBuf allocated) {
        ByteBuf inner = allocated.unwrap();
        return inner != null ? inner : allocated;
    }

    @Override
    public String name() {
        return "wirebench";
    }

    @Override
    public Pdu sample() {
        return sample;
    }

    @Override
    public int encode() {
        out.clear();
        return codec.encode(sample, out);
    }

    @Override
    public long decode() {
        wire.readerIndex(0);
        return PduChecksum.of(codec.decode(wire), scratch);
    }

    @Override
    public long traverse() {
        if (flyweightReads) {
            // the same octets decode reads, checked as decode checks them, every field folded from the buffer
            return PduChecksum.of(flyweight.wrap(wire, 0, wire.writerIndex()));
        }
        // no flyweight for this PDU: the full read there is, the decode
        return decode();
    }

    @Override
    public long roundTrip() {
        out.clear();
        codec.encode(sample, out);
        return PduChecksum.of(codec.decode(out), scratch);
    }

    @Override
    public byte[] encoded() {
        return ByteBufUtil.getBytes(out, 0, out.writerIndex());
    }

    @Override
    public Pdu toModel(byte[] wireBytes) {
        return codec.decode(Unpooled.wrappedBuffer(wireBytes));
    }

    @Override
    public void close() {
        outAllocated.release();
        wireAllocated.release();
    }
}
