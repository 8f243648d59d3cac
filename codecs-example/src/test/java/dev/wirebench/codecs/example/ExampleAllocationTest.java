package dev.wirebench.codecs.example;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.kit.ZeroAllocationContract;

/**
 * What the README claims of allocation, held by the kit: once warm, encode and traverse allocate nothing, in a heap
 * buffer, a heap buffer at an offset and a direct buffer. A format that cannot claim this leaves the test out and
 * says so in its README.
 */
class ExampleAllocationTest extends ZeroAllocationContract {

    @Override
    protected CodecProvider provider() {
        return new ExampleCodecProvider();
    }
}
