package dev.wirebench.smpp.server;

import dev.wirebench.smpp.codec.MessageFlyweight;
import dev.wirebench.smpp.codec.SmppCodec;

/**
 * How the SMSC reads the submit_sm (and any deliver_sm) its clients send; every other PDU is decoded
 * either way. The two behave the same on the wire, the same octets accepted and refused with the same
 * answers, so one run can compare what reading costs: {@link SmscConfig#withReader(SmscReader)}.
 */
public enum SmscReader {

    /**
     * {@link MessageFlyweight} over the frame where it lies in the socket's buffer, allocating nothing;
     * what a receipt needs is copied out before the frame is released. The default.
     */
    FLYWEIGHT,

    /** {@link SmppCodec#decode}: a {@code SubmitSm} record of Strings and arrays per PDU. */
    DECODE
}
