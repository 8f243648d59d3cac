/**
 * The Artio FIX engine ({@link dev.wirebench.fix.artio.ArtioEngine}): Artio 0.175 embedded per side
 * (media driver, engine, one library), with FIX 4.4 codecs generated at build time into
 * {@code dev.wirebench.fix.artio.codecs}.
 */
package dev.wirebench.fix.artio;
