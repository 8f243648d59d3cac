package dev.wirebench.codec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The registry of every codec on the class path, found through {@link CodecProvider} services.
 * Providers are validated when the registry loads, before anything is measured: a codec with a
 * bad format name, no message type or no {@link Conformance}, or two codecs with the same
 * {@code format/message} name, stop the load with a message naming the providers involved.
 */
public final class Codecs {

    /** Words joined by dashes, then any variants, each a {@code +} and such words: {@code protobuf-json+guarded}. */
    private static final Pattern FORMAT = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*(\\+[a-z0-9]+(-[a-z0-9]+)*)*");

    /** name → provider, sorted by name. */
    private final Map<String, CodecProvider> providers;

    private Codecs(Map<String, CodecProvider> providers) {
        this.providers = providers;
    }

    /** Every provider registered with {@link ServiceLoader} on this class's class path. */
    public static Codecs load() {
        return load(Codecs.class.getClassLoader());
    }

    /** Every provider registered with {@link ServiceLoader} visible to {@code loader}. */
    public static Codecs load(ClassLoader loader) {
        List<CodecProvider> found = new ArrayList<>();
        try {
            ServiceLoader.load(CodecProvider.class, loader).forEach(found::add);
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a codec provider could not be loaded: " + e.getMessage(), e);
        }
        return of(found);
    }

    /** A registry of exactly these providers. */
    public static Codecs of(Iterable<? extends CodecProvider> providers) {
        Map<String, CodecProvider> byName = new TreeMap<>();
        for (CodecProvider provider : providers) {
            String who = provider.getClass().getName();
            List<MessageCodec<?>> codecs = provider.codecs();
            if (codecs == null || codecs.isEmpty()) {
                throw new IllegalStateException("codec provider " + who + " offers no codecs");
            }
            Set<String> formats = new TreeSet<>();
            for (MessageCodec<?> codec : codecs) {
                String name = validName(codec, who);
                formats.add(codec.format());
                CodecProvider previous = byName.putIfAbsent(name, provider);
                if (previous != null) {
                    throw new IllegalStateException("codec " + name + " is provided twice: by "
                            + previous.getClass().getName() + " and by " + who);
                }
            }
            Set<String> said = provider.formats() == null ? Set.of() : new TreeSet<>(provider.formats());
            if (!said.equals(formats)) {
                throw new IllegalStateException("codec provider " + who + " says its formats are " + said
                        + " but its codecs' are " + formats);
            }
        }
        return new Codecs(Collections.unmodifiableMap(byName));
    }

    /** Every codec name ({@code format/message}), sorted. */
    public List<String> names() {
        return List.copyOf(providers.keySet());
    }

    /**
     * The names matching a comma-separated list of exact names or globs ({@code *} any text,
     * {@code ?} one character), e.g. {@code sbe/*,* /order}, in registry order without repeats. A pattern
     * after {@code !} takes the names it matches out of those the patterns before it chose:
     * {@code *,!*+guarded/*}.
     *
     * @throws IllegalArgumentException if a pattern matches nothing, listing the known names
     */
    public List<String> select(String patterns) {
        Set<String> selected = new LinkedHashSet<>();
        for (String pattern : patterns.split(",")) {
            String p = pattern.strip();
            if (p.isEmpty()) {
                continue;
            }
            if (p.startsWith("!")) {
                // an exclusion takes out of what the patterns before it chose: *,!*+guarded/* is every plain format
                Pattern regex = glob(p.substring(1));
                if (providers.keySet().stream().noneMatch(name -> regex.matcher(name).matches())) {
                    throw unknown(p.substring(1));
                }
                selected.removeIf(name -> regex.matcher(name).matches());
                continue;
            }
            Pattern regex = glob(p);
            int before = selected.size();
            for (String name : providers.keySet()) {
                if (regex.matcher(name).matches()) {
                    selected.add(name);
                }
            }
            if (selected.size() == before && !selected.contains(p)) {
                throw unknown(p);
            }
        }
        return List.copyOf(selected);
    }

    /**
     * A new instance of the named codec.
     *
     * @throws IllegalArgumentException if there is no such codec, listing the known names
     */
    public MessageCodec<?> create(String name) {
        CodecProvider provider = providers.get(name);
        if (provider == null) {
            throw unknown(name);
        }
        for (MessageCodec<?> codec : provider.codecs()) {
            if (codec.name().equals(name)) {
                return codec;
            }
        }
        throw new IllegalStateException(provider.getClass().getName() + " no longer offers codec " + name);
    }

    /**
     * A new instance of the named codec, from the one provider on the class path that says it has the codec's format
     * ({@link CodecProvider#formats()}), creating no other provider's codecs: what a benchmark JVM, which measures one
     * codec that a registry already chose, needs to load.
     *
     * @throws IllegalArgumentException if no provider offers the codec
     */
    public static MessageCodec<?> createOnly(String name) {
        return createOnly(name, Codecs.class.getClassLoader());
    }

    /** {@link #createOnly(String)} among the providers visible to {@code loader}. */
    public static MessageCodec<?> createOnly(String name, ClassLoader loader) {
        int slash = name.indexOf('/');
        String format = slash < 0 ? name : name.substring(0, slash);
        try {
            for (CodecProvider provider : ServiceLoader.load(CodecProvider.class, loader)) {
                if (provider.formats().contains(format)) {
                    for (MessageCodec<?> codec : provider.codecs()) {
                        if (codec.name().equals(name)) {
                            return codec;
                        }
                    }
                }
            }
        } catch (ServiceConfigurationError e) {
            throw new IllegalStateException("a codec provider could not be loaded: " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("no codec provider on the class path offers " + name);
    }

    /**
     * The contracts of the conformance kit the named codec claims, and its module's test holds it
     * to: what a report shows beside the codec's numbers. Every codec of a format claims the same
     * in this repository, so any {@code format/message} of the format answers for it.
     *
     * @throws IllegalArgumentException if there is no such codec, listing the known names
     */
    public Conformance conformance(String name) {
        return create(name).conformance();
    }

    private IllegalArgumentException unknown(String name) {
        return new IllegalArgumentException("no codec matches '" + name + "'; known codecs: "
                + String.join(", ", providers.keySet()));
    }

    private static String validName(MessageCodec<?> codec, String who) {
        if (codec == null) {
            throw new IllegalStateException("codec provider " + who + " returned a null codec");
        }
        String format = codec.format();
        if (format == null || !FORMAT.matcher(format).matches()) {
            throw new IllegalStateException("codec " + codec.getClass().getName() + " from " + who
                    + " has format '" + format + "': it must be lower-case letters, digits and dashes,"
                    + " a variant after a '+'");
        }
        if (codec.messageType() == null || !MessageType.all().contains(codec.messageType())) {
            throw new IllegalStateException("codec " + codec.getClass().getName() + " from " + who
                    + " names no canonical message type (messageType() returned " + codec.messageType() + ")");
        }
        if (codec.conformance() == null) {
            throw new IllegalStateException("codec " + codec.name() + " from " + who
                    + " claims no conformance (conformance() returned null)");
        }
        return codec.name();
    }

    private static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (String part : glob.split("((?<=[*?])|(?=[*?]))")) {
            switch (part) {
                case "*" -> regex.append(".*");
                case "?" -> regex.append('.');
                default -> regex.append(Pattern.quote(part));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
