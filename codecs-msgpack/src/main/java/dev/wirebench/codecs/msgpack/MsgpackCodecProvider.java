package dev.wirebench.codecs.msgpack;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The MessagePack codecs on msgpack-core, records packed and unpacked by hand ({@code msgpack/market-data},
 * {@code msgpack/user}, {@code msgpack/order}, {@code msgpack/infra-execution}), registered in
 * {@code META-INF/services/dev.wirebench.codec.CodecProvider}. Each claims {@code HOSTILE_INPUT}: decode and
 * traverse check array sizes and list sizes against the bytes left as part of reading the layout, and
 * msgpack-core's reads are bounded by the input, so no guard sits on the measured path (see the README).
 */
public final class MsgpackCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new MsgpackMarketDataCodec(), new MsgpackUserCodec(), new MsgpackOrderCodec(),
                new MsgpackInfrastructureExecutionCodec());
    }

    @Override
    public Set<String> formats() {
        return Set.of(MsgpackCodec.FORMAT);
    }
}
