/**
 * The raw-TCP baseline engine ({@link dev.wirebench.fix.raw.RawEngine}): pre-encoded FIX bytes over
 * blocking NIO, the physical limit of the ping-pong; and the plain TCP pieces ({@link dev.wirebench.fix.raw.Tcp},
 * {@link dev.wirebench.fix.raw.TcpServer}) the engines that drive their own sockets share.
 */
package dev.wirebench.fix.raw;
