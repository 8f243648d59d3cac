package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;
import java.util.Set;

/**
 * The Thrift compact-protocol codecs: {@code thrift/market-data}, {@code thrift/user}, {@code thrift/order},
 * {@code thrift/infra-execution}. Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 *
 * <p>They claim {@code measurement}, not {@code hostile-input}. They pass the kit's hostile-input checks (every
 * truncation, 10,000 seeded corruptions), but libthrift 0.17's generated readers throw an {@code Error} on two
 * inputs built on purpose, and nothing short of a guard on the measured path (a pre-scan of the bytes) or a
 * JVM-wide setting would stop it ({@code HostileInputLimitsTest} pins both; the module README says more):
 * <ul>
 *   <li>{@code 59 FC FF FF FF FF 07}, 7 bytes: {@code MarketDataThrift.entries} (field 5, a list) declaring
 *       2^31 - 1 structs. The compact protocol checks a count against the bytes left times an element's smallest
 *       encoding, which it takes as 0 bytes for a struct, so the generated reader gets as far as
 *       {@code new ArrayList<>(2147483647)}: an {@code OutOfMemoryError} (market-data and infra-execution, whose
 *       approvals, transformations and outputs are lists of structs);</li>
 *   <li>a megabyte of {@code 1C}: field 1 as a struct, where every message's field 1 is something else, so it is
 *       skipped; {@code TProtocolUtil.skip} recurses into the struct, finds field 1 as a struct again, and so on,
 *       with no depth bound unless {@code TProtocolUtil.setMaxSkipDepth} sets one for the whole JVM: a
 *       {@code StackOverflowError} (every message).</li>
 * </ul>
 */
public final class ThriftCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(ThriftCodec.marketData(), ThriftCodec.user(), ThriftCodec.order(),
                ThriftCodec.infrastructureExecution());
    }

    @Override
    public Set<String> formats() {
        return Set.of(ThriftCodec.FORMAT);
    }
}
