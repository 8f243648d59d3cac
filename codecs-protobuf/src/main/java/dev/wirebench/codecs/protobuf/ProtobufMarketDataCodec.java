package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codecs.protobuf.generated.MarketDataProto;

import java.nio.ByteBuffer;

/**
 * {@link MarketData} as protobuf binary, {@code schemas/proto/market_data.proto}.
 *
 * <p>Encode builds a new {@link MarketDataProto} from the record, as a protobuf user does; decode and
 * traverse parse one. Every call allocates: see the module README for the tier.
 */
public final class ProtobufMarketDataCodec extends AbstractMessageCodec<MarketData> {

    public ProtobufMarketDataCodec() {
        super(ProtobufWire.FORMAT, MessageType.MARKET_DATA);
    }

    @Override
    protected int encode(MarketData message, ByteBuffer dst, int offset, int limit) {
        return ProtobufWire.write(MarketDataMapping.toProto(message), dst, offset, limit);
    }

    @Override
    protected MarketData decode(ByteBuffer src, int offset, int length) {
        return MarketDataMapping.toRecord(parse(src, offset, length));
    }

    /** Parses (protobuf-java has no zero-copy reader), then hashes the message's getters; builds no record. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return MarketDataMapping.checksum(parse(src, offset, length));
    }

    private MarketDataProto parse(ByteBuffer src, int offset, int length) {
        return ProtobufWire.parse(MarketDataProto.parser(), src, offset, length, this);
    }
}
