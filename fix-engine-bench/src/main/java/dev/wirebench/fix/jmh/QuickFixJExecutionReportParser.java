package dev.wirebench.fix.jmh;

import quickfix.FieldNotFound;
import quickfix.InvalidMessage;
import quickfix.fix44.ExecutionReport;

import java.nio.ByteBuffer;

import static java.nio.charset.StandardCharsets.ISO_8859_1;

/**
 * QuickFIX/J the way its network decoder and application use it: the bytes become a String, the String
 * a new {@link ExecutionReport} (header order and CheckSum validated, no DataDictionary), and the
 * fields are read through the typed getters.
 */
final class QuickFixJExecutionReportParser implements ExecutionReportParser {

    @Override
    public long parse(ByteBuffer report) throws InvalidMessage, FieldNotFound {
        String text = new String(report.array(), report.arrayOffset() + report.position(), report.remaining(), ISO_8859_1);
        // a new message per parse: a Message keeps its read position, so one cannot be parsed twice
        ExecutionReport m = new ExecutionReport();
        m.fromString(text, null, null, true);
        if (m.getException() != null) {
            throw new InvalidMessage(m.getException().getMessage());
        }
        return ExecutionReportFixture.checksum(m.getClOrdID().getValue(), m.getOrderID().getValue(),
                m.getExecID().getValue(), m.getExecType().getValue(), m.getOrdStatus().getValue(),
                m.getSymbol().getValue(), m.getSide().getValue(), m.getLeavesQty().getValue(),
                m.getCumQty().getValue(), m.getAvgPx().getValue(), m.getLastQty().getValue(), m.getLastPx().getValue());
    }
}
