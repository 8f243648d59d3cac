package dev.wirebench.harness;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class FlagsTest {

    @Test
    void portsAreOneTo65535AndZeroOnlyWhereItMeansSomething() {
        assertEquals(5432, Flags.port("--port", " 5432 ", null));
        assertEquals(0, Flags.port("--port", "0", "any free port"));
        assertEquals("--port takes 1 to 65535, not '0'",
                assertThrows(IllegalArgumentException.class, () -> Flags.port("--port", "0", null)).getMessage());
        assertEquals("--port takes 1 to 65535 (0: any free port), not '65536'",
                assertThrows(IllegalArgumentException.class, () -> Flags.port("--port", "65536", "any free port")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Flags.port("--port", "http", null));
    }

    @Test
    void positivesRefuseZeroNegativesAndWords() {
        assertEquals(10_000L, Flags.positive("--rate", "10_000"));
        assertEquals(7, Flags.positiveInt("--rows", "7"));
        assertEquals("--rate takes a whole number above 0, not '0'",
                assertThrows(IllegalArgumentException.class, () -> Flags.positive("--rate", "0")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Flags.positive("--rate", "-3"));
        assertThrows(IllegalArgumentException.class, () -> Flags.positive("--rate", "fast"));
        assertThrows(IllegalArgumentException.class, () -> Flags.positiveInt("--rows", "3000000000"));
    }

    private enum Role { BOTH, SERVER, CLIENT }

    @Test
    void aChoiceIsAnEnumsConstantInAnyCaseAndARefusalListsThemAll() {
        assertEquals(Role.SERVER, Flags.choice("--role", "server", Role.class));
        assertEquals(Role.CLIENT, Flags.choice("--role", "CLIENT", Role.class));
        assertEquals("--role takes both, server or client, not 'peer'",
                assertThrows(IllegalArgumentException.class, () -> Flags.choice("--role", "peer", Role.class)).getMessage());
    }
}
