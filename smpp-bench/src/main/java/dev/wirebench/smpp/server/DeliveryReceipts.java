package dev.wirebench.smpp.server;

import dev.wirebench.smpp.pdu.MessageBody;
import dev.wirebench.smpp.pdu.Tlv;

import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Delivery receipts in the form of SMPP 3.4 appendix B: a deliver_sm with esm_class 0x04 from the
 * message's destination back to its source, the receipt text as short_message, and the
 * receipted_message_id and message_state TLVs. Every message is reported delivered at once.
 */
final class DeliveryReceipts {

    /** esm_class of an SMSC delivery receipt. */
    static final int ESM_CLASS_RECEIPT = 0x04;
    /** message_state DELIVERED. */
    static final int DELIVERED = 2;
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyMMddHHmm");

    private DeliveryReceipts() {
    }

    /**
     * Whether this SMSC owes a receipt for a submit_sm with this registered_delivery: bits 0-1 (SMPP 3.4
     * 5.2.17) of 01 ask for one whatever the outcome; 10 for one on failure only, and this SMSC delivers
     * every message, so none; 00 for none, and 11 is reserved.
     */
    static boolean requested(int registeredDelivery) {
        return (registeredDelivery & 0x03) == 1;
    }

    /** The receipt's body for the message {@code messageId}; the session that sends it numbers the deliver_sm. */
    static MessageBody of(ReceiptFields submitted, String messageId) {
        String date = DATE.format(ZonedDateTime.now(ZoneOffset.UTC));
        String text = "id:" + messageId + " sub:001 dlvrd:001 submit date:" + date + " done date:" + date
                + " stat:DELIVRD err:000 text:" + submitted.quote();
        return MessageBody.builder()
                .source(submitted.destAddrTon(), submitted.destAddrNpi(), submitted.destinationAddr())
                .destination(submitted.sourceAddrTon(), submitted.sourceAddrNpi(), submitted.sourceAddr())
                .esmClass(ESM_CLASS_RECEIPT)
                .shortMessage(text.getBytes(StandardCharsets.US_ASCII))
                .tlvs(List.of(Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, messageId), Tlv.ofByte(Tlv.MESSAGE_STATE, DELIVERED)))
                .build();
    }
}
