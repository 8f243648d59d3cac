package dev.wirebench.codecs.thrift;

import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;

import java.util.List;

/**
 * The Thrift compact-protocol codecs: {@code thrift/market-data}, {@code thrift/user}, {@code thrift/order},
 * {@code thrift/infra-execution}. Registered in {@code META-INF/services/dev.wirebench.codec.CodecProvider}.
 *
 * <p>They claim {@code measurement}, not {@code hostile-input}: libthrift 0.17's generated readers can be made to
 * throw an {@code Error} by a few hostile bytes, with no limit the codec could set without a guard (see the
 * module README, and {@code HostileInputLimitsTest}, which pins both inputs):
 * <ul>
 *   <li>a list of structs declaring 2^31 - 1 elements, e.g. {@code 5C FF FF FF FF 07} as
 *       {@code MarketDataThrift.entries} (field 5, a list header of 15 or more structs, the count as a varint):
 *       the compact protocol's check of a count against the bytes left takes a struct's smallest encoding as
 *       0 bytes, so it passes, and the generated reader runs {@code new ArrayList<>(2147483647)}: an
 *       {@code OutOfMemoryError} (market-data and infra-execution);</li>
 *   <li>a field of a known id with another type, or of an unknown id, is skipped with
 *       {@code TProtocolUtil.skip}, whose depth is unbounded by default: 20,000 bytes of {@code 0x1C} (field 1, a
 *       struct, whose first field is field 1, a struct, ...) recurse until {@code StackOverflowError} (every
 *       message).</li>
 * </ul>
 */
public final class ThriftCodecProvider implements CodecProvider {

    @Override
    public List<MessageCodec<?>> codecs() {
        return List.of(ThriftCodec.marketData(), ThriftCodec.user(), ThriftCodec.order(),
                ThriftCodec.infrastructureExecution());
    }
}
