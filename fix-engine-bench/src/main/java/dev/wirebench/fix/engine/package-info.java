/**
 * The FIX engine SPI: a {@link dev.wirebench.fix.engine.FixEngine} is a server side and a client side
 * playing the same ping-pong ({@link dev.wirebench.fix.engine.PingPong}), so the driver can time any
 * engine the same way.
 */
package dev.wirebench.fix.engine;
