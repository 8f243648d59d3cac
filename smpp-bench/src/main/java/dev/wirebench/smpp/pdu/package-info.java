/**
 * SMPP 3.4 PDUs as immutable records with value equality: {@link dev.wirebench.smpp.pdu.Bind} and
 * {@link dev.wirebench.smpp.pdu.BindResp} (the three bind types by {@link dev.wirebench.smpp.pdu.BindType}),
 * {@link dev.wirebench.smpp.pdu.SubmitSm} and {@link dev.wirebench.smpp.pdu.DeliverSm} around their
 * shared {@link dev.wirebench.smpp.pdu.MessageBody}, their responses, unbind, enquire_link and
 * generic_nack, all {@link dev.wirebench.smpp.pdu.Pdu}s. Optional parameters are ordered lists of
 * {@link dev.wirebench.smpp.pdu.Tlv}, unknown tags kept as they came.
 *
 * <p>A record refuses, with an {@code IllegalArgumentException} naming the field as the spec does, any
 * value the wire cannot carry: a C-Octet String longer than its field allows or not ASCII, an Integer
 * outside its octets, a short_message over 254 octets, a time that is neither NULL nor 16 characters,
 * a known TLV of the wrong length. Records holding octets copy them in and out.
 * {@link dev.wirebench.smpp.pdu.SmppSamples} has the fixtures and seeded random PDUs.
 */
package dev.wirebench.smpp.pdu;
