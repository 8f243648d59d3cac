package dev.wirebench.fix.run;

import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.Sample;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.fix.codec.FixCodecProvider;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.engine.FixServer;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.FixWire;
import dev.wirebench.fix.engine.GarbledOrders;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.engine.WellFramed;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Writes the seeds of the FIX fuzz targets into their {@code ...FuzzTestInputs} directories: the ping-pong's
 * messages as each engine writes them, captured on the wire through a relay between the engine's own client and
 * server (Logon, NewOrderSingle, both ExecutionReports, Logout, each way), a Heartbeat and garbled orders made
 * by hand, and each FIX codec's encoding of the {@code Samples} order fixtures. Not a test: run it after a change
 * to what an engine writes, from {@code fix-engine-bench} once the test classes are built, and commit the files.
 *
 * <pre>{@code
 * mvn -B -q -pl fix-engine-bench test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt
 * java --add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-exports java.base/jdk.internal.misc=ALL-UNNAMED \
 *     -cp target/test-classes:target/classes:$(cat target/cp.txt) dev.wirebench.fix.run.FuzzSeeds src/test/resources
 * }</pre>
 */
public final class FuzzSeeds {

    private static final long STAMP = 0x0123456789abcdefL;
    private static final List<String> ENGINES = List.of("raw", "quickfixj", "philadelphia", "artio");
    private static final Duration WAIT = Duration.ofSeconds(20);

    private FuzzSeeds() {
    }

