package dev.wirebench.smpp.run;

import dev.wirebench.harness.rig.LoadTarget;
import dev.wirebench.harness.rig.Responses;
import dev.wirebench.harness.rig.Transceiver;
import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.client.EsmeStats;
import dev.wirebench.smpp.client.RequestTimeoutException;
import dev.wirebench.smpp.client.SubmitListener;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.transport.EventLoops;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * This project's ESME as the rig drives it under {@code --faults}: as {@link SmppTarget}, except that a session
 * whose connection ends (the SMSC restarted, an enquire_link unanswered on a dead link) binds again and carries
 * on, and every submit_sm ends in exactly one counted outcome: answered, refused (an error status), timed out, or
 * lost with its connection. A submit_sm sent while its session is down waits for the new bind (at most the request
 * timeout, from its stamp) and goes then, so its latency holds the outage. The clean-link {@link SmppTarget} does
 * none of this, and its measured path stays as it was.
 */
final class SmppFaultTarget implements LoadTarget {

    /** A session with nothing to say sends an enquire_link after this; unanswered within the request timeout, the link is dead. */
    static final Duration ENQUIRE_LINK = Duration.ofSeconds(2);
    private static final long FIRST_BACKOFF_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long MAX_BACKOFF_NANOS = TimeUnit.SECONDS.toNanos(1);

    private final int window;
    private final List<Session> sessions = new ArrayList<>();
    /** Every ESME this run bound, the replaced ones too: their counters are the run's. */
    private final List<Esme> esmes = new CopyOnWriteArrayList<>();
    private final Histogram reconnectNanos = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong answered = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private final AtomicLong timedOut = new AtomicLong();
    private final AtomicLong lost = new AtomicLong();
    private final AtomicLong reconnects = new AtomicLong();
    private final AtomicLong failedBinds = new AtomicLong();
    private EventLoopGroup group;
    private EsmeConfig config;
    private volatile boolean closing;
    private boolean closed;

    SmppFaultTarget(int window) {
        this.window = window;
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
        s.put("client", "this project's Esme on Netty NIO, bound as transceiver, window " + window
                + ", binding again whenever a session's connection ends");
        s.put("request timeout", SmppTarget.REQUEST_TIMEOUT.toSeconds() + " s");
        s.put("enquire_link", "after " + ENQUIRE_LINK.toSeconds() + " s without traffic; unanswered within the request"
                + " timeout, the session closes and binds again");
        return s;
    }

