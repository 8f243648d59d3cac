/**
 * Colfer codecs for the canonical wirebench messages, written against the structs that the colf
 * compiler generates at build time from {@code schemas/colfer/*.colf} into
 * {@code dev.wirebench.codecs.colfer.generated}. See the module README for the schema decisions and tier.
 */
package dev.wirebench.codecs.colfer;
