package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.pdu.MessageBody;
import io.netty.buffer.ByteBuf;

import java.nio.charset.StandardCharsets;

/**
 * What a delivery receipt takes from the submit_sm it reports on, copied out of the PDU so the receipt can
 * go after the frame is released: both addresses with their ton and npi, and the first octets of the
 * message as printable text. Reused from message to message (the copy allocates nothing); the Strings
 * are made only when a receipt is built.
 */
final class ReceiptFields {

    /** Octets of the message the receipt text quotes. */
    static final int QUOTED = 20;

    private final byte[] sourceAddr = new byte[MessageBody.ADDR_OCTETS - 1];
    private final byte[] destinationAddr = new byte[MessageBody.ADDR_OCTETS - 1];
    private final byte[] quote = new byte[QUOTED];
    private int sourceAddrTon;
    private int sourceAddrNpi;
    private int sourceAddrLength;
    private int destAddrTon;
    private int destAddrNpi;
    private int destinationAddrLength;
    private int quoteLength;

    /** Copies from a decoded submit_sm. */
    void copy(MessageBody submitted) {
        sourceAddrTon = submitted.sourceAddrTon();
        sourceAddrNpi = submitted.sourceAddrNpi();
        sourceAddrLength = ascii(submitted.sourceAddr(), sourceAddr);
        destAddrTon = submitted.destAddrTon();
        destAddrNpi = submitted.destAddrNpi();
        destinationAddrLength = ascii(submitted.destinationAddr(), destinationAddr);
        quoteLength = Math.min(QUOTED, submitted.smLength());
        submitted.copyShortMessage(0, quote, 0, quoteLength);
        printable();
    }

    /** Copies from a submit_sm read in place: the flyweight's buffer may be released afterwards. */
    void copy(MessageFlyweight submitted) {
        ByteBuf buffer = submitted.buffer();
        sourceAddrTon = submitted.sourceAddrTon();
        sourceAddrNpi = submitted.sourceAddrNpi();
        sourceAddrLength = submitted.sourceAddrLength();
        buffer.getBytes(submitted.sourceAddrOffset(), sourceAddr, 0, sourceAddrLength);
        destAddrTon = submitted.destAddrTon();
        destAddrNpi = submitted.destAddrNpi();
        destinationAddrLength = submitted.destinationAddrLength();
        buffer.getBytes(submitted.destinationAddrOffset(), destinationAddr, 0, destinationAddrLength);
        quoteLength = Math.min(QUOTED, submitted.smLength());
        buffer.getBytes(submitted.shortMessageOffset(), quote, 0, quoteLength);
        printable();
    }

    int sourceAddrTon() {
        return sourceAddrTon;
    }

    int sourceAddrNpi() {
        return sourceAddrNpi;
    }

    String sourceAddr() {
        return new String(sourceAddr, 0, sourceAddrLength, StandardCharsets.US_ASCII);
    }

    int destAddrTon() {
        return destAddrTon;
    }

    int destAddrNpi() {
        return destAddrNpi;
    }

    String destinationAddr() {
        return new String(destinationAddr, 0, destinationAddrLength, StandardCharsets.US_ASCII);
    }

    /** The message's first octets, each outside printable ASCII as '.': the receipt is text whatever the coding. */
    String quote() {
        return new String(quote, 0, quoteLength, StandardCharsets.US_ASCII);
    }

    private void printable() {
        for (int i = 0; i < quoteLength; i++) {
            int c = quote[i] & 0xFF;
            if (c < 0x20 || c >= 0x7F) {
                quote[i] = '.';
            }
        }
    }

    /** An address (ASCII, at most 20 characters: the record checked it) into {@code to}; its length. */
    private static int ascii(String address, byte[] to) {
        for (int i = 0; i < address.length(); i++) {
            to[i] = (byte) address.charAt(i);
        }
        return address.length();
    }
}
