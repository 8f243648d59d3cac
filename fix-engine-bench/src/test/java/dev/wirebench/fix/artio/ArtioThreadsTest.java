package dev.wirebench.fix.artio;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What runs where, as the settings say: parking, each engine's framer has a thread of its own; spinning,
 * it has none (the library's poller steps it). Either way, closing ends every thread the engine started.
 */
class ArtioThreadsTest {

    @ParameterizedTest(name = "spin={0}")
    @ValueSource(booleans = {false, true})
    @Timeout(60)
    void shouldGiveTheFramerAThreadOnlyWhenParkingAndEndEveryThreadOnClose(boolean spin) throws Exception {
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        ArtioEngine engine = new ArtioEngine(spin);
        CountDownLatch fill = new CountDownLatch(1);
        try (FixServer server = engine.startServer(new InetSocketAddress("127.0.0.1", 0));
             FixClient client = engine.connect(server.address(), Duration.ofSeconds(10), new ReportListener() {
                 @Override
                 public void onReport(char execType, long stamp, FixText message) {
                     if (execType == PingPong.EXEC_TYPE_TRADE) {
                         fill.countDown();
                     }
                 }

                 @Override
                 public void onDisconnect(String why) {
                 }
             })) {
            client.sendOrder(1);
            assertTrue(fill.await(10, TimeUnit.SECONDS), "no fill: the framers do not run");
            List<String> started = names(startedSince(before));
            long framers = started.stream().filter(name -> name.contains("Framer")).count();
            assertEquals(spin ? 0 : 2, framers, "threads running a framer: " + started);
            assertTrue(started.contains("fix-artio-server-poll") && started.contains("fix-artio-client-poll"),
                    started.toString());
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        for (Thread thread : startedSince(before)) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        }
        assertEquals(List.of(), names(startedSince(before)), "threads still running after close");
    }

    private static Set<Thread> startedSince(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(thread -> !before.contains(thread) && thread.isAlive())
                .collect(Collectors.toSet());
    }

    private static List<String> names(Set<Thread> threads) {
        return threads.stream().map(Thread::getName).sorted().collect(Collectors.toList());
    }
}
