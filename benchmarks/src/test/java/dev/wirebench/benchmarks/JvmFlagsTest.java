package dev.wirebench.benchmarks;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class JvmFlagsTest {

    @Test
    void addsTheUnsafeFlagOnlyWhereTheJdkKnowsIt() {
        assertEquals(List.of(JvmFlags.AGRONA_EXPORTS), JvmFlags.forFeatureVersion(17));
        assertEquals(List.of(JvmFlags.AGRONA_EXPORTS), JvmFlags.forFeatureVersion(23));
        assertEquals(List.of(JvmFlags.AGRONA_EXPORTS, JvmFlags.UNSAFE_ALLOW), JvmFlags.forFeatureVersion(24));
        assertEquals(List.of(JvmFlags.AGRONA_EXPORTS, JvmFlags.UNSAFE_ALLOW), JvmFlags.forFeatureVersion(25));
    }
}
