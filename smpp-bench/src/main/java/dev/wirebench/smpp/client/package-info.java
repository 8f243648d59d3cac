/**
 * The ESME: {@link dev.wirebench.smpp.client.Esme}, an SMPP 3.4 client on Netty with windowed
 * submit_sm matched by sequence_number, per-request timeouts and enquire_link keep-alive, configured by
 * {@link dev.wirebench.smpp.client.EsmeConfig}.
 */
package dev.wirebench.smpp.client;
