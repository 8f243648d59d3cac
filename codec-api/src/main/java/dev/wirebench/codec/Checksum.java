package dev.wirebench.codec;

import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

/**
 * A 64-bit hash of every field value of a canonical message, computable both from the record
 * ({@link #of(MarketData)} and friends) and straight from wire bytes (a codec's
 * {@link MessageCodec#traverse}). Equal checksums are what prove that traverse read every field,
 * and what keeps the JIT from deleting that work in a benchmark.
 *
 * <p>The value of a message is defined recursively; every part is hashed from {@link #SEED}, so a
 * codec may compute the parts in wire order (SBE puts strings after groups) and combine them in
 * record order afterwards, without allocating:
 * <ul>
 *   <li>record: {@code h = SEED}, then {@code h = mix(h, v)} for each component in declaration
 *       order, where {@code v} is the component's value below;</li>
 *   <li>{@code long}/{@code int}: the value; {@code boolean}: 1 or 0; {@code double}:
 *       {@link #mixDouble} ({@code Double.doubleToLongBits}); enum: its ordinal;</li>
 *   <li>String: {@link #string(CharSequence)}, a hash of its UTF-8 bytes (equal to
 *       {@link #string(byte[], int, int)} of those bytes);</li>
 *   <li>nested record: its own record hash;</li>
 *   <li>list: {@code h = listStart(size)}, then {@code h = mix(h, element value)} in order;</li>
 *   <li>map (order-free, as map equality is): {@link #map(int, long)} of the size and the
 *       <em>sum</em> of {@link #mapEntry(long, long)} over entries.</li>
 * </ul>
 * All methods are pure functions of their arguments and never allocate.
 */
public final class Checksum {

    /** Starting value of every record, list and string hash. */
    public static final long SEED = 0x6A09E667F3BCC908L;

    private static final VarHandle LONG_LE_ARRAY =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG_LE_BUFFER =
            MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private Checksum() {
    }

    /** Mixes one value into {@code h}; for a fixed {@code h} distinct values give distinct results. */
    public static long mix(long h, long value) {
        // xor, odd multiply, xor-shift: each step is a bijection, so distinct values stay distinct;
        // short on purpose, as every traverse chains one mix per field
        long x = (h ^ value) * 0x9E3779B97F4A7C15L;
        return x ^ (x >>> 29);
    }

    /** Mixes a boolean as 1 or 0. */
    public static long mix(long h, boolean value) {
        return mix(h, value ? 1L : 0L);
    }

    /** Mixes a double by its IEEE bits ({@code Double.doubleToLongBits}, as record equality compares). */
    public static long mixDouble(long h, double value) {
        return mix(h, Double.doubleToLongBits(value));
    }

    /** The starting hash of a list of {@code size} elements. */
    public static long listStart(int size) {
        return mix(SEED, size);
    }

    /** The hash of one map entry, from the {@link #string} hashes of its key and value. */
    public static long mapEntry(long keyHash, long valueHash) {
        return mix(mix(SEED, keyHash), valueHash);
    }

    /** The hash of a map of {@code size} entries whose {@link #mapEntry} hashes add up to {@code entrySum}. */
    public static long map(int size, long entrySum) {
        return mix(mix(SEED, size), entrySum);
    }

    /** Hash of a string's UTF-8 bytes, computed from its chars without encoding it. */
    public static long string(CharSequence s) {
        long h = SEED;
        long word = 0;
        int filled = 0;
        int n = s.length();
        int i = 0;
        // whole words of ASCII: eight chars are eight bytes
        while (i + Long.BYTES <= n) {
            long ascii = 0;
            int k = 0;
            for (; k < Long.BYTES; k++) {
                char c = s.charAt(i + k);
                if (c >= 0x80) {
                    break;
                }
                ascii |= (long) c << (k << 3);
            }
            if (k < Long.BYTES) {
                break; // the general loop below goes on from this word boundary
            }
            h = mix(h, ascii);
            i += Long.BYTES;
        }
        long total = i;
        for (; i < n; i++) {
            char c = s.charAt(i);
            int bytes;
            int count;
            if (c < 0x80) {
                bytes = c;
                count = 1;
            } else if (c < 0x800) {
                bytes = (0xC0 | c >>> 6) | (0x80 | c & 0x3F) << 8;
                count = 2;
            } else if (Character.isSurrogate(c)) {
                int cp = Utf8.codePointOrReplacement(s, i);
                if (cp == Utf8.REPLACEMENT) {
                    bytes = Utf8.REPLACEMENT;
                    count = 1;
                } else {
                    i++;
                    bytes = (0xF0 | cp >>> 18) | (0x80 | cp >>> 12 & 0x3F) << 8
                            | (0x80 | cp >>> 6 & 0x3F) << 16 | (0x80 | cp & 0x3F) << 24;
                    count = 4;
                }
            } else {
                bytes = (0xE0 | c >>> 12) | (0x80 | c >>> 6 & 0x3F) << 8 | (0x80 | c & 0x3F) << 16;
                count = 3;
            }
            for (int k = 0; k < count; k++) {
                word |= (long) (bytes >>> (k << 3) & 0xFF) << (filled << 3);
                if (++filled == Long.BYTES) {
                    h = mix(h, word);
                    word = 0;
                    filled = 0;
                }
            }
            total += count;
        }
        if (filled > 0) {
            h = mix(h, word);
        }
        return mix(h, total);
    }

