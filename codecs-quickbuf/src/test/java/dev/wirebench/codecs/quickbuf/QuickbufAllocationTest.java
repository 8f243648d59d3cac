package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.kit.ZeroAllocationContract;

import java.util.List;

/**
 * What the README claims of {@code quickbuf}, held by the kit: once warm, encode (the reused message
 * filled from the record, then written) and traverse (parsed into the reused message, hashed from its
 * getters and its strings' bytes) allocate nothing, heap and direct.
 */
class QuickbufAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return () -> only(BinaryWire.FORMAT);
    }

    static List<MessageCodec<?>> only(String format) {
        return new QuickbufCodecProvider().codecs().stream().filter(c -> c.format().equals(format)).toList();
    }
}
