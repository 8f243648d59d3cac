/**
 * The SMSC: {@link dev.wirebench.smpp.server.Smsc}, an SMPP 3.4 server on Netty, configured by
 * {@link dev.wirebench.smpp.server.SmscConfig} and observed through {@link dev.wirebench.smpp.server.SmscStats}.
 */
package dev.wirebench.smpp.server;
