package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The submit_sm_resp written straight into a buffer is, octet for octet, what the codec writes for the record. */
class SubmitSmRespsTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 1, 9, 10, 15, 16, 255, 256, 0xABCDEF, 0x123456789L, Long.MAX_VALUE, -1})
    void writesTheOctetsTheCodecWritesForTheMessageIdInHex(long messageId) {
        ByteBuf expected = Unpooled.buffer();
        new SmppCodec().encode(new SubmitSmResp(CommandStatus.ESME_ROK, 0x7FFFFFFF, Long.toHexString(messageId)), expected);
        ByteBuf written = Unpooled.buffer(1);
        written.writeByte(0xEE);
        int length = SubmitSmResps.write(written, 0x7FFFFFFF, messageId);
        assertEquals(expected.readableBytes(), length);
        assertTrue(length <= SubmitSmResps.MAX_LENGTH);
        assertEquals(0xEE, written.readUnsignedByte(), "it writes at writerIndex, after what is there");
        assertArrayEquals(ByteBufUtil.getBytes(expected), ByteBufUtil.getBytes(written));
    }
}
