package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Cuts the byte stream into PDUs by command_length ({@link SmppCodec#frameLength}) and decodes each one,
 * passing on a {@code Pdu}, or a {@link DecodeFailure} for one the codec rejects. A frame whose
 * command_length is sound but whose body is not is skipped, so the session can answer it and go on; a
 * command_length under 16 or over the cap is reported once, and everything after it is discarded
 * unread, since the stream can no longer be framed.
 *
 * <p>A length over the cap is rejected as soon as its four octets arrive, so the decoder never waits
 * for (or holds) more than one frame of at most the cap plus what one socket read brought in.
 * {@link #maxBuffered()} says the most it held. One per channel.
 *
 * <p>Built {@linkplain #PduFrameDecoder(int, boolean) with messages in place}, it passes each submit_sm and
 * deliver_sm on undecoded, as its whole frame: a retained slice of the bytes read, exactly command_length
 * octets (checked against the cap, nothing else), for a {@link MessageFlyweight} to read and check. The
 * handler must release each such frame, whether it reads it or not.
 */
public final class PduFrameDecoder extends ByteToMessageDecoder {

    private final SmppCodec codec;
    private final boolean messagesInPlace;
    private boolean broken;
    private int maxBuffered;

    /** A decoder of PDUs of at most {@code maxCommandLength} octets. */
    public PduFrameDecoder(int maxCommandLength) {
        this(maxCommandLength, false);
    }

    /**
     * A decoder of PDUs of at most {@code maxCommandLength} octets that passes the frames of submit_sm and
     * deliver_sm ({@link MessageFlyweight#reads}) on as retained {@code ByteBuf} slices if
     * {@code messagesInPlace}, else decodes them too.
     */
    public PduFrameDecoder(int maxCommandLength, boolean messagesInPlace) {
        this.codec = new SmppCodec(maxCommandLength);
        this.messagesInPlace = messagesInPlace;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int readable = in.readableBytes();
        if (readable > maxBuffered) {
            maxBuffered = readable;
        }
        if (broken) {
            in.skipBytes(readable);
            return;
        }
        int length;
        try {
            length = SmppCodec.frameLength(in, codec.maxCommandLength());
        } catch (SmppDecodeException e) {
            broken = true;
            in.skipBytes(readable);
            out.add(DecodeFailure.of(e));
            return;
        }
        if (length < 0 || readable < length) {
            return;
        }
        if (messagesInPlace && MessageFlyweight.reads(in.getInt(in.readerIndex() + 4))) {
            // the slice shares the read buffer's memory and count: the handler's release gives it back
            out.add(in.readRetainedSlice(length));
            return;
        }
        try {
            out.add(codec.decode(in));
        } catch (SmppDecodeException e) {
            // framing holds (frameLength accepted the length): skip this PDU, keep the next
            in.skipBytes(length);
            out.add(DecodeFailure.of(e));
        }
    }

    /** The most octets this decoder held at once: a partial frame plus the latest socket read. */
    public int maxBuffered() {
        return maxBuffered;
    }
}
