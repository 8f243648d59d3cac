package dev.wirebench.harness;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of already formatted cells, as GitHub-flavoured markdown or as aligned plain text for a
 * console: the first {@code labelColumns} columns are labels (left-aligned), the rest numbers
 * (right-aligned). For latency percentiles use {@link PercentileTable}; this is for everything else a
 * suite reports (throughput per method, sizes, a QPS table).
 */
public final class TextTable {

    private final List<String> header;
    private final int labelColumns;
    private final List<List<String>> rows = new ArrayList<>();

    /**
     * @throws IllegalArgumentException if there are no columns or {@code labelColumns} is not between 0
     *                                  and their number
     */
    public TextTable(int labelColumns, String... header) {
        if (header.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        if (labelColumns < 0 || labelColumns > header.length) {
            throw new IllegalArgumentException(labelColumns + " label columns in a table of " + header.length);
        }
        this.header = List.of(header);
        this.labelColumns = labelColumns;
    }

    /** Adds a row. @throws IllegalArgumentException if it has not one cell per column */
    public TextTable add(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row " + List.of(cells) + " has " + cells.length + " cells for the "
                    + header.size() + " columns " + header);
        }
        for (String cell : cells) {
            Objects.requireNonNull(cell, "a cell of row " + rows.size());
        }
        rows.add(List.of(cells));
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table in markdown; a {@code |} inside a cell is escaped. */
    public String toMarkdown() {
        StringBuilder md = new StringBuilder();
        line(md, header);
        md.append('|');
        for (int i = 0; i < header.size(); i++) {
            md.append(i < labelColumns ? ":---|" : "---:|");
        }
        md.append('\n');
        rows.forEach(row -> line(md, row));
        return md.toString();
    }

    /** The table as plain text, columns padded to their widest cell. */
    public String toText() {
        int[] widths = new int[header.size()];
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        all.addAll(rows);
        for (List<String> row : all) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        StringBuilder text = new StringBuilder();
        for (List<String> row : all) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < widths.length; i++) {
                String pad = " ".repeat(widths[i] - row.get(i).length());
                line.append(i == 0 ? "" : "  ").append(i < labelColumns ? row.get(i) + pad : pad + row.get(i));
            }
            text.append(line.toString().stripTrailing()).append('\n');
        }
        return text.toString();
    }

    private static void line(StringBuilder md, List<String> cells) {
        md.append('|');
        for (String cell : cells) {
            md.append(' ').append(cell.replace("|", "\\|")).append(" |");
        }
        md.append('\n');
    }
}
