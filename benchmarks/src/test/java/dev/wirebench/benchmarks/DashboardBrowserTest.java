package dev.wirebench.benchmarks;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
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
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The dashboard in a real browser: Debian's chromium and chromium-driver, driven by Selenium, which is
 * pointed at both so that it never downloads either. Skipped where they are not installed.
 */
class DashboardBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOT = Path.of("target", "dashboard.png");
    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void roundTripsACodecFromTheBrowserAndShowsTheLatestRun(@TempDir Path results, @TempDir Path profile)
            throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no Chromium here: apt-get install chromium chromium-driver");
        String run = "20260101-000000-test";
        FakeRuns.write(results, run, true);
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        try (ServeServer server = ServeServer.start(ServeOptions.local(0, results), Codecs.load(),
                new PrintStream(log, true, StandardCharsets.UTF_8))) {
            ChromeDriverService service = new ChromeDriverService.Builder()
                    .usingDriverExecutable(CHROMEDRIVER.toFile())
                    .usingAnyFreePort()
                    .build();
            ChromeOptions options = new ChromeOptions();
            options.setBinary(CHROMIUM.toFile());
            options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                    "--no-first-run", "--user-data-dir=" + profile, "--window-size=1280,1900");
            ChromeDriver driver = new ChromeDriver(service, options);
            try {
                driver.get(server.url("127.0.0.1"));
                WebDriverWait wait = new WebDriverWait(driver, WAIT);
                wait.until(ExpectedConditions.elementToBeClickable(
                        By.cssSelector("button[data-codec='sbe/market-data']"))).click();
                wait.until(ExpectedConditions.textToBe(By.cssSelector("#result .match"), "match: true"));

                String decoded = driver.findElement(By.cssSelector("#result .decoded")).getText();
                assertTrue(decoded.contains("\"symbol\": \"ESZ6\""), decoded);
                long timestamp = Samples.reference(MessageType.MARKET_DATA).timestamp();
                assertTrue(decoded.contains("\"timestamp\": " + timestamp), "a long beyond 2^53 keeps its digits: " + decoded);
                assertEquals(encodedLength("sbe/market-data") + " B",
                        driver.findElement(By.cssSelector("#result .size")).getText());

                WebElement table = wait.until(ExpectedConditions.presenceOfElementLocated(
                        By.cssSelector("#run .summary table")));
                List<String> headers = table.findElements(By.cssSelector("thead th")).stream()
                        .map(WebElement::getText).toList();
                assertTrue(headers.contains("Benchmark"), headers.toString());
                assertEquals(3, table.findElements(By.cssSelector("tbody tr")).size());
                assertEquals(run, driver.findElement(By.cssSelector("#run .folder")).getText());
                wait.until(d -> (Boolean) ((JavascriptExecutor) d).executeScript(
                        "const img = document.querySelector('#run figure img');"
                                + " return img !== null && img.complete && img.naturalWidth === 480;"));

                Files.createDirectories(SCREENSHOT.getParent());
                Files.write(SCREENSHOT, ((TakesScreenshot) driver).getScreenshotAs(OutputType.BYTES));
            } finally {
                driver.quit();
            }
        }
        String requests = log.toString(StandardCharsets.UTF_8);
        assertTrue(requests.contains("GET /runs/" + run + "/" + FakeRuns.CHART + " 200"), requests);
    }

    private static int encodedLength(String name) {
        @SuppressWarnings("unchecked")
        MessageCodec<Object> codec = (MessageCodec<Object>) Codecs.load().create(name);
        return codec.encode(Samples.reference(codec.messageType()), ByteBuffer.allocate(1 << 16));
    }
}
