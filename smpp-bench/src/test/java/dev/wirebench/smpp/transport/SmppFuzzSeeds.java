package dev.wirebench.smpp.transport;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.CommandId;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.SmppSamples;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes the seed inputs of {@code SmppCodecFuzzTest} and {@link PduFrameDecoderFuzzTest} into their Inputs
 * directories: every {@link SmppSamples} fixture, one random PDU of each type, and known-bad PDUs (truncated,
 * a bad command_length, an unterminated C-Octet String, ...), and for the frame decoder streams of them cut in
 * several ways. Run from smpp-bench with the test class path (the build writes it to target/test-classpath.txt):
 * <pre>
 * java -cp target/test-classes:target/classes:$(cat target/test-classpath.txt) \
 *     dev.wirebench.smpp.transport.SmppFuzzSeeds src/test/resources
 * </pre>
 * The fuzzer's own corpus is not kept; crashes it finds are committed beside these as {@code regression-<what>}.
 */
public final class SmppFuzzSeeds {

    private static final SmppCodec CODEC = new SmppCodec();

    private SmppFuzzSeeds() {
    }

    public static void main(String[] args) throws IOException {
        Path resources = Path.of(args.length > 0 ? args[0] : "src/test/resources");
        write(resources.resolve("dev/wirebench/smpp/codec/SmppCodecFuzzTestInputs/decodeAgreesWithFlyweightAndEncode"),
                pdus());
        write(resources.resolve("dev/wirebench/smpp/transport/PduFrameDecoderFuzzTestInputs/framesAnySplitOfAnyStream"),
                streams());
    }

    /** Single PDUs, sound and not, by what they are. */
    static Map<String, byte[]> pdus() {
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        SmppSamples.fixtures().forEach((name, pdu) -> seeds.put(name, encode(pdu)));
        for (Pdu pdu : SmppSamples.random(21, 11)) {
            seeds.put("random-" + CommandId.name(pdu.commandId()), encode(pdu));
        }
        byte[] submit = encode(SmppSamples.SUBMIT_SM);
        seeds.put("submit_sm-cut-to-100", Arrays.copyOf(submit, 100));
        seeds.put("submit_sm-cut-to-100-and-saying-so", withLength(Arrays.copyOf(submit, 100), 100));
        seeds.put("command_length-8", withLength(encode(SmppSamples.ENQUIRE_LINK), 8));
        seeds.put("command_length-over-64KiB", withLength(encode(SmppSamples.ENQUIRE_LINK), 0x10001));
        seeds.put("header-cut-to-10", Arrays.copyOf(encode(SmppSamples.ENQUIRE_LINK), 10));
        seeds.put("query_sm", pdu(0x00000003, 0, 7, cString("5f3a9c01e2b7"), new byte[] {1, 1}, cString("WireBench")));
        // source_addr (after service_type NUL and two octets) runs to the end without its NUL
        seeds.put("submit_sm-source_addr-unterminated", pdu(CommandId.SUBMIT_SM, 0, 9, new byte[] {0, 5, 0},
                "WireBench".getBytes(StandardCharsets.US_ASCII)));
        seeds.put("submit_sm-status-in-request", withStatus(submit, CommandStatus.ESME_RSYSERR));
        seeds.put("submit_sm_resp-error-with-body",
                withStatus(encode(SmppSamples.SUBMIT_SM_RESP), CommandStatus.ESME_RTHROTTLED));
        seeds.put("bind_transceiver_resp-error-with-body",
                withStatus(encode(SmppSamples.BIND_TRANSCEIVER_RESP), CommandStatus.ESME_RBINDFAIL));
        seeds.put("deliver_sm_resp-with-message_id", pdu(CommandId.DELIVER_SM_RESP, 0, 0x10001, cString("5f3a")));
        seeds.put("deliver_sm_resp-error-without-body", pdu(CommandId.DELIVER_SM_RESP, CommandStatus.ESME_RX_T_APPN,
                0x10001));
        return seeds;
    }

