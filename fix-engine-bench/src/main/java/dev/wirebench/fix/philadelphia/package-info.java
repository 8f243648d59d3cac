/**
 * The Philadelphia FIX engine ({@link dev.wirebench.fix.philadelphia.PhiladelphiaEngine}): Philadelphia 2.0.0
 * over blocking SocketChannels with a receiving thread per connection.
 */
package dev.wirebench.fix.philadelphia;
