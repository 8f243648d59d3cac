package dev.wirebench.fix.jmh;

import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.Samples;
import dev.wirebench.codec.message.Order;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The benchmark's setup works and each benchmark method does the work it claims, call after call; no JMH run. */
class FixCodecBenchmarkTest {

    private final FixCodecBenchmark benchmark = new FixCodecBenchmark();

    @ParameterizedTest
    @ValueSource(strings = {"quickfixj", "philadelphia"})
    void shouldEncodeTheReferenceOrderOnEveryCall(String engine) {
        FixCodecBenchmark.Fixture f = fixture(engine);
        for (int call = 0; call < 3; call++) {
            int n = benchmark.encodeNewOrderSingle(f);
            String text = new String(f.out.array(), 0, n, StandardCharsets.US_ASCII);
            assertTrue(text.startsWith("8=FIX.4.4\u00019=164\u000135=D\u0001") && text.endsWith("10=006\u0001"), text);
            Order decoded = f.orderCodec.decode(ByteBuffer.wrap(f.out.array(), 0, n), n);
            assertEquals(Samples.reference(MessageType.ORDER), decoded);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"quickfixj", "philadelphia"})
    void shouldReturnTheChecksumOfEveryReportFieldOnEveryCall(String engine) throws Exception {
        FixCodecBenchmark.Fixture f = fixture(engine);
        for (int call = 0; call < 3; call++) {
            assertEquals(ExecutionReportFixture.expectedChecksum(), benchmark.parseExecutionReport(f));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"quickfixj", "philadelphia"})
    void shouldRejectAReportWithAWrongCheckSum(String engine) {
        FixCodecBenchmark.Fixture f = fixture(engine);
        byte[] bytes = ExecutionReportFixture.bytes();
        bytes[bytes.length - 2]++; // the last CheckSum digit
        f.report = ByteBuffer.wrap(bytes);
        assertThrows(Exception.class, () -> benchmark.parseExecutionReport(f));
    }

    @ParameterizedTest
    @ValueSource(strings = {"raw", "QuickFIXJ"})
    void shouldRefuseAnUnknownEngineNamingTheKnownOnes(String engine) {
        FixCodecBenchmark.Fixture f = new FixCodecBenchmark.Fixture();
        f.engine = engine;
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, f::setUp);
        assertTrue(e.getMessage().contains("quickfixj or philadelphia"), e.getMessage());
    }

    private static FixCodecBenchmark.Fixture fixture(String engine) {
        FixCodecBenchmark.Fixture f = new FixCodecBenchmark.Fixture();
        f.engine = engine;
        f.setUp();
        return f;
    }
}
