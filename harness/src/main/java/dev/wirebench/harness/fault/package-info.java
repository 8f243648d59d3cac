/**
 * Faults on the wire for {@code --faults} runs: the link between client and server ({@link
 * dev.wirebench.harness.fault.FaultLink}: a network namespace, a veth pair, nft's packet loss, flaps), the delay
 * ({@link dev.wirebench.harness.fault.DelayRelay}), the spec a user writes ({@link dev.wirebench.harness.fault.Faults})
 * and the schedule of flaps and server restarts ({@link dev.wirebench.harness.fault.FaultSchedule}).
 */
package dev.wirebench.harness.fault;
