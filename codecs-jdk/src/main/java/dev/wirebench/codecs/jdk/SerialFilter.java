package dev.wirebench.codecs.jdk;

import java.io.ObjectInputFilter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The deserialization filter of one message type. Java serialization instantiates whatever class a
 * stream names, which makes it a well-known attack surface (gadget chains, memory and CPU bombs), so
 * a stream is read through this filter, which admits:
 * <ul>
 *   <li>only the classes listed for the message: its records and enums, {@code java.lang.Enum}
 *       (every enum descriptor's superclass), {@code java.lang.String}, and the JDK classes its
 *       lists and maps serialise as ({@link #LIST_CLASSES}, {@link #MAP_CLASSES});</li>
 *   <li>arrays only as the storage those collections allocate ({@code Object[]} for a list,
 *       {@code Map.Entry[]} for a map's table), only at the nesting depths where the message has
 *       a collection, and no longer than the input has bytes (each element takes at least one
 *       byte); no array object of the stream itself;</li>
 *   <li>a nesting depth of at most what the message needs plus {@link #DEPTH_MARGIN};</li>
 *   <li>at most as many object references and stream bytes as the input has bytes.</li>
 * </ul>
 * Everything else is rejected before it is instantiated (the JDK calls the filter for a class as
 * soon as it has resolved the descriptor, and for an array before allocating it).
 *
 * <p>An instance belongs to one codec, which is used by one thread: {@link #begin} re-aims it at
 * each input, and {@link #rejection} says why it last rejected.
 */
final class SerialFilter implements ObjectInputFilter {

    /** Levels of nesting admitted beyond the deepest the message needs. */
    static final int DEPTH_MARGIN = 2;

    /**
     * What a {@code List.copyOf} list serialises as: its {@code writeReplace} writes a
     * {@code java.util.CollSer}, whose {@code readResolve} returns a {@code List12} (one or two
     * elements) or a {@code ListN} (none, or three and more); the filter is also asked about that
     * replacement.
     */
    static final List<String> LIST_CLASSES = List.of(
            "java.util.CollSer", "java.util.ImmutableCollections$List12", "java.util.ImmutableCollections$ListN");
    /** The array {@code CollSer.readObject} allocates for the elements (it asks the filter first). */
    static final String LIST_ARRAY = Object[].class.getName();
    /**
     * What the records' maps serialise as: {@code Collections.unmodifiableMap} around a
     * {@code LinkedHashMap}, whose superclass descriptor is {@code HashMap}.
     */
    static final List<String> MAP_CLASSES = List.of(
            "java.util.Collections$UnmodifiableMap", LinkedHashMap.class.getName(), HashMap.class.getName());
    /** {@code HashMap.readObject} asks the filter about its table as a {@code Map.Entry[]}, one level below the wrapper. */
    static final String MAP_ARRAY = Map.Entry[].class.getName();

    private final String message;
    private final int maxDepth;
    private final Set<String> classes;
    /** Admitted array classes, each with a bit mask of the depths it may be allocated at. */
    private final Map<String, Integer> arrays;

    private long inputLength;
    private String rejection;

    private SerialFilter(Builder builder) {
        this.message = builder.message;
        this.maxDepth = builder.depth + DEPTH_MARGIN;
        this.classes = Set.copyOf(builder.classes);
        this.arrays = Map.copyOf(builder.arrays);
    }

    /** Starts building the filter of the message type named {@code message} (used in rejections). */
    static Builder forMessage(String message) {
        return new Builder(message);
    }

    /** Re-aims the filter at an input of {@code length} bytes and forgets the last rejection. */
    void begin(int length) {
        this.inputLength = length;
        this.rejection = null;
    }

    /** Why the filter rejected the current input, or null if it has not. */
    String rejection() {
        return rejection;
    }

    @Override
    public Status checkInput(FilterInfo info) {
        long depth = info.depth();
        if (depth > maxDepth) {
            return reject("nesting depth " + depth + " exceeds the " + maxDepth + " levels admitted for a "
                    + message + " message");
        }
        if (info.references() > inputLength) {
            return reject(info.references() + " object references in " + inputLength + " bytes of input");
        }
        if (info.streamBytes() > inputLength) {
            return reject("read " + info.streamBytes() + " bytes from " + inputLength + " bytes of input");
        }
        Class<?> type = info.serialClass();
        if (type == null) {
            // a back-reference or a class that did not resolve: the limits above are all there is to check
            return Status.UNDECIDED;
        }
        if (type.isArray()) {
            return checkArray(type, info.arrayLength(), depth);
        }
        if (!classes.contains(type.getName())) {
            return reject("class " + type.getName() + " is not admitted in a " + message + " message");
        }
        return Status.ALLOWED;
    }

    private Status checkArray(Class<?> type, long length, long depth) {
        Integer depths = arrays.get(type.getName());
        if (depths == null || length < 0) {
            // length < 0: the descriptor of an array object in the stream, which no message holds
            return reject("array class " + type.getTypeName() + " is not admitted in a " + message
                    + " message (arrays are admitted only as the storage of its lists and maps)");
        }
        if (depth >= Integer.SIZE || (depths >>> depth & 1) == 0) {
            return reject("a " + type.getTypeName() + " of length " + length + " at nesting depth " + depth
                    + ", where a " + message + " message holds no collection");
        }
        if (length > inputLength) {
            return reject("array length " + length + " exceeds the " + inputLength + " bytes of input");
        }
        return Status.ALLOWED;
    }

    private Status reject(String why) {
        if (rejection == null) {
            rejection = why;
        }
        return Status.REJECTED;
    }

    /** Greatest nesting depth admitted. */
    int maxDepth() {
        return maxDepth;
    }

    /** Names of the admitted classes (arrays apart). */
    Set<String> classes() {
        return new TreeSet<>(classes);
    }

    /** Admitted array classes, each with the nesting depths it may be allocated at. */
    Map<String, Set<Integer>> arrays() {
        Map<String, Set<Integer>> result = new HashMap<>();
        arrays.forEach((name, mask) -> {
            Set<Integer> depths = new TreeSet<>();
            for (int d = 0; d < Integer.SIZE; d++) {
                if ((mask >>> d & 1) != 0) {
                    depths.add(d);
                }
            }
            result.put(name, depths);
        });
        return result;
    }

    /** Lists what one message type admits. */
    static final class Builder {

        private final String message;
        private final Set<String> classes = new LinkedHashSet<>();
        private final Map<String, Integer> arrays = new HashMap<>();
        private int depth;

        private Builder(String message) {
            this.message = message;
        }

        /**
         * The deepest nesting a message of this type reaches, as {@code FilterInfo.depth} counts it
         * (the message itself is 1); the filter admits {@link #DEPTH_MARGIN} more.
         */
        Builder depth(int deepest) {
            this.depth = deepest;
            return this;
        }

        /** Admits these classes by name. */
        Builder admit(Class<?>... types) {
            for (Class<?> type : types) {
                classes.add(type.getName());
            }
            return this;
        }

        /** Admits {@code List.copyOf} lists, held at these nesting depths (a field of the message is at 2). */
        Builder lists(int... depths) {
            classes.addAll(LIST_CLASSES);
            for (int d : depths) {
                arrays.merge(LIST_ARRAY, 1 << d, (a, b) -> a | b);
            }
            return this;
        }

        /** Admits unmodifiable {@code LinkedHashMap}s, held at these nesting depths (their table is one deeper). */
        Builder maps(int... depths) {
            classes.addAll(MAP_CLASSES);
            for (int d : depths) {
                arrays.merge(MAP_ARRAY, 1 << (d + 1), (a, b) -> a | b);
            }
            return this;
        }

        SerialFilter build() {
            if (depth < 1) {
                throw new IllegalStateException("the depth of a " + message + " message was not set");
            }
            return new SerialFilter(this);
        }
    }

    @Override
    public String toString() {
        return "SerialFilter[" + message + ", depth <= " + maxDepth + ", " + classes() + ", arrays " + arrays() + "]";
    }
}
