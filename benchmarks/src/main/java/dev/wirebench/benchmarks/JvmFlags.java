package dev.wirebench.benchmarks;

import java.util.ArrayList;
import java.util.List;

/** The flags a forked benchmark JVM needs, which depend on the JDK running it. */
final class JvmFlags {

    /** Agrona reaches into jdk.internal.misc for its buffers. */
    static final String AGRONA_EXPORTS = "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED";
    /** JDK 24+ warns on every sun.misc.Unsafe memory access (Agrona, protobuf) unless allowed; JDK 17 rejects the flag. */
    static final String UNSAFE_ALLOW = "--sun-misc-unsafe-memory-access=allow";

    private JvmFlags() {
    }

    /** The flags for the JDK running this process. */
    static List<String> forRunningJdk() {
        return forFeatureVersion(Runtime.version().feature());
    }

    static List<String> forFeatureVersion(int feature) {
        List<String> flags = new ArrayList<>(List.of(AGRONA_EXPORTS));
        if (feature >= 24) {
            flags.add(UNSAFE_ALLOW);
        }
        return flags;
    }
}
