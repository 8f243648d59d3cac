package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertTrue;

class EncodedSizeTest {

    @Test
    void referenceInfrastructureExecutionIsAboutTwoKilobytesLikeThePostgresReference() {
        int size = ProtobufCodec.infrastructureExecution(BinaryWire::new)
                .encode(Samples.reference(MessageType.INFRA_EXECUTION), ByteBuffer.allocate(1 << 16));
        System.out.println("protobuf/infra-execution reference: " + size + " bytes");
        assertTrue(size >= 1_500 && size <= 3_000,
                "the PostgreSQL reference message is ~2 KB as protobuf binary; this one is " + size + " bytes");
    }
}
