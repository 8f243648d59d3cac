/**
 * The Netty pipeline pieces the SMSC ({@code dev.wirebench.smpp.server}) and the ESME
 * ({@code dev.wirebench.smpp.client}) share: {@link dev.wirebench.smpp.transport.PduFrameDecoder}
 * (framing through {@code SmppCodec.frameLength}, then decoding, or passing
 * submit_sm and deliver_sm on as frames for {@code MessageFlyweight}), {@link dev.wirebench.smpp.transport.PduEncoder},
 * {@link dev.wirebench.smpp.transport.DecodeFailure} for what could not be read,
 * {@link dev.wirebench.smpp.transport.Responses} (the error answer to any request) and
 * {@link dev.wirebench.smpp.transport.EventLoops}.
 */
package dev.wirebench.smpp.transport;
