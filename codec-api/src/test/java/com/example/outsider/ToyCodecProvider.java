package com.example.outsider;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;

/** Offers the toy codec; the registry test loads it through ServiceLoader. */
public class ToyCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(new ToyUserCodec());
    }
}
