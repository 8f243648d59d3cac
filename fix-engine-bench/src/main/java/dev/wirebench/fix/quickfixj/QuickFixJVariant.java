package dev.wirebench.fix.quickfixj;

import quickfix.FileLogFactory;
import quickfix.FileStoreFactory;
import quickfix.LogFactory;
import quickfix.MessageStoreFactory;
import quickfix.NoopStoreFactory;
import quickfix.Session;
import quickfix.SessionSettings;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How one QuickFIX/J engine is configured: each latency-relevant setting either as QuickFIX/J's
 * defaults leave it (what a typical user runs) or tuned. The ablation variants are the tuned one with
 * exactly one default put back, so a report can say what each setting costs; {@code -nochecksum} is
 * the tuned one with the data dictionary taken away, which is what verifying the CheckSum costs.
 *
 * @param name       the engine name users pass to {@code --engines}
 * @param fileStore  FileStoreFactory with PersistMessages=Y (the default), else NoopStoreFactory with
 *                   PersistMessages=N
 * @param fileLog    FileLogFactory (message and event logs), else no log at all
 * @param validation how much of each incoming message is checked (see {@link Validation})
 * @param explicitTcpNoDelay whether SocketTcpNoDelay=Y is set rather than left to QuickFIX/J's default,
 *                   which in 3.0.0 is also true
 */
