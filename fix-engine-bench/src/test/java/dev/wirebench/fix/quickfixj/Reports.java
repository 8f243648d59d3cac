package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Records what a client receives; in closed loop it sends the next order from each fill, up to a count. */
final class Reports implements ReportListener {

    final List<Long> acks = new CopyOnWriteArrayList<>();
    final List<Long> fills = new CopyOnWriteArrayList<>();
    final List<String> disconnects = new CopyOnWriteArrayList<>();
    final CountDownLatch disconnected = new CountDownLatch(1);
    private final int orders;
    private final CountDownLatch done;
    private volatile FixClient closedLoop;

    Reports(int orders) {
        this.orders = orders;
        this.done = new CountDownLatch(orders);
    }

    /** Sends the first order; each fill then sends the next until {@code orders} have been filled. */
    void runClosedLoop(FixClient client) throws IOException {
        closedLoop = client;
        client.sendOrder(0);
    }

    boolean awaitFills(long seconds) throws InterruptedException {
        return done.await(seconds, TimeUnit.SECONDS);
    }

    @Override
    public void onReport(char execType, long stamp, FixText message) {
        if (execType == PingPong.EXEC_TYPE_NEW) {
            acks.add(stamp);
            return;
        }
        fills.add(stamp);
        done.countDown();
        FixClient client = closedLoop;
        if (client != null && fills.size() < orders) {
            try {
                client.sendOrder(stamp + 1);
            } catch (IOException e) {
                disconnects.add("send failed: " + e.getMessage());
            }
        }
    }

    @Override
    public void onDisconnect(String why) {
        disconnects.add(why);
        disconnected.countDown();
    }
}
