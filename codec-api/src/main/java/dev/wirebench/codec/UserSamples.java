package dev.wirebench.codec;

import dev.wirebench.codec.message.User;

import java.util.List;

final class UserSamples implements SampleSource<User> {

    private final List<Sample<User>> fixtures = List.of(
            new Sample<>("reference", new User(1_000_042L, "jdoe", "jane.doe@example.com", 34, true,
                    1_700_000_000_000L, List.of("admin", "trader", "viewer"))),
            new Sample<>("empty", new User(0L, "", "", 0, false, 0L, List.of())),
            new Sample<>("unicode", new User(-1L, "Zoë Ångström", "имя@пример.рф", 99, true, -1L,
                    List.of("管理者", "\uD83D\uDE80", ""))),
            new Sample<>("extremes", new User(Long.MIN_VALUE, "u".repeat(300), "e".repeat(300), Integer.MAX_VALUE, true,
                    Long.MAX_VALUE, List.of("r", "r", "r", "r", "r", "r", "r", "r", "r", "r"))));

    @Override
    public List<Sample<User>> fixtures() {
        return fixtures;
    }

    @Override
    public User random(RandomValues r) {
        return new User(r.longValue(), r.string(24), r.string(40), r.intValue(), r.bool(), r.longValue(),
                r.list(6, () -> r.string(16)));
    }
}
