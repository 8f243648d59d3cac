package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSm;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What a receipt takes from a submit_sm is the same read from the record or in place, and stays once the
 * frame's octets are gone; the quote is the first 20 octets, anything unprintable as '.'.
 */
class ReceiptFieldsTest {

    private static final MessageBody ODD = MessageBody.builder()
            .source(0, 0, "")
            .destination(2, 9, "12345678901234567890")
            .shortMessage(new byte[] {'h', 'i', 0x00, 0x7F, (byte) 0xE9, 0x1F, '~'})
            .build();

    @Test
    void readsTheSameFieldsFromTheRecordAndInPlaceAndKeepsThemWhenTheFrameIsOverwritten() {
        for (MessageBody body : List.of(SmppSamples.SUBMIT_SM.body(), ODD, SmppSamples.SUBMIT_SM.body().toBuilder()
                .shortMessage(new byte[0]).build())) {
            ReceiptFields decoded = new ReceiptFields();
            decoded.copy(body);
            ByteBuf frame = Unpooled.buffer();
            new SmppCodec().encode(new SubmitSm(3, body), frame);
            ReceiptFields inPlace = new ReceiptFields();
            inPlace.copy(new MessageFlyweight().wrap(frame, 0, frame.readableBytes()));
            frame.setZero(0, frame.capacity());
            for (ReceiptFields fields : List.of(decoded, inPlace)) {
                assertEquals(body.sourceAddrTon(), fields.sourceAddrTon());
                assertEquals(body.sourceAddrNpi(), fields.sourceAddrNpi());
                assertEquals(body.sourceAddr(), fields.sourceAddr());
                assertEquals(body.destAddrTon(), fields.destAddrTon());
                assertEquals(body.destAddrNpi(), fields.destAddrNpi());
                assertEquals(body.destinationAddr(), fields.destinationAddr());
                assertEquals(quote(body.shortMessage()), fields.quote());
            }
        }
    }

    @Test
    void quotesTheFirstTwentyOctetsWithAnythingUnprintableAsADot() {
        ReceiptFields fields = new ReceiptFields();
        fields.copy(ODD);
        assertEquals("hi....~", fields.quote());
        fields.copy(SmppSamples.SUBMIT_SM.body());
        assertEquals("Your WireBench code ", fields.quote());
    }

    private static String quote(byte[] message) {
        String text = new String(message, 0, Math.min(ReceiptFields.QUOTED, message.length), StandardCharsets.ISO_8859_1);
        return text.replaceAll("[^\\x20-\\x7E]", ".");
    }
}
