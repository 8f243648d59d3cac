package dev.wirebench.smpp.run;

import dev.wirebench.harness.LatencyRecorder;
import dev.wirebench.smpp.client.Esme;
import dev.wirebench.smpp.client.EsmeConfig;
import dev.wirebench.smpp.client.RequestTimeoutException;
import dev.wirebench.smpp.client.SubmitListener;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.SmppSamples;
import dev.wirebench.smpp.pdu.SubmitSmResp;
import dev.wirebench.smpp.transport.EventLoops;
import io.netty.channel.EventLoopGroup;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One window of the sweep against a running SMSC: N sessions bind, each keeps W submit_sm in flight
 * through the warm-up and the measured window, every submit_sm sent in the measured window is timed
 * from its send to its submit_sm_resp, and the sessions unbind.
 *
 * <p>Each session has a thread of its own that submits in a loop; {@link Esme#submit} blocks while the
 * window is full, so the next request leaves as soon as a response frees a place. Responses are timed
 * on the session's event loop into the session's own recorder (one writer); the caller reads the
 * recorders once every request sent has completed, which the completions' counter makes visible.
 */
final class WindowRun {

    /** The account every run binds with, and a server run accepts. */
    static final String SYSTEM_ID = "wirebench";
    static final String PASSWORD = "wirebnch";
    private static final long PROGRESS_EVERY_NANOS = TimeUnit.SECONDS.toNanos(5);
    /** A request fails after the ESME's timeout; beyond that and a margin, a session that still owes completions is stuck. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(5);

    /**
     * What one window measured.
     *
     * @param latency  send to submit_sm_resp of every request sent in the measured window and answered ESME_ROK, nanoseconds
     * @param submits  those requests
     * @param rate     submits per second of the measured window
     * @param timeouts requests sent in the window that had no response within the request timeout
     * @param errors   requests sent in the window answered with an error status or failed otherwise
     * @param overflow latencies above the recorder's range, recorded as its top
     */
    record Result(int window, int sessions, long submits, double rate, Histogram latency, long timeouts, long errors,
                  long overflow) {
    }

    private WindowRun() {
    }

    /**
     * Runs one window.
     *
     * @throws IOException when the sessions cannot connect or bind (one line naming host:port), a session
     *                     closes during the run, or requests stay unanswered past the request timeout
     */
    static Result run(InetSocketAddress smsc, int window, int sessions, Duration warmup, Duration duration,
                      PrintStream progress) throws IOException, InterruptedException {
        // one event loop per core at most: more would only take turns on the same cores
        EventLoopGroup group = EventLoops.nio("esme", Math.min(sessions, Runtime.getRuntime().availableProcessors()));
        List<Session> all = new ArrayList<>();
        try {
            for (Esme esme : connect(smsc, window, sessions, group)) {
                all.add(new Session(esme));
            }
            long start = System.nanoTime();
            long measureStart = start + warmup.toNanos();
            long measureEnd = measureStart + duration.toNanos();
            List<Thread> senders = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                Session session = all.get(i);
                session.measureStart = measureStart;
                session.measureEnd = measureEnd;
                Thread sender = new Thread(session::send, "smpp-sender-" + window + "-" + i);
                sender.setDaemon(true);
                senders.add(sender);
            }
            senders.forEach(Thread::start);
            report(all, window, start, measureStart, measureEnd, progress);
            for (Thread sender : senders) {
                sender.join(REQUEST_TIMEOUT.toMillis() + 5_000);
                if (sender.isAlive()) {
                    throw new IOException("a sending thread of window " + window + " did not stop: the SMSC stopped answering");
                }
            }
            drain(all, window);
            return result(all, window, duration);
        } finally {
            closeAll(all);
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(5, TimeUnit.SECONDS);
        }
    }

    private static List<Esme> connect(InetSocketAddress smsc, int window, int sessions, EventLoopGroup group)
            throws IOException, InterruptedException {
        EsmeConfig config = EsmeConfig.of(smsc.getPort(), SYSTEM_ID, PASSWORD).withHost(smsc.getHostString())
                .withWindow(window).withRequestTimeout(REQUEST_TIMEOUT);
        List<CompletableFuture<Esme>> connecting = new ArrayList<>();
        for (int i = 0; i < sessions; i++) {
            connecting.add(Esme.connectAsync(config, group));
        }
        List<Esme> bound = new ArrayList<>();
        IOException failure = null;
        for (CompletableFuture<Esme> c : connecting) {
            try {
                // the bind timeout bounds each; twice it leaves room for a slow accept queue
                bound.add(c.get(2 * config.bindTimeout().toMillis(), TimeUnit.MILLISECONDS));
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (failure == null) {
                    failure = cause instanceof IOException io ? new IOException(io.getMessage(), io)
                            : new IOException("cannot bind to " + config.host() + ":" + config.port() + ": " + cause, cause);
                }
            } catch (TimeoutException e) {
                c.cancel(false);
                if (failure == null) {
                    failure = new IOException("no bind_transceiver_resp from " + config.host() + ":" + config.port()
                            + " within " + 2 * config.bindTimeout().toSeconds() + " s");
                }
            }
        }
        if (failure != null) {
            bound.forEach(Esme::closeAsync);
            throw failure;
        }
        return bound;
    }

    /** Prints a line every few seconds until the measured window ends, and fails fast if a session closes. */
    private static void report(List<Session> all, int window, long start, long measureStart, long measureEnd,
                               PrintStream progress) throws IOException {
        long nextProgress = start + PROGRESS_EVERY_NANOS;
        long lastCount = 0;
        long lastAt = start;
        long now;
        while ((now = System.nanoTime()) - measureEnd < 0) {
            for (Session s : all) {
                if (s.failure != null) {
                    throw new IOException(s.failure);
                }
            }
            if (now - nextProgress >= 0) {
                long count = 0;
                for (Session s : all) {
                    count += s.completed.get();
                }
                double rate = (count - lastCount) / ((now - lastAt) / 1e9);
                progress.printf(Locale.ROOT, "  window %d: %.0f of %.0f s, %,.0f submit_sm/s%s%n", window,
                        (now - start) / 1e9, (measureEnd - start) / 1e9, rate, now - measureStart < 0 ? " (warming up)" : "");
                lastCount = count;
                lastAt = now;
                nextProgress = now + PROGRESS_EVERY_NANOS;
            }
            LockSupport.parkNanos(Math.min(measureEnd - now, TimeUnit.MILLISECONDS.toNanos(50)));
        }
    }

    /** Waits until every request sent has completed: answered, timed out or failed. */
    private static void drain(List<Session> all, int window) throws IOException {
        long deadline = System.nanoTime() + REQUEST_TIMEOUT.toNanos() * 2;
        for (Session s : all) {
            while (s.completed.get() != s.sent) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException((s.sent - s.completed.get()) + " submit_sm of window " + window
                            + " neither answered nor timed out after " + REQUEST_TIMEOUT.toSeconds() * 2 + " s");
                }
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(5));
            }
        }
    }

    private static Result result(List<Session> all, int window, Duration duration) {
        Histogram latency = null;
        long timeouts = 0;
        long errors = 0;
        long overflow = 0;
        for (Session s : all) {
            Histogram h = s.recorder.snapshot();
            if (latency == null) {
                latency = h;
            } else {
                latency.add(h);
            }
            timeouts += s.timeouts.get();
            errors += s.errors.get();
            overflow += s.recorder.overflowCount();
        }
        long submits = latency.getTotalCount();
        return new Result(window, all.size(), submits, submits / (duration.toNanos() / 1e9), latency, timeouts, errors,
                overflow);
    }

    private static void closeAll(List<Session> all) {
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (Session s : all) {
            closing.add(s.esme.closeAsync());
        }
        try {
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .get(REQUEST_TIMEOUT.toMillis() + 1000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // an unbind not answered in time: the channel is closed all the same
        }
    }

    /** One session: its sending loop and the listener that times its responses. */
    private static final class Session implements SubmitListener {
        final Esme esme;
        final LatencyRecorder recorder = new LatencyRecorder();
        final AtomicLong completed = new AtomicLong();
        final AtomicLong timeouts = new AtomicLong();
        final AtomicLong errors = new AtomicLong();
        // set before the sending thread starts; read by it and by the listener after its sends
        long measureStart;
        long measureEnd;
        /** Written by the sending thread, read after it is joined. */
        long sent;
        volatile String failure;

        Session(Esme esme) {
            this.esme = esme;
        }

        void send() {
            try {
                while (System.nanoTime() - measureEnd < 0 && failure == null) {
                    // counted first: the response may complete before submit returns
                    sent++;
                    esme.submit(SmppSamples.SUBMIT_SM, this);
                }
            } catch (InterruptedException e) {
                // no listener will hear of the request it was waiting to send
                sent--;
                failure = "interrupted";
                Thread.currentThread().interrupt();
            } catch (RuntimeException e) {
                sent--;
                failure = "submit_sm failed: " + e.getMessage();
            }
        }

        @Override
        public void onComplete(SubmitSmResp response, Throwable error, long sentNanos) {
            try {
                if (error != null && !(error instanceof RequestTimeoutException) && !esme.isOpen() && failure == null) {
                    // the SMSC went away mid-run: the sender stops and the run fails with the reason
                    failure = error.getMessage();
                }
                if (sentNanos - measureStart < 0 || sentNanos - measureEnd >= 0) {
                    return;
                }
                if (error instanceof RequestTimeoutException) {
                    timeouts.incrementAndGet();
                } else if (error != null || response.commandStatus() != CommandStatus.ESME_ROK) {
                    errors.incrementAndGet();
                } else {
                    recorder.record(System.nanoTime() - sentNanos);
                }
            } finally {
                // last: the caller reads the recorder once this count reaches what was sent
                completed.incrementAndGet();
            }
        }
    }
}
