/**
 * MessagePack codecs for the canonical wirebench messages on msgpack-core: each record packed by hand as a msgpack
 * array of its components, nested records as nested arrays, enums as ordinals, string maps as msgpack maps. See
 * the module README for the layout and tier.
 */
package dev.wirebench.codecs.msgpack;
