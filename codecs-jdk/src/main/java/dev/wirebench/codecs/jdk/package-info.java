/**
 * Java serialization ({@code java.io.ObjectOutputStream}/{@code ObjectInputStream}) of the
 * canonical records: the baseline that every other format is expected to beat. Decoding goes
 * through an {@link java.io.ObjectInputFilter} that admits only the classes of the message being
 * read. See the module README for the tier and the filter.
 */
package dev.wirebench.codecs.jdk;
