/**
 * The canonical {@code Order} as a FIX 4.4 NewOrderSingle (35=D) in tag=value text, written and read by
 * QuickFIX/J ({@code fix-quickfixj/order}) and by Philadelphia ({@code fix-philadelphia/order}). Both
 * write the same bytes for the same order (Philadelphia adds the fields in the order QuickFIX/J sorts
 * them), and each reads what the other writes.
 *
 * <h2>Wire</h2>
 * Header {@code 8=FIX.4.4 9 35=D 34=1 49=WBCLIENT 52=20251121-04:40:00.123 56=WBSERVER} (a codec has no
 * session, so CompIDs, MsgSeqNum and SendingTime are fixed), body in tag order Account 1, ClOrdID 11,
 * OrderQty 38, OrdType 40, Price 44, Side 54, Symbol 55, TimeInForce 59, TransactTime 60, trailer
 * CheckSum 10. The reference order:
 * <pre>8=FIX.4.4|9=164|35=D|34=1|49=WBCLIENT|52=20251121-04:40:00.123|56=WBSERVER|1=ACC-7781|
 * 11=ORD-20261121-000042|38=100|40=2|44=187.25|54=1|55=AAPL|59=0|60=20251121-04:40:00.123456789|10=006|</pre>
 * <ul>
 *   <li>Strings are their UTF-8 bytes. A string holding SOH (0x01) is refused on encode with an
 *       {@code IllegalArgumentException}: SOH ends a field and a FIX string has no length prefix. An
 *       empty string is an empty value ({@code 11=|}), which both libraries read back as "" when they
 *       parse without a DataDictionary; FIX itself forbids empty values, so a strict peer would reject
 *       the "empty" fixture.</li>
 *   <li>OrderQty is the long's decimal digits; Price the shortest-path exact decimal of the double, no
 *       exponent, {@code -0.0} as {@code -0} ({@link dev.wirebench.fix.codec.FixDecimal}); TransactTime a
 *       UTCTimestamp with nanoseconds, {@code yyyyMMdd-HH:mm:ss.nnnnnnnnn}, QuickFIX/J's own
 *       {@code UtcTimestampPrecision.NANOS} on one side and the same text through Philadelphia's generic
 *       {@code setString} on the other (its timestamp API stops at milliseconds).</li>
 *   <li>Decode checks BeginString, BodyLength, CheckSum and MsgType and throws {@code CodecException}
 *       saying which is wrong; a missing field or a value of the wrong form is rejected the same way.</li>
 * </ul>
 *
 * <h2>Tier</h2>
 * <table>
 *   <caption>What each call costs</caption>
 *   <tr><th></th><th>fix-quickfixj</th><th>fix-philadelphia</th></tr>
 *   <tr><td>encode</td><td>allocates, forced by the library: a {@code NewOrderSingle} with its header,
 *       trailer and field maps, a Field and a String per value, the message String and its bytes.</td>
 *       <td>garbage-free for realistic prices: one reused {@code FIXMessage}, strings through a reused
 *       UTF-8 scratch, body written to a reused buffer, then copied after the header (BodyLength comes
 *       first on the wire). A price without a short exact decimal (≥ 16 significant digits) allocates
 *       one {@code Double.toString}. {@code PhiladelphiaAllocationTest}: 0 B per call, heap and direct.</td></tr>
 *   <tr><td>decode</td><td>copies: the bytes become one String (plus a copy out of a direct buffer),
 *       the parse makes a Message with a Field and a substring per value, the getters typed Fields, and
 *       each string value is re-decoded from ISO-8859-1 chars to UTF-8.</td>
 *       <td>copies each value into the parser's reused {@code FIXValue} arrays, then one String per string
 *       field and the record; nothing else.</td></tr>
 *   <tr><td>traverse</td><td>not zero-copy: QuickFIX/J cannot read a field without parsing the whole
 *       message, so it allocates as decode does, short of the record.</td>
 *       <td>allocation-free: the parser runs on the caller's buffer in place (its position and limit are
 *       narrowed for the parse and restored), values are read from the parser's {@code FIXValue}s and
 *       string bytes hashed from a reused scratch array; not zero-copy in the strict sense, as
 *       Philadelphia copies every value out of the buffer into its own arrays. {@code PhiladelphiaAllocationTest}:
 *       0 B per call.</td></tr>
 * </table>
 * A Philadelphia value holds at most {@value dev.wirebench.fix.codec.PhiladelphiaOrderCodec#FIELD_CAPACITY}
 * minus one bytes; a longer string is refused on encode with an {@code IllegalArgumentException}.
 * QuickFIX/J's charset ({@code CharsetSupport}) is global: it is left alone, and the QuickFIX/J codec
 * refuses to run under a multi-byte one.
 */
package dev.wirebench.fix.codec;
