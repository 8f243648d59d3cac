package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Colfer has no enums: each is a uint8 holding the record enum's ordinal, and the schema's field
 * comments ("Side ordinal: 0 BUY, 1 SELL") are all a reader in another language has to go on. They
 * must list every constant of the record enum at its ordinal.
 */
class SchemaEnumsTest {

    private static final Path SCHEMAS = Path.of("..", "schemas", "colfer");
    /** "Side (54) ordinal: 0 BUY, 1 SELL" once comment continuation lines are joined. */
    private static final Pattern TABLE = Pattern.compile("(\\w+) (?:\\(\\d+\\) )?ordinal: (\\d+ \\w+(?:, \\d+ \\w+)*)");
    private static final List<Class<? extends Enum<?>>> ENUMS = List.of(Side.class, EntryType.class, OrdType.class,
            TimeInForce.class, ExecutionStatus.class, TriggerType.class, ApprovalDecision.class, TransformationStatus.class);

    @Test
    void everyEnumTableInTheSchemaListsTheRecordOrdinals() throws IOException {
        Set<String> documented = new HashSet<>();
        for (String comment : comments()) {
            Matcher m = TABLE.matcher(comment);
            while (m.find()) {
                Class<? extends Enum<?>> type = ENUMS.stream().filter(e -> e.getSimpleName().equals(m.group(1)))
                        .findFirst().orElseThrow(() -> new AssertionError("no record enum " + m.group(1)));
                List<String> expected = new ArrayList<>();
                for (Enum<?> constant : type.getEnumConstants()) {
                    expected.add(constant.ordinal() + " " + constant.name());
                }
                assertEquals(String.join(", ", expected), m.group(2), "the schema's table of " + type.getSimpleName());
                documented.add(type.getSimpleName());
            }
        }
        for (Class<? extends Enum<?>> type : ENUMS) {
            assertTrue(documented.contains(type.getSimpleName()), "the schema documents no " + type.getSimpleName());
        }
    }

    /** Each field's comment block, its lines joined with single spaces. */
    private static List<String> comments() throws IOException {
        assertTrue(Files.isDirectory(SCHEMAS), SCHEMAS.toAbsolutePath() + " is not the Colfer schema folder");
        List<String> comments = new ArrayList<>();
        try (Stream<Path> files = Files.list(SCHEMAS)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".colf")).sorted().toList()) {
                StringBuilder block = new StringBuilder();
                for (String line : Files.readAllLines(file)) {
                    String trimmed = line.strip();
                    if (trimmed.startsWith("//")) {
                        block.append(' ').append(trimmed.substring(2).strip());
                    } else if (block.length() > 0) {
                        comments.add(block.toString().strip());
                        block.setLength(0);
                    }
                }
            }
        }
        return comments;
    }
}
