package dev.wirebench.benchmarks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The history site in Debian's headless Chromium, opened from the file system as a user opens it. */
class HistoryBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOT = Path.of("target", "history.png");

    @Test
    void opensWithoutErrorsFiltersAndChartsOnePointPerRunWithTheRegressionMarked(@TempDir Path dir, @TempDir Path profile)
            throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no Chromium here: apt-get install chromium chromium-driver");
        Path site = dir.resolve("site");
        ByteArrayOutputStream ignored = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(ignored, true, StandardCharsets.UTF_8);
        assertEquals(0, Main.run(new String[]{"history", HistoryCommandTest.runs(dir.resolve("results")).toString(),
                "--out", site.toString()}, sink, sink));

        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", "--user-data-dir=" + profile, "--window-size=1400,1800");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriver driver = new ChromeDriver(service, options);
        try {
            driver.get(site.resolve("index.html").toUri().toString());
            JavascriptExecutor js = driver;
            assertEquals("5 runs, 150 series", driver.findElement(By.id("summary")).getText());
            // 3 + 3 fix series (JDK 17, JDK 25), 72 benchmarks x (time, allocation) of the JMH run from before results.json
            List<String> lines = driver.findElements(By.cssSelector("section.line > h2")).stream().map(WebElement::getText).toList();
            assertTrue(lines.containsAll(List.of("fix · JDK 17", "fix · JDK 25")), lines.toString());
            WebElement quickfixj = chart(driver, "fix · jdk 17 engine=quickfixj fill p50");
            assertEquals(3, quickfixj.findElements(By.cssSelector("circle.point")).size(), "one point per JDK 17 run");
            assertEquals(1, quickfixj.findElements(By.cssSelector("circle.point.worse")).size(), "the doubled p50 is marked");
            assertEquals(0, chart(driver, "fix · jdk 17 engine=raw fill p50").findElements(By.cssSelector("circle.point.worse")).size());
            assertTrue(quickfixj.getText().contains("lower is better"), quickfixj.getText());
            assertTrue(chart(driver, "fix · jdk 17 engine=quickfixj orders/s").getText().contains("higher is better"));

            WebElement filter = driver.findElement(By.id("filter"));
            filter.sendKeys("quickfixj p50");
            assertEquals("2 of 150 charts", driver.findElement(By.id("shown")).getText(), "JDK 17 and 25");
            Object visible = js.executeScript("return document.querySelectorAll('.chart:not(.hidden)').length");
            assertEquals(2L, visible);
            List<String> groups = driver.findElements(By.cssSelector("details:not(.hidden) > summary")).stream()
                    .map(WebElement::getText).toList();
            assertEquals(List.of("engine quickfixj (1)", "engine quickfixj (1)"), groups, "the counts follow the filter");

            Files.createDirectories(SCREENSHOT.getParent());
            Files.write(SCREENSHOT, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));

            driver.findElement(By.linkText("2026-11-03T02:00:00")).click();
            assertTrue(driver.findElement(By.cssSelector(".changes")).getText().contains("2 worse"));
            List<LogEntry> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.WARNING.intValue()).toList();
            assertTrue(errors.isEmpty(), "console: " + errors);
        } finally {
            driver.quit();
        }
    }

    private static WebElement chart(ChromeDriver driver, String label) {
        return driver.findElements(By.cssSelector(".chart")).stream().filter(c -> label.equals(c.getDomAttribute("data-label")))
                .findFirst().orElseThrow(() -> new AssertionError("no chart " + label));
    }
}
