package dev.wirebench.fix.codec;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The FIX tag=value codecs of the canonical {@code Order} as a NewOrderSingle: {@code fix-quickfixj/order}
 * and {@code fix-philadelphia/order}. Registered in {@code META-INF/services}.
 */
public final class FixCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new QuickFixJOrderCodec(), new PhiladelphiaOrderCodec());
    }

    @Override
    public Set<String> formats() {
        return Set.of(QuickFixJOrderCodec.FORMAT, PhiladelphiaOrderCodec.FORMAT);
    }
}
