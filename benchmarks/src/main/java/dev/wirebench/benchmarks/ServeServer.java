package dev.wirebench.benchmarks;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.wirebench.codec.Codecs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The HTTP server of {@code serve}, on the JDK's own {@link HttpServer}: the JSON API, the dashboard
 * files, one log line per request and the handling time of every request per route.
 *
 * <ul>
 *   <li>{@code /}, {@code /app.js}, {@code /style.css}: the dashboard, from {@code dashboard/} on the class path</li>
 *   <li>{@code /api/codecs}: formats, messages, codec names and sample names</li>
 *   <li>{@code /api/test/{format}?message=market-data&sample=0}: one round trip ({@link CodecTrial})</li>
 *   <li>{@code /api/test/hdr/report}: request latency per route, also written to a run folder ({@link RouteLatencies})</li>
 *   <li>{@code /api/runs/latest}, {@code /runs/{folder}/{file}}: run folders ({@link RunFiles})</li>
 * </ul>
 * Only GET is served (405 otherwise); every error is one line of JSON, {@code {"error": ..., "known": [...]}},
 * and an unexpected failure's stack trace goes to the log, never to the client.
 *
 * <p>Every request is handled on one thread, in arrival order. The codecs, their buffer and the latency
 * recorders are thus used by one thread only, as {@link dev.wirebench.codec.MessageCodec} and
 * {@link dev.wirebench.harness.LatencyRecorder} require, and one request's timings are not disturbed by
 * another running beside it; a dashboard for one person at a time needs no more.
 */
final class ServeServer implements AutoCloseable {

