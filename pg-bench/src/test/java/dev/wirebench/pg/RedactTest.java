package dev.wirebench.pg;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class RedactTest {

    @Test
    void passwordsLeaveTheUrlAndEverythingElseStays() {
        assertEquals("jdbc:postgresql://h:5432/db", Redact.url("jdbc:postgresql://h:5432/db"));
        assertEquals("jdbc:postgresql://h/db", Redact.url("jdbc:postgresql://h/db?password=s3cret"));
        assertEquals("jdbc:postgresql://h/db?user=u&ssl=true",
                Redact.url("jdbc:postgresql://h/db?user=u&PASSWORD=s3cret&ssl=true&sslpassword=k"));
    }
}
