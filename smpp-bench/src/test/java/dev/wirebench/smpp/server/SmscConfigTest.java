package dev.wirebench.smpp.server;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Each {@code with...} changes its own setting and keeps every other, the reader among them. */
class SmscConfigTest {

    private static final SmscConfig CHANGED = new SmscConfig("127.0.0.2", 2775, Map.of("a", "b"), "smsc", true,
            Duration.ofSeconds(7), 4096, 8192, Duration.ofMillis(3), 2, true, SmscReader.DECODE);

    @Test
    void readsSubmitSmThroughTheFlyweightByDefault() {
        assertEquals(SmscReader.FLYWEIGHT, SmscConfig.of(Map.of()).reader());
    }

    @Test
    void everyWithKeepsEveryOtherSetting() {
        SmscConfig c = CHANGED;
        assertEquals(c, c.withHost(c.host()).withPort(c.port()).withReceipts(c.receipts()).withIdleTimeout(c.idleTimeout())
                .withMaxCommandLength(c.maxCommandLength()).withOutboundBound(c.outboundBound())
                .withSubmitResponseDelay(c.submitResponseDelay()).withWorkerThreads(c.workerThreads()).withSpin(c.spin())
                .withReader(c.reader()));
        assertEquals(SmscReader.FLYWEIGHT, c.withReader(SmscReader.FLYWEIGHT).reader());
        assertEquals(c, c.withReader(SmscReader.FLYWEIGHT).withReader(SmscReader.DECODE));
        assertEquals(c.withReader(SmscReader.FLYWEIGHT), c.withSpin(false).withReader(SmscReader.FLYWEIGHT).withSpin(true));
    }

    @Test
    void refusesANullReaderNamingTheDefault() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SmscConfig.of(Map.of()).withReader(null));
        assertTrue(e.getMessage().contains("FLYWEIGHT"), e.getMessage());
    }
}
