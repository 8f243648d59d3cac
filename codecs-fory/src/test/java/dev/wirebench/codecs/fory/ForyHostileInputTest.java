package dev.wirebench.codecs.fory;

import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import org.apache.fory.config.Language;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static dev.wirebench.codecs.fory.ForyWireTest.encode;
import static dev.wirebench.codecs.fory.ForyWireTest.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bytes written to break Fory where the kit's random corruptions rarely reach: lengths of 2^31 - 1,
 * nesting 100,000 levels deep, a type the codec did not register, another record at the root, null,
 * trailing bytes. Each ends in a {@link CodecException} from decode and traverse, heap and direct.
 * The edits are made on the bytes of Fory 1.6, which each test first checks it has in hand.
 */
class ForyHostileInputTest {

    /** A user whose bytes are short and known: {@code roles} is the list {@code ce 02 0c ...}. */
    private static final User USER = new User(5, "u", "e", 6, true, 8, List.of("r1", "r2"));
    private static final String USER_HEX = "00ff1b0301100000000a0000000cff0465ffce020c087231087232ff0475";
    private static final String USER_XLANG_HEX = "01ff1b03b97c53b401100a0c0465020c0872310872320475";

    /** An execution with one metadata entry, the map {@code ffcc ff69 01 00 01 15 15 0461 0462}. */
    private static final InfrastructureExecution EXECUTION = new InfrastructureExecution("X", "P", "Q",
            ExecutionStatus.RUNNING, TriggerType.API, 1, 2, 3, List.of(), List.of(), List.of(), Map.of("a", "b"),
            Map.of(), false, true, false, "E");
    private static final String METADATA = "ffccff69010001151504610462";
    private static final String EXECUTION_HEX = "00ff1b05000001060000000200000004000000ffcf00ff0445ff0458ffcf00"
            + METADATA + "ffccff6900ff0450ff0451ff02ffcf00ff03";

    private final ForyCodec<User> user = new ForyCodec<>(MessageType.USER, Language.JAVA, false);
    private final ForyCodec<User> userXlang = new ForyCodec<>(MessageType.USER, Language.XLANG, false);
    private final ForyCodec<User> userGuarded = new ForyCodec<>(MessageType.USER, Language.JAVA, true);
    private final ForyCodec<User> userXlangGuarded = new ForyCodec<>(MessageType.USER, Language.XLANG, true);
    private final ForyCodec<InfrastructureExecution> execution =
            new ForyCodec<>(MessageType.INFRA_EXECUTION, Language.JAVA, false);

    @Test
    void theBytesEditedHereAreFory16s() {
        assertEquals(USER_HEX, hex(user, USER));
        assertEquals(USER_XLANG_HEX, hex(userXlang, USER));
        assertEquals(EXECUTION_HEX, hex(execution, EXECUTION));
    }

    @Test
    void refusesAListLengthOfTwoToTheThirtyOneWithoutAllocatingIt() {
        assertRejected(user, USER_HEX.replace("ffce020c", "ffceffffffff070c"), "exceeds size");
        assertRejected(userXlang, USER_XLANG_HEX.replace("0465020c", "0465ffffffff070c"), "exceeds size");
    }

    @Test
    void refusesAStringLengthBeyondTheInput() {
        assertRejected(user, USER_HEX.replace("ff0465ff", "ff04ffffffff0f65ff"), "");
        assertRejected(userXlang, USER_XLANG_HEX.replace("0c046502", "0cffffffff0f6502"), "");
    }

