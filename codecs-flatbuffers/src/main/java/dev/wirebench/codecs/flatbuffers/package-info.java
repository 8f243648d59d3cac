/**
 * FlatBuffers codecs for the canonical wirebench messages, written against the tables flatc
 * generates at build time from {@code schemas/flatbuffers/*.fbs} into
 * {@code dev.wirebench.codecs.flatbuffers.generated}. See the module README for the schema
 * decisions and tier.
 */
package dev.wirebench.codecs.flatbuffers;
