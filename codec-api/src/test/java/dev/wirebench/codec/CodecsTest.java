package dev.wirebench.codec;

import com.example.outsider.ToyCodecProvider;
import com.example.outsider.ToyUserCodec;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CodecsTest {

    @Test
    void findsProvidersThroughServiceLoader(@TempDir Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(CodecProvider.class.getName()), ToyCodecProvider.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            Codecs codecs = Codecs.load(loader);
            assertEquals(List.of("toy/user"), codecs.names());
            MessageCodec<?> a = codecs.create("toy/user");
            assertInstanceOf(ToyUserCodec.class, a);
            assertNotSame(a, codecs.create("toy/user"), "every create is a new instance");
        }
    }

    @Test
    void createsOnlyTheCodecAskedForFromTheProviderThatSaysItHasTheFormat(@TempDir Path dir) throws IOException {
        Path services = dir.resolve("META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(CodecProvider.class.getName()),
                ForbiddenProvider.class.getName() + "\n" + ToyCodecProvider.class.getName() + "\n");
        try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            // ForbiddenProvider comes first and throws if asked for codecs: only its formats() may be called
            assertInstanceOf(ToyUserCodec.class, Codecs.createOnly("toy/user", loader));
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> Codecs.createOnly("toy/order", loader));
            assertEquals("no codec provider on the class path offers toy/order", e.getMessage());
        }
    }

    /** Says it has a format no one asks for, and fails if its codecs are ever created. */
    public static final class ForbiddenProvider implements CodecProvider {
        @Override
        public List<MessageCodec<?>> codecs() {
            throw new AssertionError("the codecs of a provider of another format were created");
        }

        @Override
        public java.util.Set<String> formats() {
            return java.util.Set.of("forbidden");
        }
    }

    @Test
    void rejectsAProviderWhoseFormatsAreNotItsCodecs() {
        CodecProvider liar = new CodecProvider() {
            @Override
            public List<MessageCodec<?>> codecs() {
                return List.of(new ToyUserCodec());
            }

            @Override
            public java.util.Set<String> formats() {
                return java.util.Set.of("toy", "other");
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Codecs.of(List.of(liar)));
        assertTrue(e.getMessage().endsWith(" says its formats are [other, toy] but its codecs' are [toy]"), e.getMessage());
    }

    @Test
    void rejectsTheSameNameFromTwoProvidersNamingBoth() {
        CodecProvider other = new CodecProvider() {
            @Override
            public List<MessageCodec<?>> codecs() {
                return List.of(new ToyUserCodec());
            }
        };
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Codecs.of(List.of(new ToyCodecProvider(), other)));
        assertTrue(e.getMessage().contains("toy/user"), e.getMessage());
        assertTrue(e.getMessage().contains(ToyCodecProvider.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains(other.getClass().getName()), e.getMessage());
    }

    @Test
    void rejectsABadFormatNameAndAnEmptyProvider() {
        CodecProvider badName = () -> List.of(new Named("Has Spaces"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Codecs.of(List.of(badName)));
        assertTrue(e.getMessage().contains("'Has Spaces'"), e.getMessage());
        CodecProvider empty = List::of;
        assertThrows(IllegalStateException.class, () -> Codecs.of(List.of(empty)));
    }

    @Test
    void takesAVariantAfterAPlusAndOnlyThere() {
        Codecs codecs = Codecs.of(List.<CodecProvider>of(() -> List.of(new Named("a-b"), new Named("a-b+guarded"),
                new Named("a+x-y+z"))));
        assertEquals(List.of("a+x-y+z/user", "a-b+guarded/user", "a-b/user"), codecs.names());
        // a glob of the plain format does not reach its variant, and '+' is no pattern character
        assertEquals(List.of("a-b/user"), codecs.select("a-b/*"));
        assertEquals(List.of("a-b+guarded/user", "a-b/user"), codecs.select("a-b*/user"));
        assertEquals(List.of("a-b+guarded/user"), codecs.select("a-b+guarded/user"));
        for (String bad : List.of("+guarded", "a+", "a++b", "a+-b", "a+B")) {
            CodecProvider provider = () -> List.of(new Named(bad));
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> Codecs.of(List.of(provider)), bad);
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void saysWhichContractsACodecClaimsAndRefusesNone() {
        Codecs codecs = Codecs.of(List.<CodecProvider>of(new ToyCodecProvider(), () -> List.of(new Named("a"))));
        assertEquals(Conformance.HOSTILE_INPUT, codecs.conformance("toy/user"));
        assertEquals(Conformance.MEASUREMENT, codecs.conformance("a/user"), "the default");
        assertTrue(Conformance.HOSTILE_INPUT.includes(Conformance.MEASUREMENT));
        assertTrue(!Conformance.MEASUREMENT.includes(Conformance.HOSTILE_INPUT));
        assertEquals("hostile-input", Conformance.HOSTILE_INPUT.label());
        assertThrows(IllegalArgumentException.class, () -> codecs.conformance("b/user"));
        CodecProvider none = () -> List.of(new Named("c") {
            @Override
            public Conformance conformance() {
                return null;
            }
        });
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Codecs.of(List.of(none)));
        assertTrue(e.getMessage().contains("c/user") && e.getMessage().contains("claims no conformance"), e.getMessage());
    }

    @Test
    void namesTheKnownCodecsWhenAskedForAnUnknownOne() {
        Codecs codecs = Codecs.of(List.<CodecProvider>of(new ToyCodecProvider(), () -> List.of(new Named("a"), new Named("b"))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codecs.create("sbe/user"));
        assertEquals("no codec matches 'sbe/user'; known codecs: a/user, b/user, toy/user", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> codecs.select("nope/*"));
    }

    @Test
    void selectsByGlobInRegistryOrderWithoutRepeats() {
        Codecs codecs = Codecs.of(List.<CodecProvider>of(new ToyCodecProvider(), () -> List.of(new Named("a"), new Named("ab"))));
        assertEquals(List.of("a/user", "ab/user", "toy/user"), codecs.select("*/user"));
        assertEquals(List.of("a/user", "ab/user"), codecs.select("a*,a/user"));
        assertEquals(List.of("toy/user"), codecs.select(" toy/user "));
        assertEquals(List.of("a/user"), codecs.select("?/user"));
        assertEquals(List.of("toy/user"), codecs.select("*,!a*/user"), "an exclusion takes out what came before it");
        assertEquals(List.of("toy/user", "a/user"), codecs.select("*,!a*/user,a/user"), "and what comes after it adds back");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> codecs.select("*,!nope/*"));
        assertTrue(e.getMessage().startsWith("no codec matches 'nope/*'"), e.getMessage());
    }

    /** A codec that only has a name. */
    private static class Named extends AbstractMessageCodec<User> {
        Named(String format) {
            super(format, MessageType.USER);
        }

        @Override
        protected int encode(User message, ByteBuffer dst, int offset, int limit) {
            return 0;
        }

        @Override
        protected User decode(ByteBuffer src, int offset, int length) {
            throw malformed("nothing to decode");
        }

        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            throw malformed("nothing to traverse");
        }
    }
}