    /** Hash of {@code length} UTF-8 bytes of {@code utf8} from {@code offset}. */
    public static long string(byte[] utf8, int offset, int length) {
        long h = SEED;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            h = mix(h, (long) LONG_LE_ARRAY.get(utf8, offset + i));
        }
        if (i < length) {
            long word = 0;
            for (int k = 0; i < length; i++, k++) {
                word |= (utf8[offset + i] & 0xFFL) << (k << 3);
            }
            h = mix(h, word);
        }
        return mix(h, length);
    }

    /** Hash of {@code length} UTF-8 bytes of {@code buffer} from absolute {@code index}; position untouched. */
    public static long string(ByteBuffer buffer, int index, int length) {
        long h = SEED;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            h = mix(h, (long) LONG_LE_BUFFER.get(buffer, index + i));
        }
        if (i < length) {
            long word = 0;
            for (int k = 0; i < length; i++, k++) {
                word |= (buffer.get(index + i) & 0xFFL) << (k << 3);
            }
            h = mix(h, word);
        }
        return mix(h, length);
    }

    /** Checksum of a market data message. */
    public static long of(MarketData m) {
        long h = SEED;
        h = mix(h, m.instrumentId());
        h = mix(h, string(m.symbol()));
        h = mix(h, m.sequenceNumber());
        h = mix(h, m.timestamp());
        List<BookEntry> entries = m.entries();
        long list = listStart(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            list = mix(list, of(entries.get(i)));
        }
        return mix(h, list);
    }

    /** Checksum of one book entry (a list element of {@link #of(MarketData)}). */
    public static long of(BookEntry e) {
        long h = SEED;
        h = mix(h, e.price());
        h = mix(h, e.quantity());
        h = mix(h, e.side().ordinal());
        h = mix(h, e.level());
        return mix(h, e.entryType().ordinal());
    }

    /** Checksum of a user. */
    public static long of(User u) {
        long h = SEED;
        h = mix(h, u.id());
        h = mix(h, string(u.username()));
        h = mix(h, string(u.email()));
        h = mix(h, u.age());
        h = mix(h, u.active());
        h = mix(h, u.createdAt());
        return mix(h, strings(u.roles()));
    }

    /** Checksum of an order. */
    public static long of(Order o) {
        long h = SEED;
        h = mix(h, string(o.clOrdId()));
        h = mix(h, string(o.account()));
        h = mix(h, string(o.symbol()));
        h = mix(h, o.side().ordinal());
        h = mix(h, o.orderQty());
        h = mix(h, o.ordType().ordinal());
        h = mixDouble(h, o.price());
        h = mix(h, o.timeInForce().ordinal());
        return mix(h, o.transactTime());
    }

    /** Checksum of an infrastructure execution. */
    public static long of(InfrastructureExecution x) {
        long h = SEED;
        h = mix(h, string(x.executionId()));
        h = mix(h, string(x.pipelineId()));
        h = mix(h, string(x.projectId()));
        h = mix(h, x.status().ordinal());
        h = mix(h, x.trigger().ordinal());
        h = mix(h, x.startedAt());
        h = mix(h, x.stoppedAt());
        h = mix(h, x.approvedAt());
        h = mix(h, strings(x.instanceIds()));
        long approvals = listStart(x.approvals().size());
        for (Approval a : x.approvals()) {
            approvals = mix(approvals, of(a));
        }
        h = mix(h, approvals);
        long transformations = listStart(x.transformations().size());
        for (Transformation t : x.transformations()) {
            transformations = mix(transformations, of(t));
        }
        h = mix(h, transformations);
        h = mix(h, map(x.metadata()));
        h = mix(h, map(x.outputs()));
        h = mix(h, x.dryRun());
        h = mix(h, x.rollbackOnFailure());
        h = mix(h, x.approvalRequired());
        return mix(h, string(x.errorMessage()));
    }

    /** Checksum of an approval (nested in {@link #of(InfrastructureExecution)}). */
    public static long of(Approval a) {
        long h = SEED;
        h = mix(h, of(a.approver()));
        h = mix(h, a.decision().ordinal());
        h = mix(h, a.decidedAt());
        return mix(h, string(a.comment()));
    }

    /** Checksum of a user info (nested in {@link #of(Approval)}). */
    public static long of(UserInfo u) {
        long h = SEED;
        h = mix(h, string(u.userId()));
        h = mix(h, string(u.displayName()));
        h = mix(h, string(u.email()));
        return mix(h, string(u.team()));
    }

    /** Checksum of a transformation (nested in {@link #of(InfrastructureExecution)}). */
    public static long of(Transformation t) {
        long h = SEED;
        h = mix(h, string(t.name()));
        h = mix(h, t.status().ordinal());
        h = mix(h, t.startedAt());
        h = mix(h, t.finishedAt());
        long outputs = listStart(t.outputs().size());
        for (TransformationOutput o : t.outputs()) {
            outputs = mix(outputs, of(o));
        }
        return mix(h, outputs);
    }

    /** Checksum of a transformation output (nested in {@link #of(Transformation)}). */
    public static long of(TransformationOutput o) {
        long h = SEED;
        h = mix(h, string(o.name()));
        h = mix(h, string(o.uri()));
        return mix(h, o.sizeBytes());
    }

    /** The list value of a list of strings. */
    public static long strings(List<String> list) {
        long h = listStart(list.size());
        for (int i = 0; i < list.size(); i++) {
            h = mix(h, string(list.get(i)));
        }
        return h;
    }

    /** The map value of a string map. */
    public static long map(Map<String, String> map) {
        long sum = 0;
        for (Map.Entry<String, String> e : map.entrySet()) {
            sum += mapEntry(string(e.getKey()), string(e.getValue()));
        }
        return map(map.size(), sum);
    }
}
