package dev.wirebench.fix.quickfixj;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ScriptedChannel;
import dev.wirebench.fix.engine.WellFramed;
import org.apache.mina.filter.codec.ProtocolDecoderException;
import org.junit.jupiter.api.Timeout;
import quickfix.ApplicationAdapter;
import quickfix.ConfigError;
import quickfix.DataDictionary;
import quickfix.DataDictionaryProvider;
import quickfix.DefaultMessageFactory;
import quickfix.DefaultSessionFactory;
import quickfix.FieldException;
import quickfix.FieldNotFound;
import quickfix.IncorrectDataFormat;
import quickfix.IncorrectTagValue;
import quickfix.InvalidMessage;
import quickfix.Message;
import quickfix.MessageSessionUtils;
import quickfix.MessageUtils;
import quickfix.NoopStoreFactory;
import quickfix.Session;
import quickfix.SessionSettings;
import quickfix.ValidationSettings;
import quickfix.field.BeginString;
import quickfix.field.MsgType;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * QuickFIX/J 3.0.0 as the {@code quickfixj} and {@code quickfixj-tuned} servers read a connection, without a
 * socket: the server's MINA filter chain ({@link MinaConnection}: our {@link ReadGuard} around
 * QuickFIX/J's codec filter), then each decoded message parsed as QuickFIX/J's I/O handler does
 * ({@code MessageSessionUtils.parse}) with the data dictionary and validation settings of a {@code Session}
 * that QuickFIX/J's own {@code DefaultSessionFactory} made from each variant's settings, and validated as
 * {@code Session.next} does when the variant validates incoming messages. Seeds: each engine's client
 * messages as captured on the wire, as sessions, and garbled ones ({@code QuickFixJFuzzTestInputs/}).
 */
class QuickFixJFuzzTest {

    /** The two engines' settings; their store and log do not touch parsing, so none is made. */
    private static final List<Reader> READERS = List.of(new Reader(QuickFixJVariant.DEFAULT), new Reader(QuickFixJVariant.TUNED));

