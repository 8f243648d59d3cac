package dev.wirebench.codecs.avro;

import dev.wirebench.codecs.avro.generated.InfrastructureExecutionAvro;
import dev.wirebench.codecs.avro.generated.MarketDataAvro;
import dev.wirebench.codecs.avro.generated.OrderAvro;
import dev.wirebench.codecs.avro.generated.UserAvro;
import org.apache.avro.Schema;
import org.apache.avro.util.ClassSecurityValidator;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The classes generated from {@code schemas/avro}, declared to Avro as trusted once per JVM.
 *
 * <p>Avro 1.12.2 resolves a specific record's classes by their schema names ({@code SpecificData.getClass}, for the
 * message and every nested record and enum) through {@link ClassSecurityValidator}, which by default trusts a few JDK
 * classes only: without this, {@code new SpecificDatumReader<>(MarketDataAvro.class)} throws
 * {@code SecurityException: Forbidden dev.wirebench.codecs.avro.generated.MarketDataAvro!}. (A regression of 1.12.2
 * reported upstream; the documented ways out are this API or the {@code org.apache.avro.SERIALIZABLE_CLASSES} and
 * {@code SERIALIZABLE_PACKAGES} system properties, which a codec module cannot count on being set.) The global
 * predicate becomes the one in force before, or these classes: every named type of this module's four schemas, all in
 * the package of the generated code, and nothing else.
 */
final class GeneratedClasses {

    private static final String PACKAGE = MarketDataAvro.class.getPackageName();

    /** Every record and enum class generated from the four schemas. */
    static final List<Class<?>> ALL;

    static {
        Set<Class<?>> classes = new LinkedHashSet<>();
        for (Schema schema : List.of(MarketDataAvro.getClassSchema(), UserAvro.getClassSchema(),
                OrderAvro.getClassSchema(), InfrastructureExecutionAvro.getClassSchema())) {
            collect(schema, classes);
        }
        ALL = List.copyOf(classes);
        ClassSecurityValidator.Builder ours = ClassSecurityValidator.builder();
        ALL.forEach(ours::add);
        ClassSecurityValidator.setGlobal(ClassSecurityValidator.composite(ClassSecurityValidator.getGlobal(), ours.build()));
    }

    private GeneratedClasses() {
    }

    /** Makes sure the classes are trusted: the first call does it (class initialisation runs once, thread-safely). */
    static void trust() {
        // nothing: loading this class did the work
    }

    private static void collect(Schema schema, Set<Class<?>> classes) {
        switch (schema.getType()) {
            case RECORD -> {
                if (classes.add(load(schema))) {
                    schema.getFields().forEach(field -> collect(field.schema(), classes));
                }
            }
            case ENUM -> classes.add(load(schema));
            case ARRAY -> collect(schema.getElementType(), classes);
            case MAP -> collect(schema.getValueType(), classes);
            default -> {
                // primitives: nothing generated
            }
        }
    }

    private static Class<?> load(Schema named) {
        String name = named.getFullName();
        if (!PACKAGE.equals(named.getNamespace())) {
            throw new IllegalStateException(name + " is outside " + PACKAGE + ": not trusted");
        }
        try {
            return Class.forName(name, false, GeneratedClasses.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("no class generated for " + name, e);
        }
    }
}
