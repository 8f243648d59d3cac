package dev.wirebench.harness;

import com.sun.management.GcInfo;

import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a JVM holds at one moment, the figures a soak watches for growth: the heap left after the latest
 * collection (live data, which a leak grows, unlike the heap in use, which every allocation grows until the next
 * collection), the collections so far, the heap in use, its live Java threads, and, from the OS, its resident set
 * and its threads (the JVM's own GC and compiler threads too). A figure that cannot be known is -1.
 *
 * <p>Heap after GC is the heap in use at the end of the latest collection (HotSpot's {@link GcInfo}; elsewhere the
 * heap pools' {@link MemoryPoolMXBean#getCollectionUsage()}), read from inside. After a young collection it holds
 * the old generation as it stands, garbage there included until a mixed or full collection takes it: a level that
 * climbs and falls back is that; one that climbs for the whole soak is not. A JVM that collects on its own (one
 * that allocates) is read as it is, no collection forced, so the latency measured beside it is not disturbed;
 * {@link #answer()}, what a server tells its parent, asks for one ({@link System#gc()}) only when none has run since
 * its previous answer, so that a server that allocates little still tells the level of now, at the price of one
 * pause per sample at most. RSS and OS threads come from {@code /proc/<pid>/status} (Linux); elsewhere they are -1
 * and a soak judges the Java threads.
 *
 * @param heapAfterGc bytes of heap in use after the latest collection, -1 before the first
 * @param gcs         collections so far, every collector
 * @param forcedGcs   of those, asked for by {@link #answer()}
 * @param heapUsed    bytes of heap in use now, garbage included
 * @param javaThreads live Java threads
 * @param rss         resident set, bytes; -1 where {@code /proc} cannot tell
 * @param osThreads   the process's threads as the OS counts them; -1 where {@code /proc} cannot tell
 */
public record JvmResources(long heapAfterGc, long gcs, long forcedGcs, long heapUsed, int javaThreads, long rss,
                           int osThreads) {

    /** What a line of {@link #toLine()} starts with. */
    public static final String LINE = "wirebench-resources";

    /** The collections counted at the previous {@link #answer()}, and those it asked for. */
    private static long gcsAnswered = -1;
    private static long forced;

    /**
     * What a server JVM tells its parent: {@link #inside()}, after a collection asked for when none has run since
     * the previous answer (or ever), so that the heap after GC is not that of long ago.
     */
    public static synchronized JvmResources answer() {
        JvmResources now = inside();
        if (now.gcs() == gcsAnswered || now.heapAfterGc() < 0) {
            System.gc();
            forced++;
            now = inside();
        }
        gcsAnswered = now.gcs();
        return new JvmResources(now.heapAfterGc(), now.gcs(), forced, now.heapUsed(), now.javaThreads(), -1, -1);
    }

    /** This JVM's heap and Java threads, read from inside; RSS and OS threads are left unknown. */
    public static JvmResources inside() {
        Set<String> heapPools = new HashSet<>();
        long collectionUsage = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                heapPools.add(pool.getName());
                MemoryUsage collected = pool.getCollectionUsage();
                collectionUsage += collected == null ? 0 : collected.getUsed();
            }
        }
        long gcs = 0;
        long latestEnd = -1;
        long afterLatest = -1;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs += Math.max(0, gc.getCollectionCount());
            GcInfo info = gc instanceof com.sun.management.GarbageCollectorMXBean hotspot ? hotspot.getLastGcInfo() : null;
            if (info != null && info.getEndTime() >= latestEnd) {
                latestEnd = info.getEndTime();
                afterLatest = 0;
                for (Map.Entry<String, MemoryUsage> pool : info.getMemoryUsageAfterGc().entrySet()) {
                    afterLatest += heapPools.contains(pool.getKey()) ? pool.getValue().getUsed() : 0;
                }
            }
        }
        // a pool's collection usage is only renewed when that pool is collected (G1's old gen: at a mixed or full
        // collection), so after a young collection their sum leaves out what it promoted; the latest collection's
        // own figures do not, and are what a GC log calls the heap after it
        long afterGc = gcs == 0 ? -1 : afterLatest >= 0 ? afterLatest : collectionUsage;
        return new JvmResources(afterGc, gcs, 0,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                ManagementFactory.getThreadMXBean().getThreadCount(), -1, -1);
    }

    /** This JVM's figures, the OS's included where it can tell. */
    public static JvmResources self() {
        return inside().withOsFigures(ProcessHandle.current().pid());
    }

    /** The same with the OS's figures of process {@code pid}: its RSS and threads, or -1 where it cannot tell. */
    public JvmResources withOsFigures(long pid) {
        Map<String, Long> status = procStatus(Path.of("/proc", Long.toString(pid), "status"));
        long rssKb = status.getOrDefault("VmRSS", -1L);
        return new JvmResources(heapAfterGc, gcs, forcedGcs, heapUsed, javaThreads, rssKb < 0 ? -1 : rssKb * 1024,
                status.getOrDefault("Threads", -1L).intValue());
    }

    /** Figures none of which is known: a server that did not answer. */
    public static JvmResources unknown() {
        return new JvmResources(-1, -1, -1, -1, -1, -1, -1);
    }

    /** The threads to judge: the OS's where known (they include the JVM's own), else the Java ones. */
    public int threads() {
        return osThreads >= 0 ? osThreads : javaThreads;
    }

    /** One line, for a server JVM to print and its parent to {@link #parse}. */
    public String toLine() {
        return String.format(Locale.ROOT, "%s heap-after-gc=%d gcs=%d forced-gcs=%d heap-used=%d java-threads=%d rss=%d"
                + " os-threads=%d", LINE, heapAfterGc, gcs, forcedGcs, heapUsed, javaThreads, rss, osThreads);
    }

    /**
     * Reads a line of {@link #toLine()}.
     *
     * @throws IllegalArgumentException when it is not one, quoting it
     */
    public static JvmResources parse(String line) {
        String[] parts = line.trim().split(" ");
        Map<String, Long> values = new HashMap<>();
        try {
            if (!parts[0].equals(LINE)) {
                throw new IllegalArgumentException();
            }
            for (int i = 1; i < parts.length; i++) {
                int eq = parts[i].indexOf('=');
                values.put(parts[i].substring(0, eq), Long.parseLong(parts[i].substring(eq + 1)));
            }
            return new JvmResources(values.get("heap-after-gc"), values.get("gcs"), values.get("forced-gcs"),
                    values.get("heap-used"),
                    Math.toIntExact(values.get("java-threads")), values.get("rss"),
                    Math.toIntExact(values.get("os-threads")));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a line of resources: '" + line + "'");
        }
    }

    /** The {@code Key: value} lines of a {@code /proc/<pid>/status} as numbers; empty where it cannot be read. */
    private static Map<String, Long> procStatus(Path file) {
        Map<String, Long> values = new HashMap<>();
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (IOException | RuntimeException noProc) {
            // not Linux, or the process is gone
            return values;
        }
        for (String line : lines) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String[] value = line.substring(colon + 1).trim().split("\\s+");
            try {
                values.put(line.substring(0, colon), Long.parseLong(value[0]));
            } catch (NumberFormatException notANumber) {
                // State, Name and the like
            }
        }
        return values;
    }
}
