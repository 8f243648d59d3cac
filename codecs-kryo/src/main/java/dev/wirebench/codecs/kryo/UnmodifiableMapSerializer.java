package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.serializers.MapSerializer;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The records' maps, {@code Collections.unmodifiableMap(LinkedHashMap)}, as Kryo's {@link MapSerializer}
 * writes any map: the entry count plus one as a varint, then each key and value in iteration order (the
 * insertion order), here as bare strings since every map of the records is {@code Map<String, String>}.
 *
 * <p>Kryo has no serializer of its own for {@code Collections$UnmodifiableMap}: its default
 * {@code MapSerializer} would write it, but reading needs an instance it can {@code put} into, and the
 * class has neither a no-arg constructor nor a mutable view. (The kryo-serializers project's
 * {@code UnmodifiableCollectionsSerializer} reads the wrapped map out of the private field, which needs
 * {@code --add-opens java.base/java.util} on JDK 17 and later.) So this one reads into a plain
 * {@link LinkedHashMap}: the record constructors copy every map into a new unmodifiable
 * {@code LinkedHashMap} anyway, and that copy is what the record holds.
 */
final class UnmodifiableMapSerializer extends MapSerializer<Map<String, String>> {

    /** {@code java.util.Collections$UnmodifiableMap}, the class the records' maps have. */
    static final Class<?> TYPE = Collections.unmodifiableMap(new LinkedHashMap<>()).getClass();

    UnmodifiableMapSerializer(Kryo kryo) {
        setKeyClass(String.class, kryo.getSerializer(String.class));
        setValueClass(String.class, kryo.getSerializer(String.class));
        setKeysCanBeNull(false);
        setValuesCanBeNull(false);
    }

    /** Not presized from the count on the wire, as Kryo's own serializer for {@code Map.of} maps does not presize either. */
    @Override
    protected Map<String, String> create(Kryo kryo, Input input, Class<? extends Map<String, String>> type, int size) {
        return new LinkedHashMap<>();
    }
}
