package dev.wirebench.smpp.pdu;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded random PDUs for {@link SmppSamples#random}. About one value in four is an edge: NULL or
 * longest strings, 0 or 255 octets, 0, 1, 0x7FFFFFFF, 0x80000000 or 0xFFFFFFFF sequence numbers, empty
 * or 254-octet short messages.
 */
final class RandomPdus {

    private static final int[] EDGE_SEQUENCE_NUMBERS = {0, 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF};
    private static final int[] STATUSES = {CommandStatus.ESME_RINVMSGLEN, CommandStatus.ESME_RINVCMDLEN,
        CommandStatus.ESME_RSYSERR, CommandStatus.ESME_RINVPASWD, CommandStatus.ESME_RTHROTTLED,
        CommandStatus.ESME_RINVOPTPARSTREAM, 0x00000400, 0xFFFFFFFF};
    /** Tags the spec does not name; 0x1400 to 0x3FFF are vendor-specific. */
    private static final short[] UNKNOWN_TAGS = {0x1400, 0x1501, 0x3FFF, 0x0005, (short) 0xFFFF};
    private static final String TIME_SIGNS = "+-R";
    private static final int KINDS = 11;

    private final SplittableRandom random;
    private int kind;

    RandomPdus(long seed) {
        random = new SplittableRandom(seed);
    }

    List<Pdu> next(int count) {
        List<Pdu> pdus = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            pdus.add(next());
        }
        return pdus;
    }

    private Pdu next() {
        BindType type = BindType.values()[random.nextInt(BindType.values().length)];
        switch (kind++ % KINDS) {
            case 0: return new Bind(type, sequenceNumber(), string(Bind.SYSTEM_ID_OCTETS), string(Bind.PASSWORD_OCTETS),
                    string(Bind.SYSTEM_TYPE_OCTETS), octet(), octet(), octet(), string(Bind.ADDRESS_RANGE_OCTETS));
            case 1: return bindResp(type, status(), sequenceNumber(), string(Bind.SYSTEM_ID_OCTETS), bindRespTlvs());
            case 2: return new SubmitSm(sequenceNumber(), body());
            case 3: return submitSmResp(status(), sequenceNumber(), string(SubmitSmResp.MESSAGE_ID_OCTETS));
            case 4: return new DeliverSm(sequenceNumber(), body());
            case 5: return new DeliverSmResp(status(), sequenceNumber());
            case 6: return new Unbind(sequenceNumber());
            case 7: return new UnbindResp(status(), sequenceNumber());
            case 8: return new EnquireLink(sequenceNumber());
            case 9: return new EnquireLinkResp(status(), sequenceNumber());
            default: return new GenericNack(status(), sequenceNumber());
        }
    }

    /** An error response has no body on the wire (SMPP 3.4 4.1.2, 4.4.2), so it gets none here: it round-trips. */
    private static BindResp bindResp(BindType type, int status, int sequenceNumber, String systemId, List<Tlv> tlvs) {
        return status == CommandStatus.ESME_ROK ? new BindResp(type, status, sequenceNumber, systemId, tlvs)
                : new BindResp(type, status, sequenceNumber, "", List.of());
    }

    private static SubmitSmResp submitSmResp(int status, int sequenceNumber, String messageId) {
        return new SubmitSmResp(status, sequenceNumber, status == CommandStatus.ESME_ROK ? messageId : "");
    }

    private MessageBody body() {
        MessageBody.Builder body = MessageBody.builder()
                .serviceType(string(MessageBody.SERVICE_TYPE_OCTETS))
                .source(octet(), octet(), string(MessageBody.ADDR_OCTETS))
                .destination(octet(), octet(), string(MessageBody.ADDR_OCTETS))
                .esmClass(octet())
                .protocolId(octet())
                .priorityFlag(octet())
                .scheduleDeliveryTime(time())
                .validityPeriod(time())
                .registeredDelivery(octet())
                .replaceIfPresentFlag(octet())
                .smDefaultMsgId(octet())
                .tlvs(messageTlvs());
        if (random.nextInt(4) == 0) {
            return body.dataCoding(0x08).shortMessage(ucs2()).build();
        }
        return body.dataCoding(octet()).shortMessage(bytes(MessageBody.MAX_SM_LENGTH)).build();
    }

    private List<Tlv> messageTlvs() {
        List<Tlv> tlvs = new ArrayList<>();
        int count = edge() ? 6 : random.nextInt(4);
        for (int i = 0; i < count; i++) {
            switch (random.nextInt(7)) {
                case 0:
                    tlvs.add(Tlv.ofShort(Tlv.SAR_MSG_REF_NUM, random.nextInt(0x10000)));
                    tlvs.add(Tlv.ofByte(Tlv.SAR_TOTAL_SEGMENTS, octet()));
                    tlvs.add(Tlv.ofByte(Tlv.SAR_SEGMENT_SEQNUM, octet()));
                    break;
                case 1: tlvs.add(Tlv.ofShort(Tlv.USER_MESSAGE_REFERENCE, random.nextInt(0x10000))); break;
                case 2: tlvs.add(new Tlv(Tlv.MESSAGE_PAYLOAD, bytes(300))); break;
                case 3: tlvs.add(Tlv.ofCString(Tlv.RECEIPTED_MESSAGE_ID, string(Tlv.RECEIPTED_MESSAGE_ID_OCTETS))); break;
                case 4: tlvs.add(Tlv.ofByte(Tlv.MESSAGE_STATE, octet())); break;
                case 5: tlvs.add(new Tlv(Tlv.NETWORK_ERROR_CODE, bytesOf(3))); break;
                default: tlvs.add(unknownTlv()); break;
            }
        }
        return tlvs;
    }

    private List<Tlv> bindRespTlvs() {
        switch (random.nextInt(3)) {
            case 0: return List.of();
            case 1: return List.of(Tlv.ofByte(Tlv.SC_INTERFACE_VERSION, octet()));
            default: return List.of(unknownTlv(), Tlv.ofByte(Tlv.SC_INTERFACE_VERSION, octet()), unknownTlv());
        }
    }

    private Tlv unknownTlv() {
        return new Tlv(UNKNOWN_TAGS[random.nextInt(UNKNOWN_TAGS.length)], bytes(20));
    }

    private boolean edge() {
        return random.nextInt(4) == 0;
    }

    private int sequenceNumber() {
        return edge() ? EDGE_SEQUENCE_NUMBERS[random.nextInt(EDGE_SEQUENCE_NUMBERS.length)] : random.nextInt();
    }

    private int status() {
        return random.nextBoolean() ? CommandStatus.ESME_ROK : STATUSES[random.nextInt(STATUSES.length)];
    }

    private int octet() {
        return edge() ? (random.nextBoolean() ? 0 : 0xFF) : random.nextInt(0x100);
    }

    /** A C-Octet String of up to {@code octets} - 1 characters: mostly printable, sometimes any ASCII but NUL. */
    private String string(int octets) {
        int length = edge() ? (random.nextBoolean() ? 0 : octets - 1) : random.nextInt(octets);
        boolean printable = random.nextInt(8) != 0;
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) (printable ? random.nextInt(0x20, 0x7F) : random.nextInt(1, 0x80)));
        }
        return text.toString();
    }

    /** NULL, or an absolute or relative time of 16 characters; the digits need not make a date. */
    private String time() {
        if (random.nextBoolean()) {
            return "";
        }
        StringBuilder time = new StringBuilder(16);
        for (int i = 0; i < 15; i++) {
            time.append((char) random.nextInt('0', '9' + 1));
        }
        return time.append(TIME_SIGNS.charAt(random.nextInt(TIME_SIGNS.length()))).toString();
    }

    /** Up to {@code max} random octets; at the edge, none or {@code max}. */
    private byte[] bytes(int max) {
        return bytesOf(edge() ? (random.nextBoolean() ? 0 : max) : random.nextInt(max + 1));
    }

    private byte[] bytesOf(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) random.nextInt(0x100);
        }
        return bytes;
    }

    /** UCS2 (data_coding 0x08) text: UTF-16BE of Latin, Greek, Cyrillic and CJK characters, up to 127 of them. */
    private byte[] ucs2() {
        int length = edge() ? MessageBody.MAX_SM_LENGTH / 2 : random.nextInt(MessageBody.MAX_SM_LENGTH / 2 + 1);
        int[] bases = {0x41, 0x391, 0x410, 0x4E00};
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append((char) (bases[random.nextInt(bases.length)] + random.nextInt(26)));
        }
        return text.toString().getBytes(StandardCharsets.UTF_16BE);
    }
}
