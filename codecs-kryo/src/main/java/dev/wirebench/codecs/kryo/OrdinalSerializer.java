package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.serializers.ImmutableSerializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import dev.wirebench.codec.Ordinals;

/**
 * A record enum as Kryo's own {@code DefaultSerializers.EnumSerializer} writes it, byte for byte: the
 * ordinal plus one as a positive varint, 0 meaning null. It exists only so that reading goes through
 * {@link Ordinals#of}, the check every wirebench codec makes: an ordinal no constant has (and null,
 * which no record field takes) is refused with the field's name. {@code KryoWireTest} holds the bytes
 * equal to Kryo's serializer.
 *
 * @param <E> the enum
 */
final class OrdinalSerializer<E extends Enum<E>> extends ImmutableSerializer<E> {

    private final E[] constants;
    private final String field;

    /** @param constants one of {@link Ordinals}' cached arrays, so that no {@code values()} clone is made here */
    OrdinalSerializer(E[] constants) {
        this.constants = constants;
        this.field = constants.getClass().getComponentType().getSimpleName();
        setAcceptsNull(true); // as Kryo's EnumSerializer: a null is written as 0, and refused on read
    }

    @Override
    public void write(Kryo kryo, Output output, E constant) {
        output.writeVarInt(constant == null ? 0 : constant.ordinal() + 1, true);
    }

    @Override
    public E read(Kryo kryo, Input input, Class<? extends E> type) {
        return Ordinals.of(constants, input.readVarInt(true) - 1, field);
    }
}
