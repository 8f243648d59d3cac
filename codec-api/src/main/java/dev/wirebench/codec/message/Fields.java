package dev.wirebench.codec.message;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Validation and defensive copies shared by the canonical records. */
final class Fields {

    private Fields() {
    }

    static <T> T require(T value, String name) {
        // IllegalArgumentException rather than NPE: a codec turns it into a CodecException on bad input
        if (value == null) {
            throw new IllegalArgumentException(name + " must not be null");
        }
        return value;
    }

    static <T> List<T> copy(List<T> list, String name) {
        require(list, name);
        for (T element : list) {
            require(element, name + " element");
        }
        return List.copyOf(list);
    }

    /** Keeps insertion order (deterministic encodings across JVM runs), unmodifiable, no nulls. */
    static Map<String, String> copy(Map<String, String> map, String name) {
        require(map, name);
        Map<String, String> copy = new LinkedHashMap<>(map.size() * 2);
        map.forEach((k, v) -> copy.put(require(k, name + " key"), require(v, name + " value")));
        return Collections.unmodifiableMap(copy);
    }
}
