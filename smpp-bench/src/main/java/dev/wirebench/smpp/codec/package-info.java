/**
 * The SMPP 3.4 codec on Netty {@code ByteBuf}: {@link dev.wirebench.smpp.codec.SmppCodec} (its tier,
 * limits and leniencies are in its class comment), {@link dev.wirebench.smpp.codec.MessageFlyweight},
 * which reads a submit_sm or deliver_sm in place without allocating after the very checks decode makes,
 * and {@link dev.wirebench.smpp.codec.SmppDecodeException}, which carries the status, sequence number and
 * framing verdict a server answers a bad PDU with.
 */
package dev.wirebench.smpp.codec;
