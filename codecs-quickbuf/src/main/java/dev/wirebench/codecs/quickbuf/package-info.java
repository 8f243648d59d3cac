/**
 * QuickBuffers codecs for the canonical wirebench messages, written against the classes that
 * {@code protoc-gen-quickbuf} generates at build time from the {@code schemas/proto/*.proto} that
 * codecs-protobuf compiles too, into {@code dev.wirebench.codecs.quickbuf.generated}. The wire is
 * protobuf's; see the module README for the generator options, the mapping and the tier.
 */
package dev.wirebench.codecs.quickbuf;
