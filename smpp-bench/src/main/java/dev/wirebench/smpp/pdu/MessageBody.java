package dev.wirebench.smpp.pdu;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The body submit_sm and deliver_sm share (SMPP 3.4 sections 4.4.1 and 4.6.1): the same mandatory
 * fields in the same order, then optional parameters. In a deliver_sm the spec wants
 * schedule_delivery_time, validity_period and replace_if_present_flag NULL; the record carries what
 * it is given, as the codec does.
 *
 * <p>short_message is at most 254 octets (a longer message goes in a {@link Tlv#MESSAGE_PAYLOAD} TLV,
 * with sm_length 0). The record owns it: the constructor copies the array and {@link #shortMessage()}
 * returns a copy; {@link #copyShortMessage} reads it without allocating. Fields are named after the
 * spec's in every error message. {@link #builder()} starts from all-NULL fields.
 *
 * @param tlvs optional parameters in wire order, unknown tags included
 */
public record MessageBody(String serviceType,
                          int sourceAddrTon, int sourceAddrNpi, String sourceAddr,
                          int destAddrTon, int destAddrNpi, String destinationAddr,
                          int esmClass, int protocolId, int priorityFlag,
                          String scheduleDeliveryTime, String validityPeriod,
                          int registeredDelivery, int replaceIfPresentFlag, int dataCoding, int smDefaultMsgId,
                          byte[] shortMessage, List<Tlv> tlvs) {

    public static final int SERVICE_TYPE_OCTETS = 6;
    /** Octets of source_addr and destination_addr with their NUL. */
    public static final int ADDR_OCTETS = 21;
    /** Octets of schedule_delivery_time and validity_period with their NUL, when not NULL. */
    public static final int TIME_OCTETS = Fields.TIME_LENGTH + 1;
    /** The most octets short_message holds; sm_length is one octet and 255 is reserved. */
    public static final int MAX_SM_LENGTH = 254;

    public MessageBody {
        Fields.cString("service_type", serviceType, SERVICE_TYPE_OCTETS);
        Fields.octet("source_addr_ton", sourceAddrTon);
        Fields.octet("source_addr_npi", sourceAddrNpi);
        Fields.cString("source_addr", sourceAddr, ADDR_OCTETS);
        Fields.octet("dest_addr_ton", destAddrTon);
        Fields.octet("dest_addr_npi", destAddrNpi);
        Fields.cString("destination_addr", destinationAddr, ADDR_OCTETS);
        Fields.octet("esm_class", esmClass);
        Fields.octet("protocol_id", protocolId);
        Fields.octet("priority_flag", priorityFlag);
        Fields.time("schedule_delivery_time", scheduleDeliveryTime);
        Fields.time("validity_period", validityPeriod);
        Fields.octet("registered_delivery", registeredDelivery);
        Fields.octet("replace_if_present_flag", replaceIfPresentFlag);
        Fields.octet("data_coding", dataCoding);
        Fields.octet("sm_default_msg_id", smDefaultMsgId);
        Fields.notNull("short_message", shortMessage);
        if (shortMessage.length > MAX_SM_LENGTH) {
            throw new IllegalArgumentException("short_message has " + shortMessage.length + " octets; SMPP 3.4 allows at most "
                    + MAX_SM_LENGTH + " (put a longer message in a message_payload TLV)");
        }
        shortMessage = shortMessage.clone();
        tlvs = Fields.tlvs(tlvs);
    }

    /** A copy of short_message. */
    @Override
    public byte[] shortMessage() {
        return shortMessage.clone();
    }

    /** sm_length: octets in short_message. */
    public int smLength() {
        return shortMessage.length;
    }

    /** Copies {@code length} octets of short_message from {@code from} into {@code dst} at {@code dstIndex}; allocates nothing. */
    public void copyShortMessage(int from, byte[] dst, int dstIndex, int length) {
        System.arraycopy(shortMessage, from, dst, dstIndex, length);
    }

    /** The first optional parameter with this tag. */
    public Optional<Tlv> tlv(short tag) {
        for (int i = 0; i < tlvs.size(); i++) {
            if (tlvs.get(i).tag() == tag) {
                return Optional.of(tlvs.get(i));
            }
        }
        return Optional.empty();
    }

    /** A builder holding this body's fields, to make one that differs in a few. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    /** A builder of a body whose fields are all NULL (0, {@code ""}, no octets, no TLVs). */
    public static Builder builder() {
        return new Builder(null);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MessageBody b
                && serviceType.equals(b.serviceType)
                && sourceAddrTon == b.sourceAddrTon && sourceAddrNpi == b.sourceAddrNpi && sourceAddr.equals(b.sourceAddr)
                && destAddrTon == b.destAddrTon && destAddrNpi == b.destAddrNpi && destinationAddr.equals(b.destinationAddr)
                && esmClass == b.esmClass && protocolId == b.protocolId && priorityFlag == b.priorityFlag
                && scheduleDeliveryTime.equals(b.scheduleDeliveryTime) && validityPeriod.equals(b.validityPeriod)
                && registeredDelivery == b.registeredDelivery && replaceIfPresentFlag == b.replaceIfPresentFlag
                && dataCoding == b.dataCoding && smDefaultMsgId == b.smDefaultMsgId
                && Arrays.equals(shortMessage, b.shortMessage) && tlvs.equals(b.tlvs);
    }

    @Override
    public int hashCode() {
        return 31 * Objects.hash(serviceType, sourceAddrTon, sourceAddrNpi, sourceAddr, destAddrTon, destAddrNpi,
                destinationAddr, esmClass, protocolId, priorityFlag, scheduleDeliveryTime, validityPeriod,
                registeredDelivery, replaceIfPresentFlag, dataCoding, smDefaultMsgId, tlvs)
                + Arrays.hashCode(shortMessage);
    }

    @Override
    public String toString() {
        return "MessageBody[service_type=" + serviceType
                + ", source=" + sourceAddrTon + "/" + sourceAddrNpi + "/" + sourceAddr
                + ", destination=" + destAddrTon + "/" + destAddrNpi + "/" + destinationAddr
                + ", esm_class=" + esmClass + ", protocol_id=" + protocolId + ", priority_flag=" + priorityFlag
                + ", schedule_delivery_time=" + scheduleDeliveryTime + ", validity_period=" + validityPeriod
                + ", registered_delivery=" + registeredDelivery + ", replace_if_present_flag=" + replaceIfPresentFlag
                + ", data_coding=" + dataCoding + ", sm_default_msg_id=" + smDefaultMsgId
                + ", short_message=" + Hex.of(shortMessage) + ", tlvs=" + tlvs + "]";
    }

    /** Collects a body's fields; {@link #build()} validates them. */
    public static final class Builder {
        private String serviceType = "";
        private int sourceAddrTon;
        private int sourceAddrNpi;
        private String sourceAddr = "";
        private int destAddrTon;
        private int destAddrNpi;
        private String destinationAddr = "";
        private int esmClass;
        private int protocolId;
        private int priorityFlag;
        private String scheduleDeliveryTime = "";
        private String validityPeriod = "";
        private int registeredDelivery;
        private int replaceIfPresentFlag;
        private int dataCoding;
        private int smDefaultMsgId;
        private byte[] shortMessage = new byte[0];
        private List<Tlv> tlvs = List.of();

        private Builder(MessageBody from) {
            if (from != null) {
                serviceType = from.serviceType;
                source(from.sourceAddrTon, from.sourceAddrNpi, from.sourceAddr);
                destination(from.destAddrTon, from.destAddrNpi, from.destinationAddr);
                esmClass = from.esmClass;
                protocolId = from.protocolId;
                priorityFlag = from.priorityFlag;
                scheduleDeliveryTime = from.scheduleDeliveryTime;
                validityPeriod = from.validityPeriod;
                registeredDelivery = from.registeredDelivery;
                replaceIfPresentFlag = from.replaceIfPresentFlag;
                dataCoding = from.dataCoding;
                smDefaultMsgId = from.smDefaultMsgId;
                shortMessage = from.shortMessage;
                tlvs = from.tlvs;
            }
        }

        public Builder serviceType(String value) {
            serviceType = value;
            return this;
        }

        /** source_addr_ton, source_addr_npi and source_addr. */
        public Builder source(int ton, int npi, String address) {
            sourceAddrTon = ton;
            sourceAddrNpi = npi;
            sourceAddr = address;
            return this;
        }

        /** dest_addr_ton, dest_addr_npi and destination_addr. */
        public Builder destination(int ton, int npi, String address) {
            destAddrTon = ton;
            destAddrNpi = npi;
            destinationAddr = address;
            return this;
        }

        public Builder esmClass(int value) {
            esmClass = value;
            return this;
        }

        public Builder protocolId(int value) {
            protocolId = value;
            return this;
        }

        public Builder priorityFlag(int value) {
            priorityFlag = value;
            return this;
        }

        public Builder scheduleDeliveryTime(String value) {
            scheduleDeliveryTime = value;
            return this;
        }

        public Builder validityPeriod(String value) {
            validityPeriod = value;
            return this;
        }

        public Builder registeredDelivery(int value) {
            registeredDelivery = value;
            return this;
        }

        public Builder replaceIfPresentFlag(int value) {
            replaceIfPresentFlag = value;
            return this;
        }

        public Builder dataCoding(int value) {
            dataCoding = value;
            return this;
        }

        public Builder smDefaultMsgId(int value) {
            smDefaultMsgId = value;
            return this;
        }

        /** short_message; the body built takes its own copy. */
        public Builder shortMessage(byte[] value) {
            shortMessage = value;
            return this;
        }

        public Builder tlvs(List<Tlv> value) {
            tlvs = value;
            return this;
        }

        public MessageBody build() {
            return new MessageBody(serviceType, sourceAddrTon, sourceAddrNpi, sourceAddr, destAddrTon, destAddrNpi,
                    destinationAddr, esmClass, protocolId, priorityFlag, scheduleDeliveryTime, validityPeriod,
                    registeredDelivery, replaceIfPresentFlag, dataCoding, smDefaultMsgId, shortMessage, tlvs);
        }
    }
}
