package dev.wirebench.harness.rig;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * This JVM's garbage collections and allocated bytes, read at the start and end of a measured window:
 * what an engine costs the process beyond time. Allocation is HotSpot's per-thread counters, summed
 * over the threads alive at both readings: bytes of a thread that started or ended inside the window
 * are not counted, so the caller keeps its own threads alive across the window.
 */
public final class JvmMeter {

    private final long gcCount;
    private final long gcMillis;
    /** The process's CPU time, or -1 where the JVM cannot tell. */
    private final long cpuNanos;
    private final long wallNanos;
    /** Allocated bytes by thread id; null where the JVM cannot tell. */
    private final Map<Long, Long> allocated;

    private JvmMeter(long gcCount, long gcMillis, Map<Long, Long> allocated) {
        this.gcCount = gcCount;
        this.gcMillis = gcMillis;
        this.cpuNanos = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
        this.wallNanos = System.nanoTime();
        this.allocated = allocated;
    }

    public static JvmMeter now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new JvmMeter(count, millis, allocated());
    }

    private static Map<Long, Long> allocated() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!(threads instanceof com.sun.management.ThreadMXBean hotspot) || !hotspot.isThreadAllocatedMemorySupported()) {
            return null;
        }
        long[] ids = threads.getAllThreadIds();
        long[] bytes = hotspot.getThreadAllocatedBytes(ids);
        Map<Long, Long> byThread = new HashMap<>();
        for (int i = 0; i < ids.length; i++) {
            if (bytes[i] >= 0) {
                byThread.put(ids[i], bytes[i]);
            }
        }
        return byThread;
    }

    public long gcCountSince(JvmMeter start) {
        return gcCount - start.gcCount;
    }

    public long gcMillisSince(JvmMeter start) {
        return gcMillis - start.gcMillis;
    }

    /**
     * The cores this JVM kept busy since {@code start}: its CPU time over the time passed (2.0 is two cores the
     * whole time), or NaN where the JVM cannot tell. A spinning thread shows as a whole core.
     */
    public double coresSince(JvmMeter start) {
        if (cpuNanos < 0 || start.cpuNanos < 0 || wallNanos == start.wallNanos) {
            return Double.NaN;
        }
        return (double) (cpuNanos - start.cpuNanos) / (wallNanos - start.wallNanos);
    }

    /**
     * Bytes allocated since {@code start} by the threads alive at both readings but {@code excluded}, or -1 if
     * unknown.
     */
    public long allocatedBytesSince(JvmMeter start, long excluded) {
        if (allocated == null || start.allocated == null) {
            return -1;
        }
        long total = 0;
        for (Map.Entry<Long, Long> e : allocated.entrySet()) {
            Long before = start.allocated.get(e.getKey());
            if (before != null && e.getKey() != excluded) {
                total += e.getValue() - before;
            }
        }
        return total;
    }
}