    public static void main(String[] args) throws Exception {
        Path resources = Path.of(args.length > 0 ? args[0] : "src/test/resources");
        Map<String, Capture> captures = new LinkedHashMap<>();
        for (String engine : ENGINES) {
            captures.put(engine, capture(FixEngines.create(engine)));
            System.out.println(engine + ": client " + captures.get(engine).client.length + " B, server "
                    + captures.get(engine).server.length + " B");
        }
        Seeds seeds = new Seeds(resources);
        String framing = "dev/wirebench/fix/engine/FramingCheckFuzzTestInputs/failsExactlyTheReadWhereTheStreamStopsBeingFix";
        String raw = "dev/wirebench/fix/raw/RawServerFuzzTestInputs/answersEachWholeFixFrameUpToTheFirstThatIsNot";
        String session = "dev/wirebench/fix/philadelphia/PhiladelphiaFuzzTestInputs/serverAnswersOnlyOrdersThatWereSentWhole";
        String parser = "dev/wirebench/fix/philadelphia/PhiladelphiaFuzzTestInputs/parserHandsOnOnlyMessagesWhoseCheckSumHolds";
        String quickFixJ = "dev/wirebench/fix/quickfixj/QuickFixJFuzzTestInputs/serverReadsOnlyWholeMessagesAndParsesThemOrSaysWhy";
        String artio = "dev/wirebench/fix/artio/ArtioFuzzTestInputs/serverAnswersOrRejectsEveryOrderNeverReadingPastIt";
        String codecs = "dev/wirebench/fix/codec/FixCodecFuzzTestInputs/";

        byte[] wrongCheckSum = GarbledOrders.wrongCheckSum(2, STAMP);
        byte[] wrongBodyLength = GarbledOrders.wrongBodyLength(2, STAMP);
        byte[] heartbeat = FixWire.message(FixWire.header("0", 3));
        // a session by hand: Logon, a garbled order, the good one with the same MsgSeqNum, a Heartbeat, an order
        byte[] handMade = concat(FixWire.logon(), wrongCheckSum, FixWire.newOrderSingle(2, STAMP), heartbeat,
                FixWire.newOrderSingle(4, STAMP + 1));
        byte[] http = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

        for (String dir : List.of(framing, session, quickFixJ)) {
            captures.forEach((engine, capture) -> {
                seeds.write(dir, engine + "-client", capture.client);
                if (dir.equals(framing)) {
                    seeds.write(dir, engine + "-server", capture.server);
                }
            });
            seeds.write(dir, "hand-made-session", handMade);
            seeds.write(dir, "garbled-checksum-order", concat(FixWire.logon(), wrongCheckSum));
            seeds.write(dir, "garbled-bodylength-order", concat(FixWire.logon(), wrongBodyLength));
            seeds.write(dir, "http-request", http);
        }
        seeds.write(quickFixJ, "wrong-checksum-and-a-repeated-tag",
                concat(FixWire.logon(), GarbledOrders.wrongCheckSumAndARepeatedTag(2, STAMP)));
        seeds.write(framing, "body-length-overflows-an-int",
                ("8=FIX.4.4\u00019=4294967200\u0001" + "y".repeat(50)).getBytes(StandardCharsets.US_ASCII));

        seeds.write(raw, "raw-client", captures.get("raw").client);
        seeds.write(raw, "raw-client-twice", concat(captures.get("raw").client, captures.get("raw").client));
        seeds.write(raw, "philadelphia-client", captures.get("philadelphia").client);
        seeds.write(raw, "http-request", http);

        captures.forEach((engine, capture) -> {
            for (Map.Entry<String, byte[]> message : capture.messages().entrySet()) {
                seeds.write(parser, message.getKey(), message.getValue());
                String type = WellFramed.field(message.getValue(), 35);
                if ("D".equals(type) || "8".equals(type) || "A".equals(type)) {
                    seeds.write(artio, message.getKey(), message.getValue());
                }
                if ("D".equals(type)) {
                    for (String codec : List.of("quickFixJDecodesAnOrderOrThrowsCodecException",
                            "philadelphiaDecodesAnOrderOrThrowsCodecException")) {
                        seeds.write(codecs + codec, message.getKey(), message.getValue());
                    }
                }
            }
        });
        for (String dir : List.of(parser, artio)) {
            seeds.write(dir, "fixwire-heartbeat", heartbeat);
            seeds.write(dir, "garbled-checksum-order", wrongCheckSum);
            seeds.write(dir, "garbled-bodylength-order", wrongBodyLength);
        }
        for (MessageCodec<?> codec : new FixCodecProvider().codecs()) {
            @SuppressWarnings("unchecked")
            MessageCodec<Order> orders = (MessageCodec<Order>) codec;
            String dir = codecs + (codec.format().equals("fix-quickfixj") ? "quickFixJDecodesAnOrderOrThrowsCodecException"
                    : "philadelphiaDecodesAnOrderOrThrowsCodecException");
            for (Sample<Order> sample : Samples.fixtures(MessageType.ORDER)) {
                ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
                int length = orders.encode(sample.message(), buffer);
                byte[] bytes = new byte[length];
                buffer.get(0, bytes);
                seeds.write(dir, "fixture-" + sample.name(), bytes);
            }
            seeds.write(dir, "garbled-checksum-order", wrongCheckSum);
        }
        System.out.println(seeds.count + " seeds, " + seeds.bytes + " B");
    }

    /** What one engine's client and server sent each other for one order, from Logon to Logout. */
    private record Capture(String engine, byte[] client, byte[] server) {

        /** Each whole message, named engine, side, index and kind: {@code artio-server-3-execution-report-fill}. */
        Map<String, byte[]> messages() {
            Map<String, byte[]> messages = new LinkedHashMap<>();
            for (String side : List.of("client", "server")) {
                int i = 0;
                for (byte[] message : WellFramed.messages(side.equals("client") ? client : server, Integer.MAX_VALUE)) {
                    messages.put(engine + "-" + side + "-" + ++i + "-" + kind(message), message);
                }
            }
            return messages;
        }

        private static String kind(byte[] message) {
            String type = String.valueOf(WellFramed.field(message, 35));
            return switch (type) {
                case "A" -> "logon";
                case "D" -> "new-order-single";
                case "8" -> "execution-report-" + ("F".equals(WellFramed.field(message, 150)) ? "fill" : "ack");
                case "5" -> "logout";
                case "0" -> "heartbeat";
                case "3" -> "reject";
                default -> "type-" + type.toLowerCase(Locale.ROOT);
            };
        }
    }

