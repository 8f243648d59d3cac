package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.philadelphia.PhiladelphiaEngine;
import dev.wirebench.fix.quickfixj.QuickFixJEngine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Artio speaks plain FIX 4.4 to other engines: QuickFIX/J validating against its FIX44.xml, and Philadelphia. */
class ArtioInteropTest {

    private static final InetSocketAddress ANY_LOCAL_PORT = new InetSocketAddress("127.0.0.1", 0);

    @Test
    @Timeout(60)
    void shouldServeAQuickFixJClientThatValidatesEveryReport() throws Exception {
        try (FixServer server = new ArtioEngine().startServer(ANY_LOCAL_PORT)) {
            closedLoop(QuickFixJEngine.named("quickfixj").orElseThrow(), server.address(), 50);
        }
    }

    @Test
    @Timeout(60)
    void shouldTradeWithAPhiladelphiaServer() throws Exception {
        try (FixServer server = new PhiladelphiaEngine().startServer(ANY_LOCAL_PORT)) {
            closedLoop(new ArtioEngine(), server.address(), 50);
        }
    }

    /** {@code orders} orders, each sent when the last one's fill arrives; every one acked, then filled. */
    private static void closedLoop(FixEngine client, InetSocketAddress server, int orders) throws Exception {
        AtomicInteger acks = new AtomicInteger();
        AtomicInteger fills = new AtomicInteger();
        AtomicReference<String> trouble = new AtomicReference<>();
        CountDownLatch done = new CountDownLatch(1);
        AtomicReference<FixClient> session = new AtomicReference<>();
        try (FixClient c = client.connect(server, Duration.ofSeconds(10), new ReportListener() {
            @Override
            public void onReport(char execType, long stamp, FixText message) {
                if (execType == '0') {
                    if (stamp != fills.get()) {
                        trouble.compareAndSet(null, "ack for " + stamp + " while " + fills.get() + " was due");
                    }
                    acks.incrementAndGet();
                    return;
                }
                if (stamp != fills.get() || acks.get() != fills.get() + 1) {
                    trouble.compareAndSet(null, "fill for " + stamp + " after " + acks.get() + " acks, " + fills.get() + " fills");
                }
                if (fills.incrementAndGet() == orders) {
                    done.countDown();
                    return;
                }
                try {
                    session.get().sendOrder(fills.get());
                } catch (IOException e) {
                    trouble.compareAndSet(null, e.toString());
                }
            }

            @Override
            public void onDisconnect(String why) {
                trouble.compareAndSet(null, why);
            }
        })) {
            session.set(c);
            c.sendOrder(0);
            assertTrue(done.await(30, TimeUnit.SECONDS), "fills: " + fills.get() + ", trouble: " + trouble.get());
        }
        assertNull(trouble.get());
        assertEquals(orders, acks.get());
    }
}
