package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Pdu;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes each {@link Pdu} written to the channel into a buffer from the channel's allocator; buffers
 * (PDUs encoded elsewhere) pass through untouched. One per channel: the codec's scratch is not shared.
 */
public final class PduEncoder extends MessageToByteEncoder<Pdu> {

    private final SmppCodec codec;

    /** An encoder of PDUs of at most {@code maxCommandLength} octets. */
    public PduEncoder(int maxCommandLength) {
        super(Pdu.class);
        this.codec = new SmppCodec(maxCommandLength);
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Pdu pdu, ByteBuf out) {
        codec.encode(pdu, out);
    }
}