    @Override
    public List<Transceiver> connect(InetSocketAddress smsc, List<Responses> receivers, Duration timeout)
            throws IOException {
        group = EventLoops.nio("esme", Math.min(receivers.size(), Runtime.getRuntime().availableProcessors()));
        config = EsmeConfig.of(smsc.getPort(), SmppTarget.SYSTEM_ID, SmppTarget.PASSWORD).withHost(smsc.getHostString())
                .withWindow(window).withRequestTimeout(SmppTarget.REQUEST_TIMEOUT).withBindTimeout(timeout)
                .withEnquireLinkInterval(ENQUIRE_LINK);
        List<Transceiver> bound = new ArrayList<>();
        for (Responses receiver : receivers) {
            Esme esme;
            try {
                esme = Esme.connectAsync(config, group).get(2 * timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                bound.forEach(Transceiver::close);
                throw new IOException("cannot bind to " + smsc.getHostString() + ":" + smsc.getPort() + ": "
                        + (e.getCause() == null ? "no answer in time" : e.getCause().getMessage()), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while binding", e);
            }
            Session session = new Session(receiver);
            session.attach(esme, 0);
            sessions.add(session);
            bound.add(session);
        }
        return bound;
    }

    /** What every submit_sm came to, over the whole run (warm-up included), and what the sessions went through. */
    @Override
    public Map<String, Long> counts() {
        long late = 0;
        long slotsHeld = 0;
        long enquireSent = 0;
        long deadLinks = 0;
        for (Esme e : esmes) {
            EsmeStats s = e.stats();
            late += s.unmatchedResponses();
            slotsHeld += s.inFlight();
            enquireSent += s.enquireLinksSent();
            deadLinks += s.deadLink();
        }
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put(FaultCounts.SENT, sent.get());
        counts.put(FaultCounts.ANSWERED, answered.get());
        counts.put(FaultCounts.REFUSED, refused.get());
        counts.put(FaultCounts.TIMED_OUT, timedOut.get());
        counts.put(FaultCounts.LOST, lost.get());
        counts.put(FaultCounts.UNACCOUNTED, sent.get() - answered.get() - refused.get() - timedOut.get() - lost.get());
        counts.put(FaultCounts.LATE, late);
        counts.put(FaultCounts.SLOTS_HELD, slotsHeld);
        counts.put(FaultCounts.RECONNECTS, reconnects.get());
        counts.put(FaultCounts.FAILED_BINDS, failedBinds.get());
        counts.put(FaultCounts.ENQUIRE_LINKS, enquireSent);
        counts.put(FaultCounts.DEAD_LINKS, deadLinks);
        return counts;
    }

    /** From the loss of a session's connection to its new bind, each time one was lost. */
    Histogram reconnects() {
        synchronized (reconnectNanos) {
            return reconnectNanos.copy();
        }
    }

    @Override
    public void close() {
        if (closed) {
            // closed already: the fault run closes the ESMEs before it counts what the SMSC still holds
            return;
        }
        closed = true;
        closing = true;
        List<CompletableFuture<Void>> closed = new ArrayList<>();
        for (Session s : sessions) {
            s.wake();
            Esme e = s.esme;
            if (e != null) {
                closed.add(e.closeAsync());
            }
        }
        try {
            CompletableFuture.allOf(closed.toArray(CompletableFuture[]::new))
                    .get(SmppTarget.REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // an unbind not answered in time: the channels are closed all the same
        }
        for (Session s : sessions) {
            s.join();
        }
        if (group != null) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    /** One rig session over a run of ESMEs, one after another: the next bound when the one before is lost. */
    private final class Session implements Transceiver, SubmitListener {
        private final Responses responses;
        /** The bound ESME, or null while the session is down; changed under this session's lock. */
        private volatile Esme esme;
        /** Stamps of requests sent while down, oldest first; under the lock. */
        private final ArrayDeque<Long> waiting = new ArrayDeque<>();
        private Thread binder;

        Session(Responses responses) {
            this.responses = responses;
        }

        @Override
        public void send(long stamp) {
            sent.incrementAndGet();
            Esme e;
            synchronized (this) {
                e = esme;
                if (e == null) {
                    waiting.add(stamp);
                    return;
                }
            }
            submit(e, stamp);
        }

        private void submit(Esme e, long stamp) {
            try {
                e.submit(SmppSamples.SUBMIT_SM, this, stamp);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                lost.incrementAndGet();
                responses.onFailure(stamp, false);
            }
        }

        @Override
        public void onComplete(SubmitSmResp response, Throwable error, long stamp) {
            if (error == null) {
                if (response.commandStatus() == CommandStatus.ESME_ROK) {
                    answered.incrementAndGet();
                    responses.onResponse(0, stamp, System.nanoTime());
                } else {
                    refused.incrementAndGet();
                    responses.onFailure(stamp, false);
                }
                return;
            }
            if (error instanceof RequestTimeoutException) {
                timedOut.incrementAndGet();
                responses.onFailure(stamp, true);
                return;
            }
            Esme e = esme;
            if (e != null && e.isOpen()) {
                // a generic_nack: an answer, if not the one asked for
                refused.incrementAndGet();
            } else {
                lost.incrementAndGet();
                // down before the rig hears of it: in closed loop the next request leaves from that call, and must wait
                if (e != null) {
                    lost(e);
                }
            }
            responses.onFailure(stamp, false);
        }

        /** A bound ESME takes over; what waited for it goes now, with its own stamp. */
        void attach(Esme e, long lostAt) {
            esmes.add(e);
            List<Long> queued;
            synchronized (this) {
                esme = e;
                queued = new ArrayList<>(waiting);
                waiting.clear();
            }
            if (lostAt != 0) {
                reconnects.incrementAndGet();
                synchronized (reconnectNanos) {
                    reconnectNanos.recordValue(Math.min(reconnectNanos.getHighestTrackableValue(),
                            System.nanoTime() - lostAt));
                }
            }
            e.whenClosed().thenRun(() -> lost(e));
            for (long stamp : queued) {
                submit(e, stamp);
            }
        }

        /** {@code e}'s connection ended: the session is down until a new bind, which starts now. */
        void lost(Esme e) {
            long at = System.nanoTime();
            synchronized (this) {
                if (esme != e || closing) {
                    return;
                }
                esme = null;
                binder = new Thread(() -> bindAgain(at), "esme-rebind");
                binder.setDaemon(true);
                binder.start();
            }
        }

        /** Binds again until it works or the run closes, backing off; requests waiting too long time out meanwhile. */
        private void bindAgain(long lostAt) {
            long backoff = FIRST_BACKOFF_NANOS;
            while (!closing) {
                expireWaiting(System.nanoTime() - SmppTarget.REQUEST_TIMEOUT.toNanos(), false);
                CompletableFuture<Esme> binding = Esme.connectAsync(config, group);
                try {
                    Esme e = binding.get(2 * config.bindTimeout().toMillis(), TimeUnit.MILLISECONDS);
                    if (closing) {
                        e.closeAsync();
                        break;
                    }
                    attach(e, lostAt);
                    return;
                } catch (ExecutionException | TimeoutException refused) {
                    binding.cancel(false);
                    failedBinds.incrementAndGet();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    break;
                }
                long until = System.nanoTime() + backoff;
                for (long wait = backoff; wait > 0 && !closing; wait = until - System.nanoTime()) {
                    LockSupport.parkNanos(this, wait);
                }
                backoff = Math.min(2 * backoff, MAX_BACKOFF_NANOS);
            }
            // the run is over: what still waits was never sent
            expireWaiting(0, true);
        }

        /** Fails, as timed out, every waiting request stamped before {@code before}, or every one. */
        private void expireWaiting(long before, boolean all) {
            List<Long> expired = new ArrayList<>();
            synchronized (this) {
                while (!waiting.isEmpty() && (all || waiting.peekFirst() - before < 0)) {
                    expired.add(waiting.pollFirst());
                }
            }
            for (long stamp : expired) {
                timedOut.incrementAndGet();
                responses.onFailure(stamp, true);
            }
        }

        void wake() {
            Thread b;
            synchronized (this) {
                b = binder;
            }
            if (b != null) {
                LockSupport.unpark(b);
            }
        }

        void join() {
            Thread b;
            synchronized (this) {
                b = binder;
            }
            if (b != null) {
                try {
                    b.join(3 * config.bindTimeout().toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /** The target closes every session together: see {@link SmppFaultTarget#close()}. */
        @Override
        public void close() {
            closing = true;
        }
    }
}
