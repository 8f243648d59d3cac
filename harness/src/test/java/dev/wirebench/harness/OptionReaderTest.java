package dev.wirebench.harness;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OptionReaderTest {

    private static List<String> read(String... args) {
        List<String> seen = new ArrayList<>();
        OptionReader options = new OptionReader(args, "--quick");
        while (options.next()) {
            seen.add(options.flag().equals("--quick") ? "--quick" : options.flag() + "=" + options.value());
        }
        return seen;
    }

    private static void assertRefused(String message, String... args) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> read(args));
        assertEquals(message, e.getMessage());
    }

    @Test
    void readsSwitchesAndFlagsWithTheirValuesInOrder() {
        assertEquals(List.of("--port=1", "--quick", "--host=--quick"), read("--port", "1", "--quick", "--host", "--quick"));
        assertEquals(List.of(), read());
    }

    @Test
    void refusesABareWordAndAnOptionWithoutItsValue() {
        assertRefused("unexpected argument 'raw'", "raw");
        assertRefused("--port needs a value", "--quick", "--port");
    }

    @Test
    void namesTheCommandWhoseHelpListsTheOptionsOfAnUnknownOne() {
        OptionReader options = new OptionReader(new String[] {"--fast", "1"});
        options.next();
        assertEquals("unknown option --fast (smpp -h lists them)", options.unknown("smpp").getMessage());
        assertFalse(options.next());
    }

    @Test
    void aMistypedLastOptionIsUnknownNotShortOfAValue() {
        OptionReader options = new OptionReader(new String[] {"--quick", "--bogus"}, "--quick");
        options.next();
        options.next();
        assertEquals("--bogus", options.flag());
        assertEquals("unknown option --bogus (pg -h lists them)", options.unknown("pg").getMessage());
        // a caller that knows the option asks for its value and hears what is missing
        assertEquals("--bogus needs a value", assertThrows(IllegalArgumentException.class, options::value).getMessage());
        assertFalse(options.next());
    }

    @Test
    void refusesToGiveASwitchAValue() {
        OptionReader options = new OptionReader(new String[] {"--quick"}, "--quick");
        options.next();
        assertThrows(IllegalStateException.class, options::value);
    }
}