public record QuickFixJVariant(String name, boolean fileStore, boolean fileLog, Validation validation,
                               boolean explicitTcpNoDelay) {

    /**
     * How much of each incoming message QuickFIX/J 3.0.0 checks. It verifies the CheckSum only when a data
     * dictionary is in use: {@code MessageSessionUtils.parse} passes {@code doValidation = payloadDictionary
     * != null}, and {@code Message.parse} calls {@code validateCheckSum} only {@code if (doValidation &&
     * validateChecksum)}. BodyLength is checked whatever the settings: on the server by {@link ReadGuard}'s
     * framing check, which ends a connection whose bytes break FIX 4.4 framing, on the client by the MINA
     * decoder, which drops a message without CheckSum(10) where BodyLength says it ends.
     */
    public enum Validation {
        /** The FIX44.xml data dictionary with QuickFIX/J's default checks and CheckLatency=Y: what a typical user runs. */
        FULL,
        /**
         * The FIX44.xml data dictionary loaded, so that garbled messages are dropped (CheckSum, the order of
         * 8, 9 and 35), with every optional check off: no required field, type or value is checked.
         */
        GARBLED_ONLY,
        /** No data dictionary: QuickFIX/J then verifies no CheckSum, and executes an order whose CheckSum is wrong. */
        NONE
    }

    /** QuickFIX/J as a typical user configures it: file store, file log, validation, defaults elsewhere. */
    public static final QuickFixJVariant DEFAULT = new QuickFixJVariant("quickfixj", true, true, Validation.FULL, false);
    /** No store, no log, no validation but what drops a garbled message. */
    public static final QuickFixJVariant TUNED =
            new QuickFixJVariant("quickfixj-tuned", false, false, Validation.GARBLED_ONLY, true);

    /** The dictionary bundled in quickfixj-messages-all, found on the class path. */
    static final String DATA_DICTIONARY = "FIX44.xml";

    /** The tuned variant with the file store put back. */
    public static final QuickFixJVariant TUNED_FILE_STORE =
            new QuickFixJVariant("quickfixj-tuned+filestore", true, false, Validation.GARBLED_ONLY, true);
    /** The tuned variant with the file log put back. */
    public static final QuickFixJVariant TUNED_FILE_LOG =
            new QuickFixJVariant("quickfixj-tuned+filelog", false, true, Validation.GARBLED_ONLY, true);
    /** The tuned variant with data-dictionary validation put back. */
    public static final QuickFixJVariant TUNED_VALIDATION =
            new QuickFixJVariant("quickfixj-tuned+validation", false, false, Validation.FULL, true);
    /**
     * The tuned variant without the data dictionary, so without CheckSum verification: it executes a garbled
     * order, and no one should run it against a counterparty. It is here so that what the check costs can be
     * measured beside {@link #TUNED}, and it is what {@code quickfixj-tuned} was before that check came in.
     */
    public static final QuickFixJVariant TUNED_NO_CHECKSUM =
            new QuickFixJVariant("quickfixj-tuned-nochecksum", false, false, Validation.NONE, true);

    /** Every variant: the default, the tuned, the ablations, then the tuned one without CheckSum verification. */
    public static final List<QuickFixJVariant> ALL =
            List.of(DEFAULT, TUNED, TUNED_FILE_STORE, TUNED_FILE_LOG, TUNED_VALIDATION, TUNED_NO_CHECKSUM);

    /** The optional checks the tuned variants turn off: each would reject a well-formed message, none a garbled one. */
    private static final String[] OPTIONAL_CHECKS = {Session.SETTING_VALIDATE_INCOMING_MESSAGE,
            Session.SETTING_VALIDATE_USER_DEFINED_FIELDS, Session.SETTING_VALIDATE_FIELDS_OUT_OF_ORDER,
            Session.SETTING_VALIDATE_FIELDS_HAVE_VALUES, Session.SETTING_VALIDATE_UNORDERED_GROUP_FIELDS,
            Session.SETTING_CHECK_LATENCY};

    /** Whether this variant writes files and so needs a scratch directory. */
    boolean writesFiles() {
        return fileStore || fileLog;
    }

    /** Writes this variant's settings into the [DEFAULT] section, where the socket options are read from. */
    void applyTo(SessionSettings settings, Path files) {
        if (fileStore) {
            settings.setString(FileStoreFactory.SETTING_FILE_STORE_PATH, files.resolve("store").toString());
        } else {
            settings.setString(Session.SETTING_PERSIST_MESSAGES, "N");
        }
        if (fileLog) {
            settings.setString(FileLogFactory.SETTING_FILE_LOG_PATH, files.resolve("log").toString());
        }
        switch (validation) {
            case FULL -> useDictionary(settings);
            case GARBLED_ONLY -> {
                useDictionary(settings);
                // the default, written out: with the dictionary loaded this is what drops a garbled message
                settings.setString(Session.SETTING_VALIDATE_CHECKSUM, "Y");
                settings.setString(Session.SETTING_ALLOW_UNKNOWN_MSG_FIELDS, "Y");
                turnOffOptionalChecks(settings);
            }
            case NONE -> {
                settings.setString(Session.SETTING_USE_DATA_DICTIONARY, "N");
                turnOffOptionalChecks(settings);
            }
        }
        if (explicitTcpNoDelay) {
            settings.setString("SocketTcpNoDelay", "Y");
        }
    }

    private static void useDictionary(SessionSettings settings) {
        settings.setString(Session.SETTING_USE_DATA_DICTIONARY, "Y");
        settings.setString(Session.SETTING_DATA_DICTIONARY, DATA_DICTIONARY);
    }

    private static void turnOffOptionalChecks(SessionSettings settings) {
        for (String check : OPTIONAL_CHECKS) {
            settings.setString(check, "N");
        }
    }

    MessageStoreFactory storeFactory(SessionSettings settings) {
        return fileStore ? new FileStoreFactory(settings) : new NoopStoreFactory();
    }

    /** The log factory, or null for none: QuickFIX/J then logs nothing per message. */
    LogFactory logFactory(SessionSettings settings) {
        return fileLog ? new FileLogFactory(settings) : null;
    }

    /** What {@link dev.wirebench.fix.engine.FixEngine#settings()} reports for this variant. */
    Map<String, String> describe() {
        Map<String, String> out = new LinkedHashMap<>();
        out.put("library", "QuickFIX/J 3.0.0 (MINA " + minaVersion() + ")");
        out.put("store", fileStore ? "file (FileStoreFactory in a fresh temp directory, PersistMessages=Y)"
                : "none (NoopStoreFactory, PersistMessages=N)");
        out.put("log", fileLog ? "file (FileLogFactory: messages and events, same temp directory)" : "none");
        out.put("validation", switch (validation) {
            case FULL -> "on (FIX44.xml data dictionary, QuickFIX/J's default checks, CheckLatency=Y)";
            case GARBLED_ONLY -> "garbled messages only (FIX44.xml data dictionary, ValidateChecksum=Y,"
                    + " AllowUnknownMsgFields=Y, " + String.join("=N, ", OPTIONAL_CHECKS) + "=N)";
            case NONE -> "off (UseDataDictionary=N, " + String.join("=N, ", OPTIONAL_CHECKS) + "=N)";
        });
        out.put("validates", validates(validation));
        out.put("TCP_NODELAY", explicitTcpNoDelay ? "true (SocketTcpNoDelay=Y)" : "true (QuickFIX/J 3.0.0 default of SocketTcpNoDelay)");
        out.put("threading", "QuickFIX/J default: one 'QFJ Message Processor' thread per side handles every"
                + " session's messages, fed by MINA's NIO processor threads through a queue");
        out.put("idle", "blocking (queue take, NIO select)");
        out.put("sequence numbers", "ResetOnLogon=Y, ResetOnLogout=Y, ResetOnDisconnect=Y; client logs on with 141=Y");
        out.put("framing", "server: bytes that break FIX 4.4 framing (8=FIX.4.4|9=n|...10=ddd|) end the connection,"
                + " as on the Philadelphia and Artio servers (wirebench filter: QuickFIX/J 3.0.0's decoder loops forever"
                + " on a BodyLength that overflows an int)");
        out.put("max undecoded bytes", QuickFixJServer.MAX_UNDECODED_BYTES + " per server connection"
                + " (wirebench filter: QuickFIX/J 3.0.0 has no BodyLength cap)");
        return out;
    }

    /** What each incoming message is checked for, on both sides; the session checks (CompIDs, MsgSeqNum) apply to all. */
    private static String validates(Validation validation) {
        String bodyLength = "BodyLength (no CheckSum(10) where BodyLength says the body ends: the server closes the"
                + " connection, as on any break of FIX framing; the client's MINA decoder drops the message)";
        String session = "CompIDs and MsgSeqNum (session)";
        // QuickFIX/J skips the CheckSum check of a message it finds a structural error in (OrderAnswerer)
        String checkSum = "CheckSum (a wrong one drops the message, or gets a Reject where QuickFIX/J also finds a"
                + " repeated tag or a header field among the body's, since it then skips the check)";
        return switch (validation) {
            case FULL -> checkSum + "; " + bodyLength + "; 8, 9, 35 first; against FIX44.xml:"
                    + " required fields, field types and enumerated values, fields known to the message type, in order,"
                    + " with values, user-defined fields; SendingTime within 120 s (CheckLatency); " + session;
            case GARBLED_ONLY -> checkSum + "; " + bodyLength + "; 8, 9, 35 first; "
                    + session + "; not required fields, field types or values (ValidateIncomingMessage=N)";
            case NONE -> bodyLength + "; " + session + "; not the CheckSum (QuickFIX/J verifies it only with a"
                    + " data dictionary): an order with a wrong CheckSum is executed; not required fields, field types"
                    + " or values";
        };
    }

    private static String minaVersion() {
        String version = org.apache.mina.core.session.IoSession.class.getPackage().getImplementationVersion();
        return version == null ? "2.2.x" : version;
    }
}
