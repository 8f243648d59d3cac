/**
 * The ping-pong's history file and its analysis: {@link dev.wirebench.fix.history.HistoryWriter} records
 * every FIX message the client sent or received as {@code <nanotime>;<FIX message>} lines, and
 * {@link dev.wirebench.fix.history.AnalyseCommand} ({@code fix analyse}) reads such a file back into
 * per-message round-trip percentiles with bootstrap confidence intervals.
 */
package dev.wirebench.fix.history;
