package dev.wirebench.codecs.jdk;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.function.UnaryOperator;

/** Streams written with a plain {@code ObjectOutputStream}, as a sender that is not the codec would. */
final class Streams {

    private Streams() {
    }

    static byte[] serialize(Object object) {
        return serialize(object, UnaryOperator.identity());
    }

    /**
     * Serialises {@code object}, replacing every object written (strings and enum constants
     * included) by what {@code replace} returns for it: how a test builds a stream no record could
     * produce, such as a map that holds itself.
     */
    static byte[] serialize(Object object, UnaryOperator<Object> replace) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new Replacing(bytes, replace)) {
            out.writeObject(object);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static final class Replacing extends ObjectOutputStream {

        private final UnaryOperator<Object> replace;

        Replacing(ByteArrayOutputStream out, UnaryOperator<Object> replace) throws IOException {
            super(out);
            this.replace = replace;
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return replace.apply(obj);
        }
    }
}
