package dev.wirebench.codecs.sbe;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Utf8;
import dev.wirebench.codecs.sbe.generated.GroupSizeEncodingEncoder;
import dev.wirebench.codecs.sbe.generated.MessageHeaderDecoder;
import dev.wirebench.codecs.sbe.generated.MessageHeaderEncoder;
import dev.wirebench.codecs.sbe.generated.VarStringEncodingEncoder;
import org.agrona.concurrent.UnsafeBuffer;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * What every SBE codec of this module shares: one reused {@link UnsafeBuffer} over the caller's
 * bytes, the message header, the UTF-8 scratch array, and the checks that turn bad input into a
 * {@link dev.wirebench.codec.CodecException} saying what was wrong. None of it allocates per call.
 *
 * <p>Relies on Agrona's bounds checks (on unless {@code agrona.disable.bounds.checks} is set):
 * they are what turns a full destination into {@code BufferOverflowException} and a truncated
 * source into {@code CodecException}.
 *
 * @param <T> the canonical message record
 */
abstract class SbeCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "sbe";

    /** The largest string and group the schema can carry (uint16, whose 65535 SBE reserves as null). */
    static final int MAX_STRING_BYTES = VarStringEncodingEncoder.lengthMaxValue();
    static final int MAX_GROUP_ENTRIES = GroupSizeEncodingEncoder.numInGroupMaxValue();

    /** Offset of the message body in the wrapped buffer. */
    static final int BODY = MessageHeaderEncoder.ENCODED_LENGTH;

    private static final int STRING_HEADER = VarStringEncodingEncoder.lengthEncodingLength();

    /** Over the caller's buffer: [offset, limit) for encode, [offset, offset + length) for decode. */
    private final UnsafeBuffer buffer = new UnsafeBuffer();
    final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();

    /**
     * One string's UTF-8 at a time. Utf8.encode writes at most 3 bytes per char, so any string
     * short enough to be accepted fits; it also holds the longest string a wire length can announce.
     */
    final byte[] scratch = new byte[3 * MAX_STRING_BYTES];

    /** The buffer traverse hashes strings from in place, and where the wrapped bytes start in it. */
    private ByteBuffer source;
    private int sourceOffset;

    private final String messageName;
    private final int templateId;
    private final int blockLength;

    SbeCodec(MessageType<T> type, String messageName, int templateId, int blockLength) {
        super(FORMAT, type);
        this.messageName = messageName;
        this.templateId = templateId;
        this.blockLength = blockLength;
    }

    /** Agrona's bounds checks and the header, group and string checks make any bytes a message or a CodecException. */
    @Override
    public final Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    /** Wraps {@code dst[offset, limit)}; the generated {@code wrapAndApplyHeader} writes the header at 0. */
    final UnsafeBuffer wrapForEncode(ByteBuffer dst, int offset, int limit) {
        buffer.wrap(dst, offset, limit - offset);
        return buffer;
    }

    /**
     * Wraps {@code src[offset, offset + length)} and checks the header names this codec's message
     * at the schema version it was generated from; the body starts at {@link #BODY}.
     */
    final UnsafeBuffer wrapForDecode(ByteBuffer src, int offset, int length) {
        if (length < BODY) {
            throw malformed(length + " bytes cannot hold the " + BODY + "-byte SBE message header");
        }
        buffer.wrap(src, offset, length);
        source = src;
        sourceOffset = offset;
        MessageHeaderDecoder header = headerDecoder.wrap(buffer, 0);
        if (header.schemaId() != MessageHeaderDecoder.SCHEMA_ID) {
            throw malformed("schema id " + header.schemaId() + " in the header, expected "
                    + MessageHeaderDecoder.SCHEMA_ID + " (wirebench)");
        }
        if (header.templateId() != templateId) {
            throw malformed("template id " + header.templateId() + " in the header, expected "
                    + templateId + " (" + messageName + ")");
        }
        // one schema version exists: when a second one comes, accept older versions here and
        // read the fields they lack as absent (the SBE extension rules)
        if (header.version() != MessageHeaderDecoder.SCHEMA_VERSION) {
            throw malformed("schema version " + header.version() + " in the header, this codec reads version "
                    + MessageHeaderDecoder.SCHEMA_VERSION);
        }
        if (header.blockLength() != blockLength) {
            throw malformed("block length " + header.blockLength() + " in the header, " + messageName
                    + " has " + blockLength);
        }
        return buffer;
    }

    /** A group whose entries are not the size this schema version gives them is corrupt. */
    final void checkGroup(int actingBlockLength, int blockLength, String group) {
        if (actingBlockLength != blockLength) {
            throw malformed("group " + group + " has entries of " + actingBlockLength + " bytes, expected "
                    + blockLength);
        }
    }

    /** Bytes after the message (or a message longer than its bytes) mean the length or the message is wrong. */
    final void checkEnd(int encodedLength, int length) {
        if (BODY + encodedLength != length) {
            throw malformed(messageName + " ends at byte " + (BODY + encodedLength) + " of " + length);
        }
    }

    /** A BooleanType: 0 or 1. */
    final boolean bool(short raw, String field) {
        if (raw > 1) {
            throw malformed(field + " " + raw + " is not a boolean (0 or 1)");
        }
        return raw == 1;
    }

    /** {@code size} checked to fit a group, for encode. */
    static int groupSize(int size, String group) {
        if (size > MAX_GROUP_ENTRIES) {
            throw new IllegalArgumentException(group + " has " + size + " entries; an SBE group holds at most "
                    + MAX_GROUP_ENTRIES);
        }
        return size;
    }

    /**
     * Encodes {@code s} into {@link #scratch} for the generated {@code putX(byte[], int, int)}: the
     * generated {@code x(String)} would call {@code getBytes} and allocate.
     *
     * @return the number of UTF-8 bytes
     * @throws IllegalArgumentException if they are more than a var-data length can say
     */
    final int utf8(String s, String field) {
        // every char takes at least one byte: a longer string cannot fit, and could overrun scratch
        if (s.length() <= MAX_STRING_BYTES) {
            int n = Utf8.encode(s, scratch, 0);
            if (n <= MAX_STRING_BYTES) {
                return n;
            }
        }
        throw new IllegalArgumentException(field + " needs more than the " + MAX_STRING_BYTES
                + " UTF-8 bytes an SBE var-data field holds");
    }

    /** The string the generated {@code getX(byte[], int, int)} copied into {@link #scratch}. */
    final String string(int length) {
        return length == 0 ? "" : new String(scratch, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * The {@link Checksum#string} hash of a var-data string read in place, without copying.
     * Call as {@code hashString(decoder.limit(), group.skipX())}: Java evaluates arguments left to
     * right, so the limit is the string's header position before skipX moves past it.
     */
    final long hashString(int headerAt, int length) {
        int at = headerAt + STRING_HEADER;
        // skipX only moves the limit: make sure the bytes are inside the message before reading them
        if (at + length > buffer.capacity()) {
            throw malformed("a string of " + length + " bytes at byte " + at + " runs past the end of the "
                    + buffer.capacity() + "-byte message");
        }
        return Checksum.string(source, sourceOffset + at, length);
    }
}
