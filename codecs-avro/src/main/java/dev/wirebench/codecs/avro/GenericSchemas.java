package dev.wirebench.codecs.avro;

import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;

/**
 * What the generic mappings look up in a schema once, when their class is loaded: field positions (a
 * {@link GenericData.Record} is read and written by position, not by name), nested schemas, and an enum's symbols
 * as {@link GenericData.EnumSymbol}s indexed by the record enum's ordinal.
 */
final class GenericSchemas {

    private GenericSchemas() {
    }

    /** The position of {@code field} in {@code record}. */
    static int pos(Schema record, String field) {
        return field(record, field).pos();
    }

    /** The schema of {@code field} in {@code record}. */
    static Schema schema(Schema record, String field) {
        return field(record, field).schema();
    }

    /** The element schema of the array {@code field} of {@code record}. */
    static Schema items(Schema record, String field) {
        return schema(record, field).getElementType();
    }

    /** One symbol per constant of an enum schema, in its order: the record enum's ordinal indexes it. */
    static GenericData.EnumSymbol[] symbols(Schema enumSchema) {
        return enumSchema.getEnumSymbols().stream()
                .map(symbol -> new GenericData.EnumSymbol(enumSchema, symbol))
                .toArray(GenericData.EnumSymbol[]::new);
    }

    /** The index in its enum of a symbol read by {@code GenericDatumReader}. */
    static int ordinal(Object symbol, Schema enumSchema) {
        return enumSchema.getEnumOrdinal(((GenericEnumSymbol<?>) symbol).toString());
    }

    private static Schema.Field field(Schema record, String name) {
        Schema.Field field = record.getField(name);
        if (field == null) {
            throw new IllegalStateException(record.getFullName() + " has no field " + name);
        }
        return field;
    }
}
