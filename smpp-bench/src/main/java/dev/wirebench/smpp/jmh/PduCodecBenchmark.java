package dev.wirebench.smpp.jmh;

import dev.wirebench.smpp.peer.PduCodecPeer;
import dev.wirebench.smpp.peer.PduCodecPeers;
import dev.wirebench.smpp.peer.PeerCheck;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * SMPP PDU codecs side by side: this project's {@code SmppCodec} on a pooled Netty 4 {@code ByteBuf},
 * jSMPP 3.0.2's composer and decomposer on {@code byte[]}, and cloudhopper ch-smpp 5.0.9's
 * transcoder on Netty 3 buffers, each on the same four {@code SmppSamples} PDUs (submit_sm,
 * deliver_sm as a delivery receipt, bind_transceiver, enquire_link) through the library's own API.
 * {@code encode} writes the sample held as the library's object, {@code decode} reads the sample's
 * wire bytes into the library's object and folds every field into a checksum, {@code traverse} folds
 * every field of the same bytes by the cheapest full read the library has, {@code roundTrip} encodes and
 * decodes. Throughput in operations per second; run with the gc profiler for B/op.
 *
 * <p>{@code traverse} is this project's {@code MessageFlyweight} for submit_sm and deliver_sm: the same
 * checks as decode, every field read where it lies, nothing allocated. Everywhere else it is the decode,
 * and its row repeats decode's: our bind_transceiver and enquire_link have no flyweight, and jSMPP and
 * cloudhopper read a PDU only by building their object.
 *
 * <p>Nothing is measured until {@link PeerCheck} has shown, for every library and PDU, that each
 * decodes its own bytes and the others' to the sample, that all three write the same octets, and that
 * decode, traverse and roundTrip return the sample's checksum.
 *
 * <p>Run it with {@code java -jar benchmarks.jar PduCodecBenchmark}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PduCodecBenchmark {

    /** One library bound to one sample PDU, with the buffers it reuses. */
    @State(Scope.Thread)
    public static class Fixture {

        /**
         * The library: {@code wirebench}, {@code jsmpp} or {@code cloudhopper}. Not named {@code codec}:
         * the jar's Main fills {@code codec} with the codec registry's names for {@code CodecBenchmark},
         * and JMH hands a parameter to every benchmark that declares one of that name.
         */
        @Param({"wirebench", "jsmpp", "cloudhopper"})
        public String library;

        /** The sample, by the spec's name of its command. */
        @Param({"submit_sm", "deliver_sm", "bind_transceiver", "enquire_link"})
        public String pdu;

        PduCodecPeer peer;

        /**
         * Checks every library first, then builds the library's object and the wire bytes once per
         * trial: per-invocation setup would be timed with nanosecond work.
         */
        @Setup(Level.Trial)
        public void setUp() {
            // a library that does not read and write exactly the sample would make its numbers meaningless:
            // this throws, naming library, PDU and field, and JMH then measures nothing for the trial
            PeerCheck.verifyAll();
            peer = PduCodecPeers.create(library, PduCodecPeers.sample(pdu));
        }

        /** Returns our pooled buffers to Netty's pool: a leak would show up as Netty's leak warning. */
        @TearDown(Level.Trial)
        public void tearDown() {
            peer.close();
        }
    }

    @Benchmark
    public int encode(Fixture f) {
        // one buffer cleared per call (ours) or whatever the library returns (jSMPP, cloudhopper), never a
        // new channel or pipeline per operation; the bytes stay in a field of the peer, so the work is live
        return f.peer.encode();
    }

    @Benchmark
    public long decode(Fixture f) {
        // the same wire bytes every call, read from their start; every field is folded into the checksum
        // returned, so no read is dead code and no library reads less than the others
        return f.peer.decode();
    }

    @Benchmark
    public long traverse(Fixture f) {
        // the same wire bytes as decode, every field folded into the checksum returned; our submit_sm and
        // deliver_sm through the flyweight (checked as decode checks, no object built), the rest through decode
        return f.peer.traverse();
    }

    @Benchmark
    public long roundTrip(Fixture f) {
        // decodes the very bytes just encoded, so neither half can be skipped
        return f.peer.roundTrip();
    }
}
