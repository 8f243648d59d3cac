package dev.wirebench.codecs.example;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Utf8;
import dev.wirebench.codec.message.User;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code example/user} codec: a format made up for the template, big-endian fixed fields and strings
 * prefixed by an unsigned 16-bit byte count, in the record's field order:
 * {@code id:i64 username:str email:str age:i32 active:u8 createdAt:i64 roles:u16 str*}.
 *
 * <p>{@link AbstractMessageCodec} does the buffer bookkeeping (the position, the limit, a bounds error turned into
 * a {@code CodecException}); a codec writes three methods against absolute offsets. Reads and writes go through
 * big-endian views of the caller's buffer at absolute indexes, so the buffer's own position and byte order are
 * never touched and nothing is allocated per call; {@link #need} keeps every read inside the message's length.
 * An instance is used by one thread at a time, so its cursor and scratch array are fields.
 */
final class ExampleUserCodec extends AbstractMessageCodec<User> {

    static final String FORMAT = "example";

    private static final VarHandle I64 = MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle I16 = MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);

    /** The buffer being read or written, the next index, the index nothing may reach, and which it is. */
    private ByteBuffer buffer;
    private int at;
    private int end;
    private boolean writing;
    /** UTF-8 of the string being written or read, grown once to the longest seen. */
    private byte[] scratch = new byte[256];

    ExampleUserCodec() {
        super(FORMAT, MessageType.USER);
    }

    @Override
    protected int encode(User user, ByteBuffer dst, int offset, int limit) {
        start(dst, offset, limit, true);
        putLong(user.id());
        putString(user.username());
        putString(user.email());
        need(Integer.BYTES + 1 + Long.BYTES);
        I32.set(buffer, at, user.age());
        buffer.put(at + Integer.BYTES, (byte) (user.active() ? 1 : 0));
        at += Integer.BYTES + 1;
        putLong(user.createdAt());
        List<String> roles = user.roles();
        putCount(roles.size());
        // by index: a for-each would allocate an iterator per call, and ExampleAllocationTest would say so
        for (int i = 0; i < roles.size(); i++) {
            putString(roles.get(i));
        }
        return at - offset;
    }

    @Override
    protected User decode(ByteBuffer src, int offset, int length) {
        start(src, offset, offset + length, false);
        long id = getLong();
        String username = getString();
        String email = getString();
        need(Integer.BYTES);
        int age = (int) I32.get(buffer, at);
        at += Integer.BYTES;
        boolean active = getBoolean();
        long createdAt = getLong();
        int count = getCount();
        // a count the bytes left cannot hold is refused before anything is allocated for it
        if (count > (end - at) / Short.BYTES) {
            throw malformed(count + " roles in the " + (end - at) + " bytes left");
        }
        List<String> roles = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            roles.add(getString());
        }
        return new User(id, username, email, age, active, createdAt, roles);
    }

    /** Every field read in place and hashed as {@link Checksum#of(User)} hashes the record: nothing is built. */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        start(src, offset, offset + length, false);
        long h = Checksum.SEED;
        h = Checksum.mix(h, getLong());
        h = Checksum.mix(h, hashString());
        h = Checksum.mix(h, hashString());
        need(Integer.BYTES);
        h = Checksum.mix(h, (int) I32.get(buffer, at));
        at += Integer.BYTES;
        h = Checksum.mix(h, getBoolean());
        h = Checksum.mix(h, getLong());
        int count = getCount();
        long roles = Checksum.listStart(count);
        for (int i = 0; i < count; i++) {
            roles = Checksum.mix(roles, hashString());
        }
        return Checksum.mix(h, roles);
    }

    private void start(ByteBuffer target, int from, int until, boolean write) {
        buffer = target;
        at = from;
        end = until;
        writing = write;
    }

    /**
     * Room for {@code bytes} more: past the limit a write is a {@link BufferOverflowException}, as
     * {@code MessageCodec.encode} promises, and a read past the message's length is malformed input.
     */
    private void need(int bytes) {
        if (bytes > end - at) {
            if (writing) {
                throw new BufferOverflowException();
            }
            throw malformed("truncated: " + bytes + " bytes wanted at " + at + ", the message ends at " + end);
        }
    }

    private void putLong(long value) {
        need(Long.BYTES);
        I64.set(buffer, at, value);
        at += Long.BYTES;
    }

    private long getLong() {
        need(Long.BYTES);
        long value = (long) I64.get(buffer, at);
        at += Long.BYTES;
        return value;
    }

    private void putCount(int count) {
        if (count > 0xFFFF) {
            throw new IllegalArgumentException(count + " entries do not fit a 16-bit count");
        }
        need(Short.BYTES);
        I16.set(buffer, at, (short) count);
        at += Short.BYTES;
    }

    private int getCount() {
        need(Short.BYTES);
        int count = Short.toUnsignedInt((short) I16.get(buffer, at));
        at += Short.BYTES;
        return count;
    }

    private void putString(String s) {
        int length = Utf8.encodedLength(s);
        if (length > 0xFFFF) {
            throw new IllegalArgumentException("a string of " + length + " UTF-8 bytes does not fit a 16-bit length");
        }
        Utf8.encode(s, scratch(length), 0);
        putCount(length);
        need(length);
        buffer.put(at, scratch, 0, length);
        at += length;
    }

    private String getString() {
        int length = getCount();
        need(length);
        buffer.get(at, scratch(length), 0, length);
        at += length;
        return new String(scratch, 0, length, StandardCharsets.UTF_8);
    }

    private long hashString() {
        int length = getCount();
        need(length);
        long h = Checksum.string(buffer, at, length);
        at += length;
        return h;
    }

    private boolean getBoolean() {
        need(1);
        byte b = buffer.get(at++);
        if (b != 0 && b != 1) {
            throw malformed("a boolean byte of " + b);
        }
        return b == 1;
    }

    private byte[] scratch(int length) {
        if (scratch.length < length) {
            scratch = new byte[Math.max(length, 2 * scratch.length)];
        }
        return scratch;
    }
}
