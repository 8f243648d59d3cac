package dev.wirebench.codecs.colfer;

/**
 * One canonical record and its generated Colfer struct: the field-by-field mapping both ways, the
 * {@link dev.wirebench.codec.Checksum} of a struct, and the calls into the struct's generated code
 * (the generated classes share no interface). It knows nothing of buffers.
 *
 * <p>Values no record can hold (an ordinal past the enum's end, a non-finite price, a missing
 * nested struct) are reported as {@link IllegalArgumentException} naming the struct field, which
 * {@link dev.wirebench.codec.AbstractMessageCodec} turns into a {@code CodecException}; decode
 * ({@link #toRecord}) and traverse ({@link #checksum}) make the same checks. An instance belongs
 * to one codec and may keep scratch state.
 *
 * @param <T> the canonical record
 * @param <C> the generated Colfer struct
 */
interface ColferMapping<T, C> {

    /** A new struct with Colfer's zero values. */
    C newStruct();

    /**
     * Sets every field of {@code struct} from {@code message}. List arrays and the structs in them
     * are reused when a list has the length it had last time: Colfer writes every element of an
     * array, so the array must be exactly as long as the list.
     */
    void fill(C struct, T message);

    /** The generated {@code marshal(buf, offset)}. */
    int marshal(C struct, byte[] buf, int offset);

    /** Sets every field of {@code struct} to its zero value: the generated unmarshal sets only the fields on the wire. */
    void reset(C struct);

    /** The generated {@code unmarshal(buf, offset, end)}. */
    int unmarshal(C struct, byte[] buf, int offset, int end);

    /** The record the struct holds. */
    T toRecord(C struct);

    /** The {@link dev.wirebench.codec.Checksum} of the record the struct holds, without building it. */
    long checksum(C struct);

    /** The generated {@code colferSizeMax} of the struct: the longest serial it marshals or unmarshals. */
    int sizeMax();
}