    /** What a request that matches no route is recorded under. */
    static final String NO_ROUTE = "(no route)";
    private static final String DASHBOARD = "/dashboard/";
    private static final List<String> ASSETS = List.of("index.html", "app.js", "style.css");
    private static final Map<String, String> ASSET_TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "css", "text/css; charset=utf-8");
    /** The page loads nothing from elsewhere; say so, so a browser refuses if it ever tries. */
    private static final String CSP = "default-src 'self'; img-src 'self' data:; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'";

    private final HttpServer http;
    private final ExecutorService executor;
    private final PrintStream log;
    private final List<Route> routes = new ArrayList<>();
    private final RouteLatencies latencies;
    private final CountDownLatch closed = new CountDownLatch(1);

    /** One GET endpoint: a path template whose {@code {name}} parts match one path segment each. */
    private record Route(String template, Pattern pattern, Handler handler) {
    }

    @FunctionalInterface
    private interface Handler {
        ServeReply handle(List<String> params, Map<String, String> query) throws IOException;
    }

    private ServeServer(HttpServer http, ServeOptions options, Codecs codecs, PrintStream log) {
        this.http = http;
        this.log = log;
        this.latencies = new RouteLatencies(LocalDateTime.now());
        CodecTrial trial = new CodecTrial(codecs);
        RunFiles runs = new RunFiles(options.resultsDir());
        for (String name : ASSETS) {
            String type = ASSET_TYPES.get(name.substring(name.lastIndexOf('.') + 1));
            ServeReply asset = ServeReply.bytes(type, asset(name)).withHeader("Content-Security-Policy", CSP);
            route(name.equals("index.html") ? "/" : "/" + name, (p, q) -> asset);
        }
        route("/api/codecs", (p, q) -> ServeReply.json(trial.catalogue()));
        route("/api/test/hdr/report", (p, q) -> ServeReply.json(latencies.report(options.resultsDir())));
        route("/api/test/{format}", (p, q) -> ServeReply.json(trial.roundTrip(p.get(0),
                q.getOrDefault("message", CodecTrial.DEFAULT_MESSAGE), q.getOrDefault("sample", "0"))));
        route("/api/runs/latest", (p, q) -> ServeReply.json(runs.latest()));
        route("/runs/{folder}/{file}", (p, q) -> runs.file(p.get(0), p.get(1)));
        this.executor = Executors.newSingleThreadExecutor(r -> new Thread(r, "wirebench-serve"));
        http.setExecutor(executor);
        http.createContext("/", this::handle);
    }

    /**
     * Listens on {@code options}' address and port and starts serving.
     *
     * @throws IllegalStateException with a one-line message when the port is in use or the address
     *                               cannot be listened on
     */
    static ServeServer start(ServeOptions options, Codecs codecs, PrintStream log) {
        InetSocketAddress address = new InetSocketAddress(options.bind(), options.port());
        if (address.isUnresolved()) {
            throw new IllegalStateException("cannot resolve the address " + options.bind() + " given to "
                    + "--bind");
        }
        HttpServer http;
        try {
            http = HttpServer.create(address, 0);
        } catch (BindException e) {
            throw new IllegalStateException(String.valueOf(e.getMessage()).contains("in use")
                    ? "port " + options.port() + " on " + options.bind() + " is in use; choose another with "
                    + "--port"
                    : "cannot listen on " + options.bind() + " port " + options.port() + ": " + e.getMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot listen on " + options.bind() + " port " + options.port()
                    + ": " + e.getMessage(), e);
        }
        try {
            ServeServer server = new ServeServer(http, options, codecs, log);
            http.start();
            return server;
        } catch (RuntimeException e) {
            http.stop(0);
            throw e;
        }
    }

    /** The port it listens on (the one picked when asked for port 0). */
    int port() {
        return http.getAddress().getPort();
    }

    /** {@code http://host:port/}, with the host as it was asked for. */
    String url(String host) {
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + "/";
    }

    /** Stops listening, lets a request being handled finish (up to 1 s) and stops the request thread. */
    @Override
    public void close() {
        synchronized (closed) {
            if (closed.getCount() == 0) {
                return;
            }
            http.stop(1);
            executor.shutdown();
            try {
                executor.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            closed.countDown();
        }
    }

    /** Blocks until {@link #close()} has run. */
    void awaitClose() throws InterruptedException {
        closed.await();
    }

    private void route(String template, Handler handler) {
        StringBuilder regex = new StringBuilder();
        for (String part : template.split("((?=\\{)|(?<=\\}))")) {
            regex.append(part.startsWith("{") ? "([^/]+)" : Pattern.quote(part));
        }
        routes.add(new Route(template, Pattern.compile(regex.toString()), handler));
        latencies.add(template);
    }

    private List<String> templates() {
        return routes.stream().map(Route::template).toList();
    }

    private void handle(HttpExchange exchange) {
        long start = System.nanoTime();
        String method = exchange.getRequestMethod();
        URI uri = exchange.getRequestURI();
        String route = NO_ROUTE;
        ServeReply reply;
        try {
            Route matched = null;
            Matcher matcher = null;
            for (Route candidate : routes) {
                matcher = candidate.pattern().matcher(uri.getRawPath());
                if (matcher.matches()) {
                    matched = candidate;
                    break;
                }
            }
            if (matched == null) {
                reply = ServeReply.error(404, "no such path: " + uri.getRawPath(), templates());
            } else if (!method.equals("GET")) {
                route = matched.template();
                reply = ServeReply.error(405, method + " " + uri.getRawPath() + ": only GET is served", null)
                        .withHeader("Allow", "GET");
            } else {
                route = matched.template();
                List<String> params = new ArrayList<>();
                for (int i = 1; i <= matcher.groupCount(); i++) {
                    params.add(decode(matcher.group(i), false));
                }
                reply = matched.handler().handle(params, query(uri.getRawQuery()));
            }
        } catch (ServeReply.Refusal refusal) {
            reply = refusal.reply();
        } catch (Exception | Error e) {
            // the whole story goes to the log; the client gets one line of it
            log.println("wirebench serve: " + method + " " + uri + " failed:");
            e.printStackTrace(log);
            reply = ServeReply.error(500, "internal error on " + method + " " + uri.getRawPath() + ": "
                    + (e.getMessage() == null ? "see the server's log" : e.getMessage()), null);
        }
        try {
            send(exchange, reply);
        } catch (IOException gone) {
            log.println("wirebench serve: " + method + " " + uri + ": the response could not be sent ("
                    + gone.getMessage() + ")");
        } finally {
            exchange.close();
        }
        long nanos = System.nanoTime() - start;
        latencies.record(route, nanos);
        log.println(method + " " + uri + " " + reply.status() + " " + TimeUnit.NANOSECONDS.toMicros(nanos) + " us");
    }

    private static void send(HttpExchange exchange, ServeReply reply) throws IOException {
        Headers headers = exchange.getResponseHeaders();
        headers.set("Content-Type", reply.contentType());
        headers.set("Cache-Control", "no-store");
        headers.set("X-Content-Type-Options", "nosniff");
        reply.headers().forEach(headers::set);
        byte[] body = reply.body();
        exchange.sendResponseHeaders(reply.status(), body.length == 0 ? -1 : body.length);
        if (body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** The query's parameters, the first value of each; {@code +} is a space there, as forms send it. */
    private static Map<String, String> query(String raw) {
        Map<String, String> query = new HashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                if (!pair.isEmpty()) {
                    int eq = pair.indexOf('=');
                    query.putIfAbsent(decode(eq < 0 ? pair : pair.substring(0, eq), true),
                            eq < 0 ? "" : decode(pair.substring(eq + 1), true));
                }
            }
        }
        return query;
    }

    private static String decode(String raw, boolean plusIsSpace) {
        try {
            return URLDecoder.decode(plusIsSpace ? raw : raw.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw new ServeReply.Refusal(400, "malformed percent-encoding in '" + raw + "'", null);
        }
    }

    private static byte[] asset(String name) {
        try (InputStream in = ServeServer.class.getResourceAsStream(DASHBOARD + name)) {
            if (in == null) {
                throw new IllegalStateException("the dashboard file " + DASHBOARD + name
                        + " is missing from the class path: rebuild benchmarks.jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the dashboard file " + DASHBOARD + name, e);
        }
    }
}
