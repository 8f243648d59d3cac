package dev.wirebench.harness;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class TextTableTest {

    @Test
    void labelsAlignLeftAndNumbersRight() {
        TextTable t = new TextTable(2, "Rows", "Format", "Rows/s").add("1000", "BYTEA", "9400").add("10000", "JSONB", "79");
        assertEquals("""
                | Rows | Format | Rows/s |
                |:---|:---|---:|
                | 1000 | BYTEA | 9400 |
                | 10000 | JSONB | 79 |
                """, t.toMarkdown());
        assertEquals("""
                Rows   Format  Rows/s
                1000   BYTEA     9400
                10000  JSONB       79
                """, t.toText());
    }

    @Test
    void aPipeInACellIsEscapedInMarkdown() {
        assertEquals("| a |\n|:---|\n| x\\|y |\n", new TextTable(1, "a").add("x|y").toMarkdown());
    }

    @Test
    void aRowMustHaveOneCellPerColumn() {
        TextTable t = new TextTable(1, "a", "b");
        assertThrows(IllegalArgumentException.class, () -> t.add("only one"));
        assertThrows(IllegalArgumentException.class, () -> new TextTable(3, "a", "b"));
        assertThrows(IllegalArgumentException.class, () -> new TextTable(0));
    }
}
