package dev.wirebench.pg;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PgOptionsTest {

    @Test
    void defaultsAreTheIssuesRowCountsOnAnEmbeddedServer() {
        PgOptions o = PgOptions.parse(new String[0]);
        assertEquals(List.of(1000, 10000), o.rows());
        assertEquals(100, o.batch());
        assertEquals(Duration.ofSeconds(5), o.warmup());
        assertNull(o.jdbcUrl());
        assertEquals("PGPASSWORD", o.passwordEnv());
        assertNull(o.compression());
        assertFalse(o.keep());
        assertEquals(List.of(10, 100, 1000, 5000, 10000), o.qps());
        assertEquals(10000, o.maxRows());
    }

    @Test
    void quickIsOneThousandRowsUnlessRowsAreGiven() {
        assertEquals(List.of(1000), PgOptions.parse(new String[]{"--quick"}).rows());
        assertEquals(Duration.ofSeconds(2), PgOptions.parse(new String[]{"--quick"}).warmup());
        assertEquals(List.of(50), PgOptions.parse(new String[]{"--quick", "--rows", "50"}).rows());
    }

    @Test
    void listsAreParsedWithoutRepeats() {
        PgOptions o = PgOptions.parse(new String[]{"--rows", "10,20,10", "--qps", "1,2", "--compression", "LZ4", "--keep",
            "--warmup", "250ms", "--jdbc-url", "jdbc:postgresql://db:5432/x", "--user", "u", "--password-env", "PW"});
        assertEquals(List.of(10, 20), o.rows());
        assertEquals(20, o.maxRows());
        assertEquals(List.of(1, 2), o.qps());
        assertEquals("lz4", o.compression());
        assertTrue(o.keep());
        assertEquals(Duration.ofMillis(250), o.warmup());
        assertEquals("u", o.user());
        assertEquals("PW", o.passwordEnv());
    }

    @Test
    void badValuesAreRefusedNamingTheOption() {
        assertRefused("--rows", "--rows", "0");
        assertRefused("--rows", "--rows", "ten");
        assertRefused("--batch", "--batch", "-1");
        assertRefused("--compression", "--compression", "zstd");
        assertRefused("--jdbc-url", "--jdbc-url", "postgresql://host/db");
        assertRefused("--user", "--user", "bob");
        assertRefused("--embedded-port", "--embedded-port", "70000");
        assertRefused("--embedded-port", "--embedded-port", "5432", "--jdbc-url", "jdbc:postgresql://h/d");
        assertRefused("--warmup", "--warmup", "soon");
        assertRefused("--nope", "--nope", "1");
        assertRefused("--batch", "--batch");
        assertRefused("stray", "stray");
    }

    @Test
    void aRefusedUrlIsShownWithoutItsPassword() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PgOptions.parse(new String[]{"--jdbc-url", "mysql://h/d?password=hunter2"}));
        assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }

    private static void assertRefused(String named, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> PgOptions.parse(args));
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }
}
