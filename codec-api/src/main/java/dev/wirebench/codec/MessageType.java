package dev.wirebench.codec;

import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.User;

import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;
import java.util.stream.Collectors;

/**
 * One of the four canonical messages every codec is measured on: a typed key that ties the
 * record class to its name, its {@link Checksum} and its {@link Samples}.
 *
 * @param <T> the record class
 */
public final class MessageType<T> {

    /** A market data incremental refresh (binary-proto-suite reference). */
    public static final MessageType<MarketData> MARKET_DATA =
            new MessageType<>("market-data", MarketData.class, Checksum::of, new MarketDataSamples());
    /** A user account (SerializationHarness reference). */
    public static final MessageType<User> USER =
            new MessageType<>("user", User.class, Checksum::of, new UserSamples());
    /** A FIX NewOrderSingle. */
    public static final MessageType<Order> ORDER =
            new MessageType<>("order", Order.class, Checksum::of, new OrderSamples());
    /** The ~2 KB nested message of the PostgreSQL reference. */
    public static final MessageType<InfrastructureExecution> INFRA_EXECUTION =
            new MessageType<>("infra-execution", InfrastructureExecution.class, Checksum::of,
                    new InfrastructureExecutionSamples());

    private static final List<MessageType<?>> ALL = List.of(MARKET_DATA, USER, ORDER, INFRA_EXECUTION);

    private final String id;
    private final Class<T> javaType;
    private final ToLongFunction<T> checksum;
    private final SampleSource<T> samples;

    private MessageType(String id, Class<T> javaType, ToLongFunction<T> checksum, SampleSource<T> samples) {
        this.id = id;
        this.javaType = javaType;
        this.checksum = checksum;
        this.samples = samples;
    }

    /** Every canonical message type, in a fixed order. */
    public static List<MessageType<?>> all() {
        return ALL;
    }

    /**
     * The type with the given id.
     *
     * @throws IllegalArgumentException naming the known ids if there is none
     */
    public static MessageType<?> byId(String id) {
        for (MessageType<?> type : ALL) {
            if (type.id.equals(id)) {
                return type;
            }
        }
        throw new IllegalArgumentException("unknown message '" + id + "'; known messages: "
                + ALL.stream().map(MessageType::id).collect(Collectors.joining(", ")));
    }

    /** Lower-case name used in codec names ({@code sbe/market-data}). */
    public String id() {
        return id;
    }

    /** The record class. */
    public Class<T> javaType() {
        return javaType;
    }

    /** {@link Checksum} of a message of this type. */
    public long checksum(T message) {
        return checksum.applyAsLong(Objects.requireNonNull(message, "message"));
    }

    /** Casts a message known to be of this type. */
    public T cast(Object message) {
        return javaType.cast(message);
    }

    SampleSource<T> samples() {
        return samples;
    }

    @Override
    public String toString() {
        return id;
    }
}
