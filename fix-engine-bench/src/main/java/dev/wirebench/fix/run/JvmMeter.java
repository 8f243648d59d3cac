package dev.wirebench.fix.run;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * This JVM's garbage collections and allocated bytes, read at the start and end of a measured window:
 * what an engine costs the process beyond time. Allocation is summed over the live threads
 * (HotSpot's per-thread counters), so bytes of a thread that ended inside the window are not counted.
 */
record JvmMeter(long gcCount, long gcMillis, long allocatedBytes) {

    static JvmMeter now() {
        long count = 0;
        long millis = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            millis += Math.max(0, gc.getCollectionTime());
        }
        return new JvmMeter(count, millis, allocated());
    }

    private static long allocated() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (threads instanceof com.sun.management.ThreadMXBean hotspot && hotspot.isThreadAllocatedMemorySupported()) {
            long total = 0;
            for (long bytes : hotspot.getThreadAllocatedBytes(threads.getAllThreadIds())) {
                total += Math.max(0, bytes);
            }
            return total;
        }
        return -1;
    }

    /** What happened between {@code start} and this reading. */
    JvmMeter since(JvmMeter start) {
        long bytes = allocatedBytes < 0 || start.allocatedBytes < 0 ? -1 : allocatedBytes - start.allocatedBytes;
        return new JvmMeter(gcCount - start.gcCount, gcMillis - start.gcMillis, bytes);
    }
}