    /**
     * Fory builds a string in place with the coder its header names: UTF-16 bytes of Latin-1 text would become a string
     * that equals no string of its text (the fuzzer's first Fory finding: an empty one), and coder 3 one the JDK has no
     * coder for. The guarded variant refuses both; Fory as it comes returns them. The e-mail {@code "e"} is
     * {@code 04 65}: header (1 byte << 2 | coder 0, Latin-1), then the byte.
     */
    @Test
    void theGuardedVariantRefusesAStringWhoseBytesAreNotInTheFormTheJdkWouldHoldThem() {
        String latin1AsUtf16 = "User.email: a UTF-16 string of 1 characters that all fit Latin-1";
        assertRejected(userGuarded, USER_HEX.replace("ff0465ff", "ff096500ff"), latin1AsUtf16);
        assertRejected(userXlangGuarded, USER_XLANG_HEX.replace("0c046502", "0c09650002"), latin1AsUtf16);
        assertRejected(userXlangGuarded, USER_XLANG_HEX.replace("0c046502", "0c0102"), "User.email: a UTF-16 string of 0 characters");
        assertRejected(userGuarded, USER_HEX.replace("ff0465ff", "ff0765ff"), "User.email: a string of coder 3");
        // the same e-mail as UTF-16 that needs it, "\u0100", is read
        User read = userGuarded.decode(ByteBuffer.wrap(HexFormat.of().parseHex(USER_HEX.replace("ff0465ff", "ff090001ff"))),
                USER_HEX.length() / 2 + 1);
        assertEquals("\u0100", read.email());
        // unguarded, the e-mail comes back as a string of "e" that does not equal "e"
        User unequal = user.decode(ByteBuffer.wrap(HexFormat.of().parseHex(USER_HEX.replace("ff0465ff", "ff096500ff"))),
                USER_HEX.length() / 2 + 1);
        assertEquals(1, unequal.email().length());
        assertEquals('e', unequal.email().charAt(0));
        assertTrue(!"e".equals(unequal.email()), "Fory 1.6 now builds a Latin-1 string: the guard may be unneeded");
    }

    /**
     * A Java string may hold a surrogate without its pair, and Java mode writes it as the UTF-16 it is; xlang mode
     * writes a UTF-16 string as UTF-8 when most of it is ASCII, and UTF-8 has no form for a lone surrogate: Fory 1.6
     * reads the UTF-16 bytes {@code 61 00 00 d8} ("a" and a high surrogate alone) into a string it then cannot write
     * (the fuzzer's finding on {@code infra-execution}). The guarded xlang variant refuses any UTF-16 string that is not
     * Unicode text; the guarded Java variant reads one and writes it back.
     */
    @Test
    void theGuardedXlangVariantRefusesAUtf16StringWithAnUnpairedSurrogate() {
        String unwritable = USER_XLANG_HEX.replace("0c046502", "0c11610000d802");
        String unpaired = "is a surrogate without its pair: not Unicode text, which xlang's UTF-8 cannot carry";
        assertRejected(userXlangGuarded, unwritable, "User.email: a UTF-16 string whose character 1 " + unpaired);
        assertRejected(userXlangGuarded, USER_XLANG_HEX.replace("0c046502", "0c0900d802"),
                "User.email: a UTF-16 string whose character 0 " + unpaired);
        assertRejected(userXlangGuarded, USER_XLANG_HEX.replace("0c046502", "0c11410000dc02"),
                "User.email: a UTF-16 string whose character 1 " + unpaired);
        assertRejected(userXlangGuarded, USER_XLANG_HEX.replace("0c046502", "0c1100d8410002"),
                "User.email: a UTF-16 string whose character 0 " + unpaired);
        // a pair, U+10000, is read and written again
        byte[] pair = HexFormat.of().parseHex(USER_XLANG_HEX.replace("0c046502", "0c1100d800dc02"));
        User read = userXlangGuarded.decode(ByteBuffer.wrap(pair), pair.length);
        assertEquals("\uD800\uDC00", read.email());
        byte[] again = encode(userXlangGuarded, read);
        assertEquals(read, userXlangGuarded.decode(ByteBuffer.wrap(again), again.length));
        // unguarded, "a" and the lone surrogate are read, and writing the message again fails
        byte[] bytes = HexFormat.of().parseHex(unwritable);
        User unguarded = userXlang.decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals("a\uD800", unguarded.email());
        assertThrows(IllegalArgumentException.class, () -> encode(userXlang, unguarded),
                "Fory 1.6 now writes a lone surrogate in xlang mode: the guard may be unneeded");
        // Java mode carries it: its guarded variant reads it and writes it back
        User java = new User(5, "u", "a\uD800", 6, true, 8, List.of("r1", "r2"));
        byte[] javaBytes = encode(userGuarded, java);
        assertEquals(java, userGuarded.decode(ByteBuffer.wrap(javaBytes), javaBytes.length));
    }

