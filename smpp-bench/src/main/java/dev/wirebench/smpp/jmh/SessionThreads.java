package dev.wirebench.smpp.jmh;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The threads a blocking session's reader runs on: platform threads, or virtual threads reached through
 * method handles, so the code compiles with {@code --release 17} and finds them at run time on JDK 21+.
 */
public final class SessionThreads {

    /** The {@code threads} parameter's values. */
    public static final String PLATFORM = "platform";
    public static final String VIRTUAL = "virtual";

    private SessionThreads() {
    }

    /**
     * A factory of {@code kind} threads named {@code prefix} and a number.
     *
     * @throws VirtualThreadsUnavailableException if {@code kind} is virtual and this JDK has none
     * @throws IllegalArgumentException           if {@code kind} is neither platform nor virtual
     */
    public static ThreadFactory factory(String kind, String prefix) {
        if (PLATFORM.equals(kind)) {
            AtomicLong count = new AtomicLong();
            return task -> {
                Thread thread = new Thread(task, prefix + count.incrementAndGet());
                // a reader left behind by a failed trial must not keep the JVM alive
                thread.setDaemon(true);
                return thread;
            };
        }
        if (VIRTUAL.equals(kind)) {
            return virtual(prefix);
        }
        throw new IllegalArgumentException("threads is '" + kind + "'; it must be " + PLATFORM + " or " + VIRTUAL);
    }

    /** Whether this JDK has virtual threads (21 and later). */
    public static boolean virtualAvailable() {
        return Runtime.version().feature() >= 21;
    }

    private static ThreadFactory virtual(String prefix) {
        if (!virtualAvailable()) {
            throw new VirtualThreadsUnavailableException();
        }
        try {
            // Thread.ofVirtual().name(prefix, 1).factory(), none of which exists in the JDK 17 API compiled against
            Class<?> builder = Class.forName("java.lang.Thread$Builder");
            Class<?> ofVirtual = Class.forName("java.lang.Thread$Builder$OfVirtual");
            MethodHandles.Lookup lookup = MethodHandles.publicLookup();
            MethodHandle create = lookup.findStatic(Thread.class, "ofVirtual", MethodType.methodType(ofVirtual));
            MethodHandle name = lookup.findVirtual(ofVirtual, "name", MethodType.methodType(ofVirtual, String.class, long.class));
            MethodHandle factory = lookup.findVirtual(builder, "factory", MethodType.methodType(ThreadFactory.class));
            Object named = name.invoke(create.invoke(), prefix, 1L);
            return (ThreadFactory) factory.invoke(named);
        } catch (Throwable e) {
            throw new IllegalStateException("virtual threads should exist on JDK " + Runtime.version().feature()
                    + " but Thread.ofVirtual() could not be reached: " + e, e);
        }
    }

    /** Virtual threads were asked for on a JDK without them; the message is the one line to show. */
    public static final class VirtualThreadsUnavailableException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        VirtualThreadsUnavailableException() {
            // no stack trace: the one line says all there is to say
            super("virtual threads not available on JDK " + Runtime.version().feature() + " (need 21+)", null, false, false);
        }
    }
}
