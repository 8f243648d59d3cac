/**
 * Cap'n Proto codecs for the canonical messages, on the capnproto-java runtime, in two formats
 * that share everything but the framing step: {@code capnp} (the standard stream framing: segment
 * table, then the segments as they are) and {@code capnp-packed} (the same bytes through capnp's
 * zero-byte packing). The structs are generated from {@code schemas/capnp} at build time into
 * {@code dev.wirebench.codecs.capnp.generated}.
 */
package dev.wirebench.codecs.capnp;
