package dev.wirebench.codec;

import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.User;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ChecksumTest {

    private static final List<String> STRINGS = List.of("", "a", "exactly8", "nine char", "é", "日本語のテキスト",
            "\uD83D\uDE00 emoji \uD83D\uDE80", "unpaired \uD800 high", "unpaired \uDC00 low", "x".repeat(1000));

    @Test
    void hashesAStringFromItsCharsExactlyAsFromItsUtf8Bytes() {
        for (String s : withRandomStrings()) {
            byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
            byte[] padded = new byte[utf8.length + 10];
            System.arraycopy(utf8, 0, padded, 3, utf8.length);
            long expected = Checksum.string(utf8, 0, utf8.length);
            assertEquals(expected, Checksum.string(s), s);
            assertEquals(expected, Checksum.string(padded, 3, utf8.length), s);
            ByteBuffer direct = ByteBuffer.allocateDirect(padded.length).put(padded);
            assertEquals(expected, Checksum.string(direct, 3, utf8.length), s);
            assertEquals(expected, Checksum.string(ByteBuffer.wrap(padded), 3, utf8.length), s);
        }
    }

    @Test
    void distinguishesStringsThatDifferOnlyInLengthOrTrailingZeros() {
        assertNotEquals(Checksum.string("ab"), Checksum.string("ab\0"));
        assertNotEquals(Checksum.string(""), Checksum.string("\0"));
        assertNotEquals(Checksum.string("abcdefgh"), Checksum.string("abcdefgh\0"));
    }

    @Test
    void changesWhenAnyFieldChanges() {
        MarketData m = Samples.reference(MessageType.MARKET_DATA);
        long base = Checksum.of(m);
        BookEntry e = m.entries().get(0);
        List<BookEntry> changedEntry = new ArrayList<>(m.entries());
        changedEntry.set(0, new BookEntry(e.price(), e.quantity(), e.side(), e.level(), EntryType.DELETE));
        List<MarketData> variants = List.of(
                new MarketData(m.instrumentId() + 1, m.symbol(), m.sequenceNumber(), m.timestamp(), m.entries()),
                new MarketData(m.instrumentId(), m.symbol() + "X", m.sequenceNumber(), m.timestamp(), m.entries()),
                new MarketData(m.instrumentId(), m.symbol(), m.sequenceNumber() + 1, m.timestamp(), m.entries()),
                new MarketData(m.instrumentId(), m.symbol(), m.sequenceNumber(), m.timestamp() + 1, m.entries()),
                new MarketData(m.instrumentId(), m.symbol(), m.sequenceNumber(), m.timestamp(), changedEntry),
                new MarketData(m.instrumentId(), m.symbol(), m.sequenceNumber(), m.timestamp(), m.entries().subList(1, 5)));
        for (MarketData variant : variants) {
            assertNotEquals(base, Checksum.of(variant), variant.toString());
        }
    }

    @Test
    void seesTheOrderOfAListButNotOfAMap() {
        User u = Samples.reference(MessageType.USER);
        List<String> reversed = new ArrayList<>(u.roles());
        Collections.reverse(reversed);
        User swapped = new User(u.id(), u.username(), u.email(), u.age(), u.active(), u.createdAt(), reversed);
        assertNotEquals(Checksum.of(u), Checksum.of(swapped));

        InfrastructureExecution x = Samples.reference(MessageType.INFRA_EXECUTION);
        List<Map.Entry<String, String>> entries = new ArrayList<>(x.metadata().entrySet());
        Collections.reverse(entries);
        Map<String, String> reordered = new LinkedHashMap<>();
        entries.forEach(en -> reordered.put(en.getKey(), en.getValue()));
        InfrastructureExecution y = new InfrastructureExecution(x.executionId(), x.pipelineId(), x.projectId(),
                x.status(), x.trigger(), x.startedAt(), x.stoppedAt(), x.approvedAt(), x.instanceIds(), x.approvals(),
                x.transformations(), reordered, x.outputs(), x.dryRun(), x.rollbackOnFailure(), x.approvalRequired(),
                x.errorMessage());
        assertEquals(x, y, "map equality ignores order");
        assertEquals(Checksum.of(x), Checksum.of(y), "so must the checksum");
    }

    @Test
    void tellsSwappedFieldsOfTheSameTypeApart() {
        BookEntry a = new BookEntry(1, 2, Side.BUY, 0, EntryType.NEW);
        BookEntry b = new BookEntry(2, 1, Side.BUY, 0, EntryType.NEW);
        assertNotEquals(Checksum.of(a), Checksum.of(b));
    }

    private static List<String> withRandomStrings() {
        List<String> all = new ArrayList<>(STRINGS);
        SplittableRandom random = new SplittableRandom(7);
        RandomValues values = new RandomValues(random);
        for (int i = 0; i < 500; i++) {
            all.add(values.string(40));
        }
        return all;
    }
}
