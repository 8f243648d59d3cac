/**
 * Hand-written codecs for the canonical wirebench messages, with no format library: fixed-width
 * little-endian fields in record order, length-prefixed UTF-8 strings, size-prefixed lists and
 * maps. They are the speed limit the other codecs are measured against. See the module README for
 * the layout and tier.
 */
package dev.wirebench.codecs.raw;
