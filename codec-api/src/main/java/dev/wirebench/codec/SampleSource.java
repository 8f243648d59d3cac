package dev.wirebench.codec;

import java.util.List;

/** Fixtures and a random generator for one message type; {@link Samples} is the public face. */
interface SampleSource<T> {

    /** Fixed fixtures; the first is the reference message every benchmark uses. */
    List<Sample<T>> fixtures();

    /** A random message; edge values come up often enough that 1,000 draws meet them all. */
    T random(RandomValues random);
}
