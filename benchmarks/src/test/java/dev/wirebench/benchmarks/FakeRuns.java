package dev.wirebench.benchmarks;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Run folders as a finished run leaves them, but small: a summary.md with a table and one chart, and a real PNG. */
final class FakeRuns {

    static final String CHART = "codec-market-data-heap.png";
    static final String CHART_TITLE = "market-data (heap): time per operation, lower is better";

    private FakeRuns() {
    }

    static String summary(String folder) {
        return """
                # wirebench run %s

                - Machine: a test fixture, not a measurement
                - Settings: none

                ## CodecBenchmark

                Ranked best first within each group; × raw is the score relative to raw in the same group.

                | Benchmark | Mode | Score | Error | Unit | × raw |
                | --- | --- | ---: | ---: | --- | ---: |
                | CodecBenchmark.encode buffer=heap codec=raw/market-data | avgt | 40.1 | 1.2 | ns/op | 1.00 |
                | CodecBenchmark.encode buffer=heap codec=sbe/market-data | avgt | 42.5 | 1.5 | ns/op | 1.06 |
                | CodecBenchmark.decode buffer=heap codec=sbe/market-data | avgt | 61.0 | 2.0 | ns/op | 1.12 |

                ## Charts

                ### %s

                ![%s](%s)
                """.formatted(folder, CHART_TITLE, CHART_TITLE, CHART);
    }

    /** A run folder named {@code name} with env.json, and summary.md and the chart when {@code finished}. */
    static Path write(Path results, String name, boolean finished) throws IOException {
        Path folder = Files.createDirectories(results.resolve(name));
        Files.writeString(folder.resolve("env.json"), "{}\n");
        if (finished) {
            Files.writeString(folder.resolve(RunReport.SUMMARY_FILE), summary(name));
            Files.write(folder.resolve(CHART), png());
        }
        return folder;
    }

    /** A 480 × 240 PNG of three bars. */
    static byte[] png() throws IOException {
        BufferedImage image = new BufferedImage(480, 240, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = image.createGraphics();
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, 480, 240);
        Color[] colors = {new Color(0x2456a6), new Color(0xe69f00), new Color(0x009e73)};
        for (int i = 0; i < colors.length; i++) {
            g.setColor(colors[i]);
            int height = 60 + 50 * i;
            g.fillRect(60 + 130 * i, 220 - height, 90, height);
        }
        g.dispose();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ImageIO.write(image, "png", bytes);
        return bytes.toByteArray();
    }
}