    private static Capture capture(FixEngine engine) throws Exception {
        try (FixServer server = engine.startServer(new InetSocketAddress("127.0.0.1", 0));
             Relay relay = new Relay(server.address())) {
            CountDownLatch filled = new CountDownLatch(1);
            FixClient client = engine.connect(relay.address(), WAIT, new ReportListener() {
                @Override
                public void onReport(char execType, long stamp, FixText message) {
                    if (execType == 'F' && stamp == STAMP) {
                        filled.countDown();
                    }
                }

                @Override
                public void onDisconnect(String why) {
                }
            });
            client.sendOrder(STAMP);
            if (!filled.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(engine.name() + ": no fill within " + WAIT);
            }
            client.close();
            return relay.capture(engine.name());
        }
    }

    /** A TCP relay that keeps what each side of its busiest connection sent. */
    private static final class Relay implements AutoCloseable {

        private final ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final InetSocketAddress target;
        private final List<Pipe> pipes = new CopyOnWriteArrayList<>();
        private final Thread acceptor = new Thread(this::accept, "fuzz-seeds-relay");

        Relay(InetSocketAddress target) throws IOException {
            this.target = target;
            acceptor.setDaemon(true);
            acceptor.start();
        }

        InetSocketAddress address() {
            return new InetSocketAddress("127.0.0.1", listener.getLocalPort());
        }

        private void accept() {
            try {
                while (true) {
                    Socket client = listener.accept();
                    Socket server = new Socket(target.getAddress(), target.getPort());
                    Pipe up = new Pipe(client, server);
                    Pipe down = new Pipe(server, client);
                    up.other = down;
                    pipes.add(up);
                    up.start();
                    down.start();
                }
            } catch (IOException closed) {
                // the relay is closed
            }
        }

        /** The busiest connection's bytes, once both of its sides have closed (or after a bounded wait). */
        Capture capture(String engine) throws InterruptedException {
            Pipe busiest = pipes.stream().max((a, b) -> Integer.compare(a.size(), b.size())).orElseThrow();
            busiest.join(WAIT.toMillis());
            busiest.other.join(WAIT.toMillis());
            return new Capture(engine, busiest.bytes(), busiest.other.bytes());
        }

        @Override
        public void close() throws IOException {
            listener.close();
        }
    }

    /** Copies one direction of a relayed connection, keeping every byte. */
    private static final class Pipe extends Thread {

        private final Socket from;
        private final Socket to;
        private final ByteArrayOutputStream seen = new ByteArrayOutputStream();
        Pipe other;

        Pipe(Socket from, Socket to) {
            this.from = from;
            this.to = to;
            setDaemon(true);
        }

        @Override
        public void run() {
            byte[] buffer = new byte[8192];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    synchronized (seen) {
                        seen.write(buffer, 0, n);
                    }
                    out.write(buffer, 0, n);
                }
            } catch (IOException closed) {
                // one side went: the other is closed below
            } finally {
                closeQuietly(from);
                closeQuietly(to);
            }
        }

        int size() {
            synchronized (seen) {
                return seen.size();
            }
        }

        byte[] bytes() {
            synchronized (seen) {
                return seen.toByteArray();
            }
        }

        private static void closeQuietly(Socket socket) {
            try {
                socket.close();
            } catch (IOException e) {
                // nothing more to release
            }
        }
    }

    /** Writes seed files, counting them. */
    private static final class Seeds {

        private final Path resources;
        int count;
        long bytes;

        Seeds(Path resources) {
            this.resources = resources;
        }

        void write(String dir, String name, byte[] content) {
            try {
                Path file = resources.resolve(dir).resolve(name);
                Files.createDirectories(file.getParent());
                Files.write(file, content);
                count++;
                bytes += content.length;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            all.writeBytes(part);
        }
        return all.toByteArray();
    }
}
