package dev.wirebench.codecs.flatbuffers;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The FlatBuffers codecs: one per canonical message, format {@code flatbuffers}, tables generated
 * by flatc from {@code schemas/flatbuffers/*.fbs}, and the same with the checks for hostile input,
 * {@code flatbuffers+guarded}. Registered in {@code META-INF/services}.
 */
public final class FlatBuffersCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new FlatBuffersMarketDataCodec(), new FlatBuffersUserCodec(), new FlatBuffersOrderCodec(),
                new FlatBuffersInfrastructureExecutionCodec(),
                new FlatBuffersMarketDataCodec(true), new FlatBuffersUserCodec(true), new FlatBuffersOrderCodec(true),
                new FlatBuffersInfrastructureExecutionCodec(true));
    }

    @Override
    public Set<String> formats() {
        return Set.of(FlatBuffersCodec.FORMAT, FlatBuffersCodec.GUARDED_FORMAT);
    }
}
