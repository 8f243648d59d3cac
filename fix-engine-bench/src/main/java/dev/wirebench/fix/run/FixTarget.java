package dev.wirebench.fix.run;

import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.history.HistoryWriter;
import dev.wirebench.harness.rig.LoadTarget;
import dev.wirebench.harness.rig.Responses;
import dev.wirebench.harness.rig.Transceiver;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A FIX engine's client side as the load rig drives it: one logged-on session per rig session, a request is a
 * NewOrderSingle whose ClOrdID carries the stamp, and its responses are the ack and then the fill.
 *
 * <p>With a history file, every message sent and received goes to it as {@code <nanotime>;<FIX>} (one session
 * only, so the file is one conversation).
 */
final class FixTarget implements LoadTarget {

    static final List<String> RESPONSES = List.of("ack", "fill");
    private static final int ACK = 0;
    private static final int FILL = 1;

    private final FixEngine engine;
    private final HistoryWriter history;

    /** @param history where every message goes, or null */
    FixTarget(FixEngine engine, HistoryWriter history) {
        this.engine = engine;
        this.history = history;
    }

    @Override
    public String name() {
        return engine.name();
    }

    @Override
    public List<String> responses() {
        return RESPONSES;
    }

    @Override
    public Map<String, String> settings() {
        return engine.settings();
    }

    @Override
    public List<Transceiver> connect(InetSocketAddress server, List<Responses> receivers, Duration timeout)
            throws IOException {
        if (history != null && receivers.size() != 1) {
            throw new IllegalArgumentException("--history keeps one session's conversation: not with --sessions "
                    + receivers.size());
        }
        List<Transceiver> sessions = new ArrayList<>();
        try {
            for (Responses r : receivers) {
                Session s = new Session(r);
                s.client = engine.connect(server, timeout, s);
                sessions.add(s);
            }
        } catch (IOException | RuntimeException e) {
            sessions.forEach(Transceiver::close);
            throw e;
        }
        return sessions;
    }

    @Override
    public void close() {
    }

    /** One logged-on client: orders out, reports in. */
    private final class Session implements Transceiver, ReportListener {
        private final Responses responses;
        private final StringBuilder sentText = new StringBuilder(256);
        private final StringBuilder receivedText = new StringBuilder(256);
        FixClient client;

        Session(Responses responses) {
            this.responses = responses;
        }

        @Override
        public void send(long stamp) throws IOException {
            if (history == null) {
                client.sendOrder(stamp);
                return;
            }
            // the order's text is the client's "last order": in closed loop the next order goes from the
            // receiving thread as soon as a fill arrives, which could replace the last order (and reuse sentText)
            // before the sending thread filed it. The lock makes sending and filing one step; only senders take
            // it, never the filing of reports, so a sender blocked in write cannot hold up the reads that free it
            // filed at its stamp, so fix analyse times each order from its intended send time as the run does
            synchronized (sentText) {
                client.sendOrder(stamp);
                sentText.setLength(0);
                client.appendLastOrder(sentText);
                history.write(stamp, sentText);
            }
        }

        @Override
        public void onReport(char execType, long stamp, FixText message) {
            long now = System.nanoTime();
            if (history != null) {
                receivedText.setLength(0);
                message.appendTo(receivedText);
                history.write(now, receivedText);
            }
            responses.onResponse(execType == PingPong.EXEC_TYPE_NEW ? ACK : FILL, stamp, now);
        }

        @Override
        public void onDisconnect(String why) {
            responses.onClosed(why);
        }

        @Override
        public void close() {
            if (client != null) {
                client.close();
            }
        }
    }
}
