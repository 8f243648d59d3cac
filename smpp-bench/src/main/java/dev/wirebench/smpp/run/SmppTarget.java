package dev.wirebench.smpp.run;

import dev.wirebench.harness.rig.Idle;
import dev.wirebench.harness.rig.LoadTarget;
import dev.wirebench.harness.rig.Responses;
import dev.wirebench.harness.rig.Transceiver;
import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.client.RequestTimeoutException;
import dev.wirebench.smpp.client.SubmitListener;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.transport.EventLoops;
import io.netty.channel.EventLoopGroup;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * This project's ESME as the load rig drives it: one bound transceiver session per rig session, a request is
 * the sample submit_sm, and its response the submit_sm_resp (an error status or the ESME's request timeout
 * ends it as a failure). The sessions share event loops, at most one per core.
 */
final class SmppTarget implements LoadTarget {

    /** The account every run binds with, and a server run accepts. */
    static final String SYSTEM_ID = "wirebench";
    static final String PASSWORD = "wirebnch";
    /** A request fails after this; the rig's stall detection waits longer. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);
    /** The count of delivery receipts in {@link #counts()}. */
    static final String RECEIPTS = "receipts";

    private final int window;
    private final Idle idle;
    private final List<CompletableFuture<Void>> closing = new ArrayList<>();
    private final List<Session> sessions = new ArrayList<>();
    private EventLoopGroup group;

    /** @param window the ESME's own window: at least what the rig keeps in flight per session */
    SmppTarget(int window, Idle idle) {
        this.window = window;
        this.idle = idle;
    }

    @Override
    public String name() {
        return "smpp";
    }

    @Override
    public List<String> responses() {
        return List.of("submit_sm_resp");
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("client", "this project's Esme on Netty NIO, bound as transceiver, window " + window);
        s.put("event loops", idle == Idle.SPIN ? "one, polling (selectNow in a loop)"
                : "one per session up to one per core, blocking in select");
        s.put("request timeout", REQUEST_TIMEOUT.toSeconds() + " s");
        return s;
    }

    @Override
    public List<Transceiver> connect(InetSocketAddress smsc, List<Responses> receivers, Duration timeout)
            throws IOException {
        // one event loop per core at most: more would only take turns on the same cores; spinning, one: each
        // spinning loop keeps a core busy, and the SMSC needs one too
        int loops = idle == Idle.SPIN ? 1 : Math.min(receivers.size(), Runtime.getRuntime().availableProcessors());
        group = EventLoops.nio("esme", loops, idle == Idle.SPIN);
        EsmeConfig config = EsmeConfig.of(smsc.getPort(), SYSTEM_ID, PASSWORD).withHost(smsc.getHostString())
                .withWindow(window).withRequestTimeout(REQUEST_TIMEOUT).withBindTimeout(timeout);
        List<CompletableFuture<Esme>> connecting = new ArrayList<>();
        for (int i = 0; i < receivers.size(); i++) {
            connecting.add(Esme.connectAsync(config, group));
        }
        List<Transceiver> bound = new ArrayList<>();
        IOException failure = null;
        for (int i = 0; i < connecting.size(); i++) {
            CompletableFuture<Esme> c = connecting.get(i);
            try {
                // the bind timeout bounds each; twice it leaves room for a slow accept queue
                Session session = new Session(c.get(2 * timeout.toMillis(), TimeUnit.MILLISECONDS), receivers.get(i));
                sessions.add(session);
                bound.add(session);
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (failure == null) {
                    failure = cause instanceof IOException io ? new IOException(io.getMessage(), io)
                            : new IOException("cannot bind to " + (config.host() + ":" + config.port()) + ": " + cause.getMessage(), cause);
                }
            } catch (TimeoutException e) {
                c.cancel(false);
                if (failure == null) {
                    failure = new IOException("no bind_transceiver_resp from " + (config.host() + ":" + config.port()) + " within "
                            + 2 * timeout.toSeconds() + " s");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                failure = new IOException("interrupted while binding");
            }
        }
        if (failure != null) {
            bound.forEach(Transceiver::close);
            throw failure;
        }
        return bound;
    }

    /** Delivery receipts the sessions received (and answered), over the whole run. */
    @Override
    public Map<String, Long> counts() {
        long receipts = 0;
        for (Session s : sessions) {
            receipts += s.esme.stats().receiptsReceived();
        }
        return Map.of(RECEIPTS, receipts);
    }

    @Override
    public void close() {
        try {
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .get(REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // an unbind not answered in time: the channels are closed all the same
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    /** One bound session; its listener turns each outcome into the rig's terms. */
    private final class Session implements Transceiver, SubmitListener {
        private final Esme esme;
        private final Responses responses;

        Session(Esme esme, Responses responses) {
            this.esme = esme;
            this.responses = responses;
        }

        @Override
        public void send(long stamp) throws IOException {
            try {
                esme.submit(SmppSamples.SUBMIT_SM, this, stamp);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while submitting", e);
            }
        }

        @Override
        public void onComplete(SubmitSmResp response, Throwable error, long stamp) {
            if (error == null && response.commandStatus() == CommandStatus.ESME_ROK) {
                responses.onResponse(0, stamp, System.nanoTime());
                return;
            }
            responses.onFailure(stamp, error instanceof RequestTimeoutException);
            if (error != null && !(error instanceof RequestTimeoutException) && !esme.isOpen()) {
                // the SMSC went away mid-run
                responses.onClosed(error.getMessage());
            }
        }

        /** Unbinds without waiting: the sessions unbind together, and {@link SmppTarget#close()} waits for them. */
        @Override
        public void close() {
            closing.add(esme.closeAsync());
        }
    }
}
