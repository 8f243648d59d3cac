package dev.wirebench.fix.run;

import dev.wirebench.fix.artio.ArtioEngine;
import dev.wirebench.fix.engine.FixEngine;
import dev.wirebench.fix.philadelphia.PhiladelphiaEngine;
import dev.wirebench.fix.quickfixj.QuickFixJEngine;
import dev.wirebench.fix.raw.RawEngine;

import java.util.ArrayList;
import java.util.List;

/** The engines {@code fix} can run, by the names users pass to {@code --engines}. */
public final class FixEngines {

    /** The physical limit every ratio is taken against. */
    public static final String BASELINE = "raw";

    /** What runs without {@code --engines}: the baseline and one of each engine as configured by users. */
    public static final List<String> DEFAULTS = List.of(BASELINE, "quickfixj", "quickfixj-tuned", "philadelphia", "artio");

    private FixEngines() {
    }

    /** Every name, defaults first, then QuickFIX/J's one-setting variants. */
    public static List<String> names() {
        List<String> names = new ArrayList<>(DEFAULTS);
        for (String name : QuickFixJEngine.NAMES) {
            if (!names.contains(name)) {
                names.add(name);
            }
        }
        return List.copyOf(names);
    }

    /** What a JVM running the engine {@code name} needs on its command line: nothing but for artio. */
    public static List<String> jvmFlags(String name) {
        return name.equals("artio") ? ArtioEngine.JVM_FLAGS : List.of();
    }

    /**
     * A new blocking engine of that name.
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static FixEngine create(String name) {
        return create(name, false);
    }

    /**
     * A new engine of that name; with {@code spin}, one whose threads poll instead of blocking where the engine
     * can (raw, philadelphia, artio); the others block either way, and their settings say so.
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static FixEngine create(String name, boolean spin) {
        if (name.equals(BASELINE)) {
            return new RawEngine(spin);
        }
        if (name.equals("philadelphia")) {
            return new PhiladelphiaEngine(spin);
        }
        if (name.equals("artio")) {
            return new ArtioEngine(spin);
        }
        return QuickFixJEngine.named(name).orElseThrow(() ->
                new IllegalArgumentException("unknown engine '" + name + "'; known: " + String.join(", ", names())));
    }
}
