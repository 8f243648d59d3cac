package dev.wirebench.codec;

import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SamplesTest {

    @Test
    void drawsTheSameMessagesForTheSameSeed() {
        for (MessageType<?> type : MessageType.all()) {
            assertEquals(Samples.random(type, 42, 50), Samples.random(type, 42, 50), type.id());
        }
    }

    @Test
    void everyTypeHasAReferenceFirstAndEdgeFixtures() {
        for (MessageType<?> type : MessageType.all()) {
            List<String> names = Samples.fixtures(type).stream().map(Sample::name).toList();
            assertEquals(List.of("reference", "empty", "unicode", "extremes"), names, type.id());
            assertEquals(Samples.fixtures(type).get(0).message(), Samples.reference(type));
        }
    }

    @Test
    void randomMessagesMeetTheEdgeValues() {
        List<User> users = Samples.random(MessageType.USER, 1, 1_000);
        assertTrue(users.stream().anyMatch(u -> u.username().isEmpty()), "empty string");
        assertTrue(users.stream().anyMatch(u -> u.roles().isEmpty()), "empty list");
        assertTrue(users.stream().anyMatch(u -> u.id() == Long.MIN_VALUE), "min long");
        assertTrue(users.stream().anyMatch(u -> u.age() == Integer.MAX_VALUE), "max int");
        assertTrue(users.stream().anyMatch(u -> u.email().chars().anyMatch(c -> c > 0x7F)), "non-ASCII");
        assertTrue(users.stream().anyMatch(u -> u.email().chars().anyMatch(c -> Character.isSurrogate((char) c))), "surrogate pairs");
        List<MarketData> books = Samples.random(MessageType.MARKET_DATA, 1, 1_000);
        assertTrue(books.stream().flatMap(m -> m.entries().stream()).anyMatch(e -> e.level() == BookEntry.MAX_LEVEL));
    }

    @Test
    void recordsAreImmutableAndValidateWhatTheyHold() {
        List<String> roles = new ArrayList<>(List.of("a"));
        User u = new User(1, "n", "e", 1, true, 1, roles);
        roles.add("b");
        assertEquals(List.of("a"), u.roles(), "defensive copy");
        assertThrows(UnsupportedOperationException.class, () -> u.roles().add("c"));
        assertThrows(IllegalArgumentException.class, () -> new BookEntry(1, 1, Side.BUY, 256, EntryType.NEW));
        assertThrows(IllegalArgumentException.class, () -> new User(1, null, "e", 1, true, 1, List.of()));
    }
}