    /** Streams for the frame decoder: a flags octet, read sizes, then the octets (see PduFrameDecoderFuzzTest). */
    static Map<String, byte[]> streams() {
        byte[] session = concat(SmppSamples.fixtures().values().stream().map(SmppFuzzSeeds::encode).toList());
        byte[] enquire = encode(SmppSamples.ENQUIRE_LINK);
        byte[] submit = encode(SmppSamples.SUBMIT_SM);
        Map<String, byte[]> seeds = new LinkedHashMap<>();
        seeds.put("session-in-one-read", concat(List.of(new byte[] {0}, session)));
        seeds.put("session-in-place-octet-by-octet", concat(List.of(new byte[] {(byte) (PduFrameDecoderFuzzTest.IN_PLACE | 1),
                1}, session)));
        seeds.put("session-capped-in-reads-of-7-and-200", concat(List.of(new byte[] {PduFrameDecoderFuzzTest.CAPPED | 2, 7,
                (byte) 200}, session)));
        seeds.put("session-in-place-in-reads-of-3-0-and-40", concat(List.of(new byte[] {(byte) (PduFrameDecoderFuzzTest.IN_PLACE
                | 3), 3, 0, 40}, session)));
        seeds.put("command_length-8-between-enquire_links", concat(List.of(new byte[] {1, 5}, enquire,
                withLength(enquire, 8), enquire)));
        seeds.put("command_length-over-cap-in-reads-of-2", concat(List.of(new byte[] {PduFrameDecoderFuzzTest.CAPPED | 1, 2},
                enquire, submit, enquire)));
        seeds.put("unterminated-submit_sm-then-enquire_link", concat(List.of(new byte[] {0},
                pdu(CommandId.SUBMIT_SM, 0, 9, new byte[] {0, 5, 0}, "WireBench".getBytes(StandardCharsets.US_ASCII)),
                enquire)));
        seeds.put("enquire_link-then-half-a-submit_sm", concat(List.of(new byte[] {(byte) (PduFrameDecoderFuzzTest.IN_PLACE
                | 1), 50}, enquire, Arrays.copyOf(submit, 66))));
        return seeds;
    }

    private static void write(Path dir, Map<String, byte[]> seeds) throws IOException {
        Files.createDirectories(dir);
        for (Map.Entry<String, byte[]> seed : seeds.entrySet()) {
            Files.write(dir.resolve(seed.getKey()), seed.getValue());
        }
        System.out.println(seeds.size() + " seeds in " + dir);
    }

    private static byte[] encode(Pdu pdu) {
        ByteBuf buf = Unpooled.buffer();
        CODEC.encode(pdu, buf);
        return ByteBufUtil.getBytes(buf);
    }

    /** A PDU of this header and body, command_length counted. */
    private static byte[] pdu(int commandId, int commandStatus, int sequenceNumber, byte[]... body) {
        ByteBuf buf = Unpooled.buffer().writeInt(0).writeInt(commandId).writeInt(commandStatus).writeInt(sequenceNumber);
        for (byte[] part : body) {
            buf.writeBytes(part);
        }
        return ByteBufUtil.getBytes(buf.setInt(0, buf.readableBytes()));
    }

    private static byte[] cString(String ascii) {
        return (ascii + '\0').getBytes(StandardCharsets.US_ASCII);
    }

    private static byte[] withLength(byte[] wire, int commandLength) {
        byte[] copy = wire.clone();
        Unpooled.wrappedBuffer(copy).setInt(0, commandLength);
        return copy;
    }

    private static byte[] withStatus(byte[] wire, int commandStatus) {
        byte[] copy = wire.clone();
        Unpooled.wrappedBuffer(copy).setInt(8, commandStatus);
        return copy;
    }

    private static byte[] concat(List<byte[]> parts) {
        ByteBuf buf = Unpooled.buffer();
        parts.forEach(buf::writeBytes);
        return ByteBufUtil.getBytes(buf);
    }
}