    /**
     * xlang mode reads a list's elements with the types their bytes name, and the record's constructor copies the list
     * without looking: these bytes, the fuzzer's, make market data whose first entry is a {@code Boolean}. The guarded
     * variant refuses it; Fory as it comes returns it.
     */
    @Test
    void theGuardedVariantRefusesAListElementOfAnotherTypeThanTheList() {
        String hex = "01ff1b018ef98949290e02023b010c003200480b000000000000005169723dd8c8dc98007d";
        assertRejected(new ForyCodec<>(MessageType.MARKET_DATA, Language.XLANG, true), hex,
                "MarketData.entries[0] is a java.lang.Boolean, not a BookEntry");
        byte[] bytes = HexFormat.of().parseHex(hex);
        MarketData read = new ForyCodec<>(MessageType.MARKET_DATA, Language.XLANG, false)
                .decode(ByteBuffer.wrap(bytes), bytes.length);
        assertEquals(Boolean.class, ((List<?>) read.entries()).get(0).getClass());
    }

    @Test
    void refusesNestingBeyondFiftyLevels() {
        // the metadata map an unmodifiable map of an unmodifiable map ... 100,000 times: 200 KB
        String deep = "ffcc".repeat(100_000) + "ff6900";
        assertRejected(execution, EXECUTION_HEX.replace(METADATA, deep), "max depth 50");
    }

    @Test
    void refusesAMapEntryOfTheWrongTypes() {
        // the metadata entry's value is a list, not a string
        assertRejected(execution, EXECUTION_HEX.replace(METADATA, "ffccff6901000115cf0461ff00"), "");
    }

    @Test
    void refusesATypeIdTheCodecDidNotRegister() {
        // byte 3 is the root's registered id: 99 names nothing (-ea: Fory's assert; without: a NullPointerException)
        assertRejected(user, "00ff1b63" + USER_HEX.substring(8), "");
        assertRejected(userXlang, "01ff1b63" + USER_XLANG_HEX.substring(8), "");
        // Order's id, known to Fory's type system but not registered in a user codec
        assertRejected(user, "00ff1b04" + USER_HEX.substring(8), "");
    }

    @Test
    void refusesAStructWhoseSchemaHashDiffers() {
        assertRejected(userXlang, USER_XLANG_HEX.replace("b97c53b4", "b97c53b5"), "is not consistent");
    }

    @Test
    void refusesARecordOtherThanItsMessage() {
        // a BookEntry, registered in the market-data codec, at the root instead of a MarketData
        ForyCodec<?> marketData = new ForyCodec<>(MessageType.MARKET_DATA, Language.JAVA, false);
        byte[] entry = marketData.fory().serialize(new BookEntry(1, 2, Side.SELL, 3, EntryType.TRADE));
        assertRejected(marketData, HexFormat.of().formatHex(entry), "bytes hold a " + BookEntry.class.getName());
    }

    @Test
    void refusesNull() {
        assertRejected(user, "00fd", "bytes hold null");
        assertRejected(userXlang, "01fd", "bytes hold null");
    }

    @Test
    void refusesTheOtherModesBytes() {
        assertRejected(user, USER_XLANG_HEX, "xlang");
        assertRejected(userXlang, USER_HEX, "xlang");
    }

    @Test
    void refusesBytesAfterTheMessage() {
        for (ForyCodec<?> codec : List.of(user, userXlang)) {
            byte[] whole = encode(codec, Samples.fixtures(MessageType.USER).get(0).message());
            byte[] longer = Arrays.copyOf(whole, whole.length + 1);
            assertRejected(codec, HexFormat.of().formatHex(longer),
                    "ends after " + whole.length + " of its " + longer.length + " bytes");
        }
    }

    private static void assertRejected(MessageCodec<?> codec, String hex, String reason) {
        byte[] bytes = HexFormat.of().parseHex(hex);
        for (boolean direct : new boolean[] {false, true}) {
            ByteBuffer src = direct ? ByteBuffer.allocateDirect(bytes.length) : ByteBuffer.allocate(bytes.length);
            src.put(0, bytes);
            String what = codec.name() + (direct ? " direct" : " heap") + " " + (hex.length() > 80 ? hex.substring(0, 80) + "..." : hex);
            CodecException decode = assertThrows(CodecException.class, () -> codec.decode(src, bytes.length), what);
            assertTrue(decode.getMessage().contains(reason), what + ": " + decode.getMessage());
            CodecException traverse = assertThrows(CodecException.class, () -> codec.traverse(src, bytes.length), what);
            assertTrue(traverse.getMessage().contains(reason), what + ": " + traverse.getMessage());
        }
    }
}
