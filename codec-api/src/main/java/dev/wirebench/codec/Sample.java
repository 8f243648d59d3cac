package dev.wirebench.codec;

/**
 * A named fixture.
 *
 * @param name    what the fixture exercises, e.g. {@code reference}, {@code unicode}, {@code extremes}
 * @param message the message
 * @param <T>     the canonical message record
 */
public record Sample<T>(String name, T message) {
}
