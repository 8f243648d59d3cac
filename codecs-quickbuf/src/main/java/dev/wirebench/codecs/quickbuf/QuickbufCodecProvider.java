package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The QuickBuffers codecs: protobuf binary ({@code quickbuf/market-data}, {@code quickbuf/user},
 * {@code quickbuf/order}, {@code quickbuf/infra-execution}) and QuickBuffers' JSON
 * ({@code quickbuf-json/...}). Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 *
 * <p>All claim {@code measurement} only. {@code quickbuf} passes the kit's hostile-input checks, but a
 * string header that declares a length of 2 GiB makes QuickBuffers allocate the string's array
 * before it checks the bytes left, and the read ends in {@code OutOfMemoryError}. {@code quickbuf-json}
 * passes them too, but its number parser recurses once per leading minus sign: a price of 10,000 of
 * them ends in {@code StackOverflowError}. The README gives the bytes.
 */
public final class QuickbufCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(
                QuickbufCodec.marketData(new BinaryWire()), QuickbufCodec.user(new BinaryWire()),
                QuickbufCodec.order(new BinaryWire()), QuickbufCodec.infrastructureExecution(new BinaryWire()),
                QuickbufCodec.marketData(new JsonWire()), QuickbufCodec.user(new JsonWire()),
                QuickbufCodec.order(new JsonWire()), QuickbufCodec.infrastructureExecution(new JsonWire()));
    }

    @Override
    public Set<String> formats() {
        return Set.of(BinaryWire.FORMAT, JsonWire.FORMAT);
    }
}
