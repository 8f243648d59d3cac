/**
 * Simple Binary Encoding codecs for the canonical wirebench messages, written against flyweights
 * that SbeTool generates at build time from {@code schemas/sbe/wirebench.xml} into
 * {@code dev.wirebench.codecs.sbe.generated}. See the module README for the schema mapping and tier.
 */
package dev.wirebench.codecs.sbe;