    /**
     * For any bytes in any reads (one read; pseudo-random sizes drawn from the input), for both variants:
     * the MINA chain passes on, in order, exactly the whole messages of the stream that QuickFIX/J's decoder
     * takes (BodyLength above 0, SOH before {@code 10=}), up to the first byte where the stream stops being
     * FIX 4.4 framing (where the server closes the connection) or a disconnect QuickFIX/J itself asks for;
     * the decoder fails only with the {@code ProtocolDecoderException} MINA hands the I/O handler. Each message
     * then parses to a {@code Message} or throws {@code InvalidMessage}; a parsed one had a CheckSum that holds
     * unless it carries a structural error ({@code getException()}: QuickFIX/J 3.0.0 then skips the CheckSum check,
     * which is why {@link OrderAnswerer} rejects such a message, as {@code wrong-checksum-and-a-repeated-tag} shows),
     * validates or throws {@code IncorrectTagValue}, {@code FieldNotFound}, {@code IncorrectDataFormat} or
     * {@code FieldException}, and, when it carries no error and passes QuickFIX/J's default checks, its text parses
     * back to the same text. Nothing else is thrown.
     */
    @FuzzTest(maxDuration = "30s")
    @Timeout(value = 10, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void serverReadsOnlyWholeMessagesAndParsesThemOrSaysWhy(byte[] stream) {
        SplittableRandom random = new SplittableRandom(Arrays.hashCode(stream));
        String what = "bytes " + HexFormat.of().formatHex(stream);
        for (Reader reader : READERS) {
            reader.read(stream, ScriptedChannel.oneRead(stream.length), what + ", " + reader.name + ", one read");
            reader.read(stream, ScriptedChannel.reads(stream.length, 256, random), what + ", " + reader.name
                    + ", reads of up to 256");
        }
    }

    /** One variant's server side of a connection, short of the session state machine. */
    private static final class Reader {

        final String name;
        final Session session;
        final boolean validatesIncoming;

        Reader(QuickFixJVariant variant) {
            this.name = variant.name();
            QuickFixJVariant parsing = new QuickFixJVariant(variant.name(), false, false, variant.validation(),
                    variant.explicitTcpNoDelay());
            SessionSettings settings = SessionConfig.acceptor(parsing, new InetSocketAddress("127.0.0.1", 0), null);
            try {
                this.validatesIncoming = !settings.isSetting(SessionConfig.SERVER_SESSION, Session.SETTING_VALIDATE_INCOMING_MESSAGE)
                        || settings.getBool(SessionConfig.SERVER_SESSION, Session.SETTING_VALIDATE_INCOMING_MESSAGE);
                this.session = new DefaultSessionFactory(new ApplicationAdapter(), new NoopStoreFactory(), null,
                        new DefaultMessageFactory()).create(SessionConfig.SERVER_SESSION, settings);
                // the session is only asked for its dictionaries and settings: out of QuickFIX/J's static registry
                // at once, where a server of another test would look it up
                session.close();
            } catch (ConfigError | quickfix.FieldConvertError e) {
                throw new IllegalStateException(variant.name() + ": " + e.getMessage(), e);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        void read(byte[] stream, int[] reads, String what) {
            MinaConnection connection = new MinaConnection(QuickFixJServer.MAX_UNDECODED_BYTES);
            int from = 0;
            for (int read : reads) {
                if (connection.closing()) {
                    break;
                }
                try {
                    connection.receive(stream, from, read);
                } catch (RuntimeException | Error e) {
                    throw new AssertionError(what + ": the filter chain threw " + e, e);
                }
                from += read;
            }
            for (Throwable failure : connection.failures) {
                // the guard's IOException, or the codec's failure as MINA wraps it: nothing else reaches the handler
                if (!(failure instanceof IOException || failure instanceof ProtocolDecoderException)) {
                    fail(what + ": the I/O handler was given " + failure);
                }
            }
            List<String> expected = decodable(stream);
            List<String> decoded = connection.messages;
            assertTrue(decoded.size() <= expected.size(), what + ": decoded " + decoded.size() + " messages of "
                    + expected.size() + ": " + decoded);
            assertEquals(expected.subList(0, decoded.size()), decoded, what + ": the messages decoded");
            if (!connection.closing()) {
                assertEquals(expected.size(), decoded.size(), what + ": messages lost without a disconnect");
            }
            for (String message : decoded) {
                parse(message, what);
            }
        }

        /** The messages QuickFIX/J's decoder passes on from a stream that the server's framing check lets through. */
        private static List<String> decodable(byte[] stream) {
            List<String> messages = new ArrayList<>();
            for (byte[] message : WellFramed.messages(stream, ReadGuard.maxBodyLength(QuickFixJServer.MAX_UNDECODED_BYTES))) {
                String text = new String(message, StandardCharsets.ISO_8859_1);
                int trailer = text.length() - 7;
                if (Integer.parseInt(WellFramed.field(message, 9)) > 0 && text.charAt(trailer - 1) == '\u0001') {
                    messages.add(text);
                }
            }
            return messages;
        }

        private void parse(String text, String what) {
            String about = what + ", message " + text.replace('\u0001', '|');
            Message message;
            try {
                message = MessageSessionUtils.parse(session, text);
            } catch (InvalidMessage documented) {
                return;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(about + ": parse threw " + e, e);
            }
            // QuickFIX/J skips the CheckSum check of a message it found a structural error in, which it leaves on
            // the message for a validating session to reject; OrderAnswerer rejects it in the others
            assertTrue(message.getException() != null || WellFramed.checkSumHolds(text.getBytes(StandardCharsets.ISO_8859_1)),
                    about + ": parsed without an error though its CheckSum does not hold");
            try {
                if (!PingPong.BEGIN_STRING.equals(message.getHeader().getString(BeginString.FIELD))) {
                    // a later 8= among the body's fields replaced it: Session.next answers with a Logout, and
                    // neither validates nor hands on the message
                    return;
                }
            } catch (FieldNotFound cannotBe) {
                throw new AssertionError(about + ": parsed without a BeginString", cannotBe);
            }
            if (validatesIncoming && !validates(message, session.getValidationSettings(), about)) {
                return;
            }
            // the round trip holds for what QuickFIX/J's default checks pass: a session that does not validate also
            // takes, say, a group count with no group after it, which its own text then cannot carry back
            // (group-count-without-its-group)
            if (message.getException() == null && validates(message, new ValidationSettings(), about)) {
                String again = message.toString();
                try {
                    assertEquals(again, MessageSessionUtils.parse(session, again).toString(), about + ": round trip");
                } catch (InvalidMessage e) {
                    fail(about + ": its own text " + again.replace('\u0001', '|') + " does not parse: " + e.getMessage());
                }
            }
        }

        /**
         * Session.next's validation with {@code settings}: true if it passed, false if it threw what QuickFIX/J
         * documents. For FIX 4.4 the session and application dictionaries are the one FIX44.xml, so this is
         * {@code DataDictionary.validate} with both, as Session.next calls it.
         */
        private boolean validates(Message message, ValidationSettings settings, String about) {
            try {
                Message.Header header = message.getHeader();
                String beginString = header.getString(BeginString.FIELD);
                DataDictionaryProvider provider = session.getDataDictionaryProvider();
                DataDictionary sessionDictionary = provider.getSessionDataDictionary(beginString);
                DataDictionary applicationDictionary = MessageUtils.isAdminMessage(header.getString(MsgType.FIELD))
                        ? sessionDictionary : provider.getApplicationDataDictionary(MessageUtils.toApplVerID(beginString));
                assertTrue(sessionDictionary == applicationDictionary, about + ": two dictionaries for FIX 4.4");
                sessionDictionary.validate(message, settings);
                return true;
            } catch (IncorrectTagValue | FieldNotFound | IncorrectDataFormat | FieldException documented) {
                return false;
            } catch (RuntimeException | Error e) {
                throw new AssertionError(about + ": validation threw " + e, e);
            }
        }
    }
}
