package dev.wirebench.fix.artio;

import org.agrona.DirectBuffer;

/** The FIX text of a message in an Artio buffer, for {@code --history} only. */
final class WireText {

    private WireText() {
    }

    /** Appends {@code length} bytes of {@code buffer} from {@code offset} as ASCII, SOH and all. */
    static void append(DirectBuffer buffer, int offset, int length, StringBuilder out) {
        for (int i = 0; i < length; i++) {
            out.append((char) (buffer.getByte(offset + i) & 0xff));
        }
    }
}
