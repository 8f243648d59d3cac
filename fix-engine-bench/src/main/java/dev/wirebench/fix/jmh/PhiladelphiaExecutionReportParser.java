package dev.wirebench.fix.jmh;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageParser;
import com.paritytrading.philadelphia.FIXValue;

import java.io.IOException;
import java.nio.ByteBuffer;

import static com.paritytrading.philadelphia.fix44.FIX44Tags.AvgPx;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.ClOrdID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.CumQty;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.ExecID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.ExecType;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.LastPx;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.LastQty;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.LeavesQty;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.OrdStatus;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.OrderID;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.Side;
import static com.paritytrading.philadelphia.fix44.FIX44Tags.Symbol;

/**
 * Philadelphia the way its connection uses it: one {@link FIXMessageParser} (CheckSum checked) with one
 * reused message, the fields read in place from its {@link FIXValue}s. Garbage-free.
 */
final class PhiladelphiaExecutionReportParser implements ExecutionReportParser {

    private final FIXMessageParser parser;
    private FIXMessage parsed;

    PhiladelphiaExecutionReportParser() {
        parser = new FIXMessageParser(FIXConfig.newBuilder().setCheckSumEnabled(true).build(), m -> parsed = m);
    }

    @Override
    public long parse(ByteBuffer report) throws IOException {
        parsed = null;
        if (!parser.parse(report) || parsed == null) {
            throw new IOException("Philadelphia found no whole ExecutionReport in the fixture");
        }
        FIXMessage m = parsed;
        // FIXValue is a CharSequence over its bytes, so strings are hashed without a String or a copy
        return ExecutionReportFixture.checksum(value(m, ClOrdID), value(m, OrderID), value(m, ExecID),
                value(m, ExecType).asChar(), value(m, OrdStatus).asChar(), value(m, Symbol), value(m, Side).asChar(),
                value(m, LeavesQty).asFloat(), value(m, CumQty).asFloat(), value(m, AvgPx).asFloat(),
                value(m, LastQty).asFloat(), value(m, LastPx).asFloat());
    }

    private static FIXValue value(FIXMessage m, int tag) throws IOException {
        FIXValue value = m.valueOf(tag);
        if (value == null) {
            throw new IOException("tag " + tag + " is missing from the ExecutionReport");
        }
        return value;
    }
}
