package dev.wirebench.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code serve} over real HTTP on an ephemeral port, as curl or the dashboard calls it. */
class ServeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private static final String OLDER_RUN = "20250101-000000-test";
    private static final String LATEST_RUN = "20260101-000000-test";

    @TempDir
    static Path work;
    private static Path results;
    private static ServeServer server;
    private static final ByteArrayOutputStream LOG = new ByteArrayOutputStream();

    @BeforeAll
    static void start() throws IOException {
        results = work.resolve("results");
        FakeRuns.write(results, OLDER_RUN, true);
        Path latest = FakeRuns.write(results, LATEST_RUN, true);
        FakeRuns.write(results, "20270101-000000-unfinished", false);
        Files.writeString(latest.resolve("notes.txt"), "not a served type");
        // a file outside the results directory, and a link to it from inside a run folder
        Path secret = Files.writeString(work.resolve("secret.json"), "{\"secret\": true}");
        Files.createSymbolicLink(latest.resolve("link.json"), secret);
        server = ServeServer.start(ServeOptions.local(0, results), Codecs.load(),
                new PrintStream(LOG, true, StandardCharsets.UTF_8));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void listsTheFormatsMessagesAndCodecs() throws Exception {
        HttpResponse<String> response = get(server, "/api/codecs");
        assertEquals(200, response.statusCode());
        assertJson(response);
        JsonNode body = JSON.readTree(response.body());
        assertTrue(texts(body.get("codecs")).contains("sbe/market-data"), response.body());
        assertEquals(Codecs.load().names(), texts(body.get("codecs")));
        assertTrue(texts(body.get("formats")).contains("sbe"), response.body());
        assertEquals(MessageType.all().stream().map(MessageType::id).toList(), texts(body.get("messages")));
        assertEquals(List.of("reference", "empty", "unicode", "extremes"), texts(body.get("samples").get("order")));
    }

    @Test
    void roundTripsTheReferenceSampleOfMarketDataByDefault() throws Exception {
        for (String path : List.of("/api/test/sbe?message=market-data", "/api/test/sbe")) {
            HttpResponse<String> response = get(server, path);
            assertEquals(200, response.statusCode(), response.body());
            assertJson(response);
            JsonNode body = JSON.readTree(response.body());
            assertEquals("sbe", body.get("protocol").asText());
            assertEquals("market-data", body.get("message").asText());
            assertEquals("reference", body.get("sample").asText());
            assertTrue(body.get("match").asBoolean(), response.body());
            assertEquals(encodedLength("sbe/market-data", 0), body.get("size").asInt());
            JsonNode original = tree(Samples.reference(MessageType.MARKET_DATA));
            assertEquals(original, body.get("original"));
            assertEquals(original, body.get("decoded"));
            assertEquals("1763700000123456789", body.get("decoded").get("timestamp").asText(),
                    "a long beyond 2^53 is written with all its digits");
            assertTrue(body.get("encodeNanos").asLong() > 0 && body.get("decodeNanos").asLong() > 0, response.body());
        }
    }

    @Test
    void picksTheSampleByIndexOrByName() throws Exception {
        JsonNode byIndex = JSON.readTree(get(server, "/api/test/protobuf?message=order&sample=2").body());
        assertEquals("unicode", byIndex.get("sample").asText());
        assertEquals(encodedLength("protobuf/order", 2), byIndex.get("size").asInt());
        assertEquals(tree(Samples.fixtures(MessageType.ORDER).get(2).message()), byIndex.get("decoded"));

        JsonNode byName = JSON.readTree(get(server, "/api/test/flatbuffers?message=infra-execution&sample=extremes").body());
        assertEquals("extremes", byName.get("sample").asText());
        assertTrue(byName.get("match").asBoolean());
        assertEquals(encodedLength("flatbuffers/infra-execution", 3), byName.get("size").asInt());
        assertEquals(byName.get("original"), byName.get("decoded"));
    }

    @Test
    void anUnknownFormatIs404ListingTheKnownFormats() throws Exception {
        JsonNode body = error(get(server, "/api/test/nope?message=order"), 404);
        assertTrue(body.get("error").asText().contains("'nope'"), body.toString());
        assertTrue(texts(body.get("known")).contains("sbe"), body.toString());
        assertFalse(texts(body.get("known")).contains("sbe/order"), "formats, not codec names: " + body);
    }

    @Test
    void anUnknownMessageIs404ListingTheKnownMessages() throws Exception {
        JsonNode body = error(get(server, "/api/test/sbe?message=quote"), 404);
        assertTrue(body.get("error").asText().contains("'quote'"), body.toString());
        assertEquals(List.of("market-data", "user", "order", "infra-execution"), texts(body.get("known")));
    }

    @Test
    void aBadSampleIs400ListingTheSampleNames() throws Exception {
        for (String sample : List.of("4", "-1", "nonsense", "")) {
            JsonNode body = error(get(server, "/api/test/sbe?message=user&sample=" + sample), 400);
            assertEquals(List.of("reference", "empty", "unicode", "extremes"), texts(body.get("known")), sample);
        }
    }

    @Test
    void anUnknownPathIs404AndAnotherMethodThanGetIs405() throws Exception {
        JsonNode missing = error(get(server, "/api/nothing-here"), 404);
        assertTrue(texts(missing.get("known")).contains("/api/test/{format}"), missing.toString());
        error(get(server, "/api/test/sbe/extra"), 404);

        HttpResponse<String> post = CLIENT.send(HttpRequest.newBuilder(URI.create(base(server) + "/api/test/sbe"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")).build(), HttpResponse.BodyHandlers.ofString());
        error(post, 405);
        assertEquals("GET", post.headers().firstValue("Allow").orElse(""));
        HttpResponse<String> delete = CLIENT.send(HttpRequest.newBuilder(URI.create(base(server) + "/api/codecs"))
                .DELETE().build(), HttpResponse.BodyHandlers.ofString());
        error(delete, 405);
    }

    @Test
    void servesTheLatestRunFolderThatHasASummary() throws Exception {
        HttpResponse<String> response = get(server, "/api/runs/latest");
        assertEquals(200, response.statusCode(), response.body());
        assertJson(response);
        JsonNode body = JSON.readTree(response.body());
        assertEquals(LATEST_RUN, body.get("folder").asText(), "newest with a summary.md; the unfinished one has none");
        assertEquals(FakeRuns.summary(LATEST_RUN), body.get("summary").asText());
        assertEquals(List.of(FakeRuns.CHART), texts(body.get("charts")));

        HttpResponse<byte[]> png = getBytes(server, "/runs/" + LATEST_RUN + "/" + FakeRuns.CHART);
        assertEquals(200, png.statusCode());
        assertEquals("image/png", png.headers().firstValue("Content-Type").orElse(""));
        assertArrayEquals(Files.readAllBytes(results.resolve(LATEST_RUN).resolve(FakeRuns.CHART)), png.body());
        HttpResponse<String> summary = get(server, "/runs/" + OLDER_RUN + "/summary.md");
        assertEquals(200, summary.statusCode());
        assertTrue(summary.headers().firstValue("Content-Type").orElse("").startsWith("text/markdown"));
        assertEquals(FakeRuns.summary(OLDER_RUN), summary.body());
        assertEquals(200, get(server, "/runs/" + OLDER_RUN + "/env.json").statusCode());
    }

    @Test
    void servesNothingButPngMdAndJsonFilesInsideTheResultsDirectory() throws Exception {
        List<String> refused = List.of(
                "/runs/../secret.json",
                "/runs/../../etc/passwd",
                "/runs/..%2F..%2Fetc/passwd",
                "/runs/" + LATEST_RUN + "/..%2F..%2Fsecret.json",
                "/runs/%2Fetc/passwd",
                "/runs/.%2E/secret.json",
                "/runs/" + LATEST_RUN + "/link.json",
                "/runs/" + LATEST_RUN + "/notes.txt",
                "/runs/" + LATEST_RUN + "/missing.png",
                "/runs/" + LATEST_RUN + "/.hidden.json",
                "/runs/" + LATEST_RUN);
        for (String path : refused) {
            HttpResponse<String> response = get(server, path);
            error(response, 404);
            assertFalse(response.body().contains("secret\": true"), path);
        }
        assertTrue(log().contains("GET /runs/../secret.json 404"), "the server saw the path unnormalised: " + log());
    }

    @Test
    void servesTheDashboardWithItsScriptAndStyleAndNothingFromElsewhere() throws Exception {
        HttpResponse<String> page = get(server, "/");
        assertEquals(200, page.statusCode());
        assertEquals("text/html; charset=utf-8", page.headers().firstValue("Content-Type").orElse(""));
        assertTrue(page.body().contains("<script src=\"app.js\""), page.body());
        assertTrue(page.body().contains("<link rel=\"stylesheet\" href=\"style.css\">"), page.body());
        assertTrue(page.headers().firstValue("Content-Security-Policy").orElse("").contains("default-src 'self'"));

        HttpResponse<String> script = get(server, "/app.js");
        assertEquals(200, script.statusCode());
        assertEquals("text/javascript; charset=utf-8", script.headers().firstValue("Content-Type").orElse(""));
        assertTrue(script.body().contains("api/test/"), "app.js calls the API");
        HttpResponse<String> style = get(server, "/style.css");
        assertEquals(200, style.statusCode());
        assertEquals("text/css; charset=utf-8", style.headers().firstValue("Content-Type").orElse(""));
        for (HttpResponse<String> file : List.of(page, script, style)) {
            assertFalse(file.body().contains("http://") || file.body().contains("https://") || file.body().contains("//cdn"),
                    file.uri() + " loads nothing from another host");
        }
    }

    @Test
    void logsOneLinePerRequestWithMethodPathStatusAndMicroseconds() throws Exception {
        get(server, "/api/test/capnp?message=user&sample=1");
        get(server, "/nowhere");
        // a request is logged after its response is sent; the one thread answers this only after that
        get(server, "/api/codecs");
        assertTrue(log().lines().anyMatch(line -> line.matches("GET /api/test/capnp\\?message=user&sample=1 200 \\d+ us")),
                log());
        assertTrue(log().lines().anyMatch(line -> line.matches("GET /nowhere 404 \\d+ us")), log());
    }

    @Test
    void reportsTheLatencyOfEveryRequestPerRouteAndWritesItIntoARunFolder() throws Exception {
        Path ownResults = work.resolve("latency-results");
        try (ServeServer fresh = ServeServer.start(ServeOptions.local(0, ownResults), Codecs.load(), new PrintStream(
                new ByteArrayOutputStream(), true, StandardCharsets.UTF_8))) {
            error(get(fresh, "/api/runs/latest"), 404);
            for (int i = 0; i < 3; i++) {
                get(fresh, "/api/codecs");
            }
            get(fresh, "/api/test/sbe");
            get(fresh, "/api/test/raw?message=order");
            get(fresh, "/nowhere");

            HttpResponse<String> response = get(fresh, "/api/test/hdr/report");
            assertEquals(200, response.statusCode(), response.body());
            assertJson(response);
            JsonNode report = JSON.readTree(response.body());
            JsonNode endpoints = report.get("endpoints");
            assertEquals(3, endpoints.get("/api/codecs").get("count").asInt(), response.body());
            assertEquals(2, endpoints.get("/api/test/{format}").get("count").asInt(), "per route, not per format");
            assertEquals(1, endpoints.get("/api/runs/latest").get("count").asInt());
            assertEquals(1, endpoints.get(ServeServer.NO_ROUTE).get("count").asInt());
            assertFalse(endpoints.has("/api/test/hdr/report"), "its own request has not finished");
            for (JsonNode route : endpoints) {
                double min = route.get("min").asDouble();
                assertTrue(min > 0 && min <= route.get("p50").asDouble() && route.get("p50").asDouble()
                        <= route.get("p99.9").asDouble() && route.get("p99.9").asDouble() <= route.get("max").asDouble()
                        && route.get("mean").asDouble() <= route.get("max").asDouble(), route.toString());
            }

            Path folder = Path.of(report.get("runFolder").asText());
            assertEquals(ownResults, folder.getParent());
            assertTrue(Files.readString(folder.resolve("env.json")).contains("\"cores\""));
            assertTrue(Files.readString(folder.resolve("api-codecs.hgrm")).contains("Total count    =            3]"));
            assertTrue(Files.readString(folder.resolve("api-test-format.hgrm")).contains("Total count    =            2]"));
            assertTrue(Files.isRegularFile(folder.resolve("no-route.hgrm")));
            String table = Files.readString(folder.resolve(RouteLatencies.TABLE_FILE));
            assertTrue(table.contains("| /api/codecs | 3 |"), table);
            assertTrue(table.contains("p99.9 (µs)"), table);
            assertEquals(RouteLatencies.PLOT_FILE, report.get("chart").asText());
            assertTrue(table.contains("](" + RouteLatencies.PLOT_FILE + ")"), table);
            java.awt.image.BufferedImage plot = javax.imageio.ImageIO.read(folder.resolve(RouteLatencies.PLOT_FILE).toFile());
            assertEquals(1200, plot.getWidth(), "the percentile plot of the routes is a PNG");

            // the report's request is counted in the next one
            JsonNode next = JSON.readTree(get(fresh, "/api/test/hdr/report").body());
            assertEquals(1, next.get("endpoints").get("/api/test/hdr/report").get("count").asInt());
            assertEquals(3, next.get("endpoints").get("/api/codecs").get("count").asInt());
        }
    }

    @Test
    void aFailingHandlerAnswers500WithOneLineAndLogsTheStackTrace() throws Exception {
        Path notADirectory = Files.writeString(work.resolve("results-file"), "a file where run folders should go");
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (ServeServer broken = ServeServer.start(ServeOptions.local(0, notADirectory), Codecs.load(),
                new PrintStream(log, true, StandardCharsets.UTF_8))) {
            JsonNode body = error(get(broken, "/api/test/hdr/report"), 500);
            assertTrue(body.get("error").asText().contains("cannot create a run folder under " + notADirectory), body.toString());
            assertTrue(log.toString(StandardCharsets.UTF_8).contains("\tat dev.wirebench."), "the trace goes to the log");
            assertEquals(200, get(broken, "/api/codecs").statusCode(), "and the server goes on");
        }
    }

    @Test
    void aPortInUseIsOneClearLineAndExit1() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(new String[] {"serve", "--port", Integer.toString(server.port()), "--results-dir",
                results.toString()}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(1, status);
        assertEquals("wirebench serve: port " + server.port() + " on 127.0.0.1 is in use; choose another with --port"
                + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }

    @Test
    void refusesBadOptionsInOneLineAndExit1AndAnswersHelp() {
        List<List<String>> bad = List.of(List.of("--port", "http"), List.of("--port", "65536"), List.of("--port"),
                List.of("--bind"), List.of("--frobnicate"), List.of("8080"));
        List<String> problems = List.of("--port takes 1 to 65535 (0: any free port), not 'http'",
                "--port takes 1 to 65535 (0: any free port), not '65536'", "--port needs a value", "--bind needs a value",
                "unknown option --frobnicate", "unexpected argument '8080'");
        for (int i = 0; i < bad.size(); i++) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            List<String> args = new ArrayList<>(List.of("serve"));
            args.addAll(bad.get(i));
            assertEquals(1, Main.run(args.toArray(String[]::new), new PrintStream(new ByteArrayOutputStream()),
                    new PrintStream(err, true, StandardCharsets.UTF_8)), args.toString());
            String said = err.toString(StandardCharsets.UTF_8);
            assertTrue(said.startsWith("wirebench serve: " + problems.get(i)), said);
            assertEquals(1, said.lines().count(), "one line: " + said);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        assertEquals(0, Main.run(new String[] {"serve", "-h"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(new ByteArrayOutputStream())));
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("--bind <ADDR>"), out.toString(StandardCharsets.UTF_8));
        ServeCommand serve = new ServeCommand();
        assertEquals(new ServeOptions(8080, "127.0.0.1", Path.of("results")),
                serve.options(dev.wirebench.harness.cli.Cli.parse(serve)));
        assertEquals(new ServeOptions(0, "0.0.0.0", Path.of("r")),
                serve.options(dev.wirebench.harness.cli.Cli.parse(serve, "--bind", "0.0.0.0", "--port", "0", "--results-dir", "r")));
    }

    // ---- helpers ----

    /** Checks what every error must be and returns its body: JSON, one line, an error message, no stack trace. */
    private static JsonNode error(HttpResponse<String> response, int status) throws IOException {
        assertEquals(status, response.statusCode(), response.uri() + ": " + response.body());
        assertJson(response);
        String text = response.body();
        assertFalse(text.contains("\n"), "one line: " + text);
        assertFalse(text.contains("at dev.") || text.contains("Exception"), "no stack trace on the wire: " + text);
        JsonNode body = JSON.readTree(text);
        assertFalse(body.path("error").asText().isBlank(), text);
        return body;
    }

    private static void assertJson(HttpResponse<?> response) {
        String type = response.headers().firstValue("Content-Type").orElse("");
        assertTrue(type.startsWith("application/json"), response.uri() + " is " + type);
    }

    private static String base(ServeServer target) {
        return "http://127.0.0.1:" + target.port();
    }

    private static HttpResponse<String> get(ServeServer target, String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(base(target) + path)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static HttpResponse<byte[]> getBytes(ServeServer target, String path) throws IOException, InterruptedException {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(base(target) + path)).build(),
                HttpResponse.BodyHandlers.ofByteArray());
    }

    /** The message as JSON read back, so that numbers compare as the server's do (no IntNode vs LongNode). */
    private static JsonNode tree(Object message) throws IOException {
        return JSON.readTree(JSON.writeValueAsString(message));
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(node -> texts.add(node.asText()));
        return texts;
    }

    private static int encodedLength(String codecName, int sample) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> codec = (MessageCodec<Object>) Codecs.load().create(codecName);
        return codec.encode(Samples.fixtures(codec.messageType()).get(sample).message(), ByteBuffer.allocate(1 << 16));
    }

    private static String log() {
        return LOG.toString(StandardCharsets.UTF_8);
    }
}
