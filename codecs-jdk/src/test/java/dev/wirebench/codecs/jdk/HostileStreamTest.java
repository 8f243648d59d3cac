package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Date;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Streams no codec writes, built with a plain {@code ObjectOutputStream} as an attacker or a
 * confused sender would: each must end in a {@link CodecException} that says why, from decode and
 * traverse, on heap and direct buffers, and never in an {@code Error}.
 */
class HostileStreamTest {

    private static final int OFFSET = 7;

    @BeforeEach
    void resetCanary() {
        CanaryBase.CONSTRUCTED.set(0);
    }

    @Test
    void theCanaryIsConstructedWhenReadWithoutAFilter() throws Exception {
        byte[] bytes = Streams.serialize(new Canary());
        CanaryBase.CONSTRUCTED.set(0);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            in.readObject();
        }
        assertEquals(1, CanaryBase.CONSTRUCTED.get(), "the control: plain deserialisation constructs it");
    }

    @Test
    void rejectsAClassOutsideTheMessageBeforeConstructingIt() {
        byte[] bytes = Streams.serialize(new Canary());
        CanaryBase.CONSTRUCTED.set(0);
        assertRejected(JdkCodec.marketData(), bytes, "rejected by the deserialization filter: class "
                + Canary.class.getName() + " is not admitted in a market-data message");
        assertEquals(0, CanaryBase.CONSTRUCTED.get(), "the filter must reject the class before it is constructed");
    }

    @Test
    void rejectsAClassOutsideTheMessageNestedInARecord() {
        byte[] bytes = Streams.serialize(marketDataWithEntries(List.of(new Canary())));
        CanaryBase.CONSTRUCTED.set(0);
        assertRejected(JdkCodec.marketData(), bytes, "class " + Canary.class.getName() + " is not admitted");
        assertEquals(0, CanaryBase.CONSTRUCTED.get(), "the filter must reject the class before it is constructed");
    }

    static Stream<Arguments> foreignObjects() {
        return Stream.of(new ArrayList<>(List.of("a")), new Date(0), new HashSet<>(List.of("a")), new int[] {1})
                .flatMap(object -> Stream.of(JdkCodec.marketData(), JdkCodec.user(), JdkCodec.order(),
                                JdkCodec.infrastructureExecution())
                        .map(codec -> Arguments.of(codec, object)));
    }

    @ParameterizedTest(name = "{0} given a {1}")
    @MethodSource("foreignObjects")
    void rejectsJdkClassesNoMessageUses(JdkCodec<?> codec, Object foreign) {
        assertRejected(codec, Streams.serialize(foreign), "rejected by the deserialization filter");
    }

    @ParameterizedTest(name = "as role {0}")
    @ValueSource(strings = {"ArrayList", "Date", "HashSet"})
    void rejectsJdkClassesNestedInARecord(String which) {
        Object foreign = switch (which) {
            case "ArrayList" -> new ArrayList<>(List.of("a"));
            case "Date" -> new Date(0);
            default -> new HashSet<>(List.of("a"));
        };
        byte[] bytes = Streams.serialize(userWithRoles(List.of(foreign)));
        assertRejected(JdkCodec.user(), bytes, "class " + foreign.getClass().getName() + " is not admitted in a user message");
    }

    @Test
    void rejectsNestingDeeperThanTheMessageNeeds() {
        // MarketData.symbol holding a MarketData, whose symbol holds another, 20 deep: no record can
        // be built like that, so the test writer swaps each level's symbol string for the next level
        byte[] bytes = marketDataNested(20);
        assertRejected(JdkCodec.marketData(), bytes, "nesting depth 8 exceeds the 7 levels admitted for a market-data message");
    }

    @Test
    void nestingWithinTheDepthCapFailsOnlyInTheRecordConstructor() {
        // the control of the test above: 3 levels pass the depth cap and fail for what they are
        byte[] bytes = marketDataNested(3);
        CodecException e = assertRejected(JdkCodec.marketData(), bytes, "invalid object");
        assertTrue(e.getMessage().toLowerCase(Locale.ROOT).contains("cast"), e.getMessage());
    }

    @Test
    void rejectsAListWhereTheMessageHasNone() {
        byte[] bytes = Streams.serialize(userWithRoles(List.of(List.of("nested"))));
        assertRejected(JdkCodec.user(), bytes,
                "a java.lang.Object[] of length 1 at nesting depth 3, where a user message holds no collection");
    }

    @ParameterizedTest(name = "length {0}")
    @ValueSource(ints = {Integer.MAX_VALUE, 100_000})
    void rejectsAListLengthBeyondTheInputBeforeAllocating(int length) {
        byte[] bytes = Streams.serialize(userWithRoles(List.of("a", "b", "c")));
        // CollSer writes the element count as block data: TC_BLOCKDATA, 4 bytes, the int
        int at = indexOf(bytes, new byte[] {0x77, 0x04, 0, 0, 0, 3});
        ByteBuffer.wrap(bytes).putInt(at + 2, length);
        assertRejected(JdkCodec.user(), bytes, "array length " + length + " exceeds the " + bytes.length + " bytes of input");
    }

    @Test
    void rejectsAMapTableBeyondTheInputBeforeAllocating() {
        InfrastructureExecution reference = Samples.reference(MessageType.INFRA_EXECUTION);
        byte[] bytes = Streams.serialize(reference);
        // HashMap.writeObject: TC_BLOCKDATA, 8 bytes: the table size, then the number of mappings
        int mappings = reference.metadata().size();
        int at = indexOf(bytes, new byte[] {0x77, 0x08, 0, 0, 0, 16, 0, 0, 0, (byte) mappings});
        ByteBuffer.wrap(bytes).putInt(at + 6, 1 << 29);
        assertRejected(JdkCodec.infrastructureExecution(), bytes, "exceeds the " + bytes.length + " bytes of input");
    }

    /**
     * {@code List.of}'s serialised form, {@code CollSer}, tagged as a map of three elements: the JDK's {@code MapN}
     * refuses an odd count by assertion, an {@code InternalError} (found by fuzzing), reported as malformed input.
     */
    @Test
    void rejectsAnImmutableMapOfAnOddNumberOfElements() {
        byte[] bytes = Streams.serialize(new User(1, "u", "e", 2, true, 3, List.of("a", "b", "c")));
        // CollSer's int tag (1: a list), then its writeObject's block of one int, the element count
        byte[] list = {0, 0, 0, 1, 0x77, 4, 0, 0, 0, 3};
        bytes[indexOf(bytes, list) + 3] = 3; // the tag of a map
        assertRejected(JdkCodec.user(), bytes, "a JDK immutable collection refused its elements: length is odd");
    }

    @Test
    void rejectsARecordOfAnotherMessage() {
        byte[] order = Streams.serialize(Samples.reference(MessageType.ORDER));
        assertRejected(JdkCodec.marketData(), order, "class " + Order.class.getName() + " is not admitted in a market-data message");
        byte[] userInfo = Streams.serialize(new UserInfo("u", "U", "u@example.com", "team"));
        assertRejected(JdkCodec.user(), userInfo, "class " + UserInfo.class.getName() + " is not admitted in a user message");
    }

    @Test
    void rejectsAnAdmittedRecordThatIsNotTheMessage() {
        byte[] entry = Streams.serialize(new BookEntry(1, 2, Side.BUY, 3, EntryType.NEW));
        assertRejected(JdkCodec.marketData(), entry,
                "the stream holds a " + BookEntry.class.getName() + ", not a " + MarketData.class.getName());
        assertRejected(JdkCodec.marketData(), Streams.serialize("a string"), "the stream holds a java.lang.String");
    }

    @Test
    void rejectsBytesAfterTheObject() {
        byte[] one = Streams.serialize(Samples.reference(MessageType.ORDER));
        assertRejected(JdkCodec.order(), Arrays.copyOf(one, one.length + 1), "1 bytes after the object");
        byte[] two = Arrays.copyOf(one, 2 * one.length);
        System.arraycopy(one, 0, two, one.length, one.length);
        assertRejected(JdkCodec.order(), two, one.length + " bytes after the object");
    }

    @Test
    void rejectsListElementsOfTheWrongType() {
        assertRejected(JdkCodec.marketData(), Streams.serialize(marketDataWithEntries(List.of("not an entry"))),
                "MarketData.entries[0] is a java.lang.String, not a BookEntry");
        // a map value: the record's constructor copies its maps as String to String, so the writer swaps a value for a UserInfo
        String placeholder = new String("placeholder");
        InfrastructureExecution x = withMetadata(Map.of("approver", placeholder));
        UserInfo approver = new UserInfo("u", "U", "u@example.com", "team");
        assertRejected(JdkCodec.infrastructureExecution(),
                Streams.serialize(x, object -> object == placeholder ? approver : object),
                UserInfo.class.getName());
    }

    @Test
    void rejectsValuesTheRecordConstructorRejects() {
        Order order = new Order("c", "a", "s", Side.BUY, 0x0102030405060708L, OrdType.LIMIT, 1.5, TimeInForce.DAY, 0);
        byte[] bytes = Streams.serialize(order);
        // primitive fields are written first, by name: orderQty, price, transactTime
        int at = indexOf(bytes, ByteBuffer.allocate(8).putLong(0x0102030405060708L).array());
        ByteBuffer.wrap(bytes).putDouble(at + 8, Double.NaN);
        assertRejected(JdkCodec.order(), bytes, "invalid object: price must be finite, was NaN");
    }

    @Test
    void theSelfReferencingMapOverflowsThePlainStream() {
        byte[] bytes = selfReferencingMetadata();
        assertThrows(StackOverflowError.class, () -> {
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
                in.readObject();
            }
        }, "the control: without the codec, this stream overflows the stack");
    }

    @Test
    void rejectsAMapThatHoldsItselfAsAKey() {
        assertRejected(JdkCodec.infrastructureExecution(), selfReferencingMetadata(), "recurses without end");
    }

    // --- streams -------------------------------------------------------------------------------

    /** The reference execution whose metadata map is {"a": itself, itself: "x"}: hashing the second key recurses. */
    private static byte[] selfReferencingMetadata() {
        String value = new String("placeholder value");
        String key = new String("placeholder key");
        Map<String, String> metadata = new LinkedHashMap<>();
        metadata.put("a", value);
        metadata.put(key, "x");
        InfrastructureExecution withPlaceholders = withMetadata(metadata);
        Object[] map = new Object[1];
        return Streams.serialize(withPlaceholders, object -> {
            if (object instanceof LinkedHashMap && map[0] == null) {
                map[0] = object; // the map inside metadata's unmodifiable wrapper, written before outputs
            }
            return object == value || object == key ? map[0] : object;
        });
    }

    /** The reference execution with other metadata and no outputs. */
    private static InfrastructureExecution withMetadata(Map<String, String> metadata) {
        InfrastructureExecution x = Samples.reference(MessageType.INFRA_EXECUTION);
        return new InfrastructureExecution(x.executionId(), x.pipelineId(), x.projectId(), x.status(), x.trigger(),
                x.startedAt(), x.stoppedAt(), x.approvedAt(), x.instanceIds(), x.approvals(), x.transformations(),
                metadata, Map.of(), x.dryRun(), x.rollbackOnFailure(), x.approvalRequired(), x.errorMessage());
    }

    /** A MarketData whose symbol is a MarketData, {@code levels} deep. */
    private static byte[] marketDataNested(int levels) {
        MarketData reference = Samples.reference(MessageType.MARKET_DATA);
        List<BookEntry> entries = reference.entries();
        MarketData top = new MarketData(1, "level 0", 1, 1, entries);
        return Streams.serialize(top, object -> {
            if (object instanceof String s && s.startsWith("level ")) {
                int level = Integer.parseInt(s.substring(6)) + 1;
                // the same entries list, so each level below refers back to it instead of adding a list
                return level < levels ? new MarketData(level, "level " + level, level, level, entries) : object;
            }
            return object;
        });
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static MarketData marketDataWithEntries(List<?> entries) {
        return new MarketData(1, "SYM", 2, 3, (List) entries);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static User userWithRoles(List<?> roles) {
        return new User(1, "user", "user@example.com", 30, true, 0, (List) roles);
    }

    private static int indexOf(byte[] bytes, byte[] pattern) {
        for (int i = 0; i + pattern.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + pattern.length, pattern, 0, pattern.length)) {
                return i;
            }
        }
        throw new AssertionError("pattern not found in the stream: the JDK writes this structure differently");
    }

    /** decode and traverse, from heap and direct buffers, all end in a CodecException containing {@code what}. */
    private static CodecException assertRejected(MessageCodec<?> codec, byte[] bytes, String what) {
        CodecException last = null;
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(OFFSET + bytes.length) : ByteBuffer.allocate(OFFSET + bytes.length);
            src.position(OFFSET);
            src.put(bytes).position(OFFSET);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length));
            assertTrue(decode.getMessage().contains(what), "decode said: " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length));
            assertTrue(traverse.getMessage().contains(what), "traverse said: " + traverse.getMessage());
            assertEquals(OFFSET, src.position());
            assertEquals(ByteOrder.BIG_ENDIAN, src.order());
            last = decode;
        }
        return last;
    }

    // --- the canary --------------------------------------------------------------------------

    /** Not serialisable: deserialising a {@link Canary} runs this constructor, which counts. */
    static class CanaryBase {
        static final AtomicInteger CONSTRUCTED = new AtomicInteger();

        CanaryBase() {
            CONSTRUCTED.incrementAndGet();
        }
    }

    /** A serialisable class that no message admits. */
    static final class Canary extends CanaryBase implements Serializable {
        private static final long serialVersionUID = 1L;

        private void readObject(ObjectInputStream in) throws IOException, ClassNotFoundException {
            in.defaultReadObject();
        }
    }
}
