import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectMethod;

/**
 * Runs one {@code @FuzzTest} method, {@code Class#method}, through the JUnit Platform launcher of the
 * class path it is started with, prints what failed, and exits 0 if it passed, 1 if it failed, 2 if there is
 * no such fuzz test. For .ci/fuzz, which compiles it once and starts it on each module's test class path, a
 * JVM per target (Jazzer fuzzes one @FuzzTest per JVM); whether it fuzzes or replays is Jazzer's (JAZZER_FUZZ).
 */
public final class FuzzTarget {

    public static void main(String[] args) throws ClassNotFoundException {
        String[] target = args[0].split("#", 2);
        Class<?> testClass = Class.forName(target[0]);
        // by name: the selector wants the parameter types too, which the caller need not know; declared in the class or
        // in a class it extends (the conformance kit's HostileInputFuzz), the nearest first
        List<Method> declared = new java.util.ArrayList<>();
        for (Class<?> c = testClass; c != null && c != Object.class; c = c.getSuperclass()) {
            declared.addAll(Arrays.asList(c.getDeclaredMethods()));
        }
        List<Method> methods = declared.stream()
                .filter(m -> m.getName().equals(target[1]))
                .filter(m -> Arrays.stream(m.getAnnotations())
                        .anyMatch(a -> a.annotationType().getName().equals("com.code_intelligence.jazzer.junit.FuzzTest")))
                .toList();
        if (methods.size() != 1) {
            System.err.println(args[0] + ": " + methods.size() + " @FuzzTest methods of that name, want 1");
            System.exit(2);
        }
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(selectMethod(testClass, methods.get(0)))
                .build();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        Launcher launcher = LauncherFactory.create();
        launcher.execute(request, listener);
        TestExecutionSummary summary = listener.getSummary();
        PrintWriter out = new PrintWriter(System.out, true);
        summary.printFailuresTo(out, 25);
        System.out.printf("%s: %d run, %d failed, %d skipped%n", args[0], summary.getTestsStartedCount(),
                summary.getTotalFailureCount(), summary.getTestsSkippedCount());
        System.exit(summary.getTotalFailureCount() == 0 && summary.getTestsSucceededCount() > 0 ? 0 : 1);
    }
}
