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
 * exactly one default put back, so a report can say what each setting costs.
 *
 * @param name       the engine name users pass to {@code --engines}
 * @param fileStore  FileStoreFactory with PersistMessages=Y (the default), else NoopStoreFactory with
 *                   PersistMessages=N
 * @param fileLog    FileLogFactory (message and event logs), else no log at all
 * @param validation the bundled FIX44.xml data dictionary with QuickFIX/J's default checks and
 *                   CheckLatency=Y, else UseDataDictionary=N and every optional check off
 * @param explicitTcpNoDelay whether SocketTcpNoDelay=Y is set rather than left to QuickFIX/J's default,
 *                   which in 3.0.0 is also true
 */
public record QuickFixJVariant(String name, boolean fileStore, boolean fileLog, boolean validation,
                               boolean explicitTcpNoDelay) {

    /** QuickFIX/J as a typical user configures it: file store, file log, validation, defaults elsewhere. */
    public static final QuickFixJVariant DEFAULT = new QuickFixJVariant("quickfixj", true, true, true, false);
    /** No store, no log, no validation. */
    public static final QuickFixJVariant TUNED = new QuickFixJVariant("quickfixj-tuned", false, false, false, true);

    /** The dictionary bundled in quickfixj-messages-all, found on the class path. */
    static final String DATA_DICTIONARY = "FIX44.xml";

    /** The tuned variant with the file store put back. */
    public static final QuickFixJVariant TUNED_FILE_STORE = new QuickFixJVariant("quickfixj-tuned+filestore", true, false, false, true);
    /** The tuned variant with the file log put back. */
    public static final QuickFixJVariant TUNED_FILE_LOG = new QuickFixJVariant("quickfixj-tuned+filelog", false, true, false, true);
    /** The tuned variant with data-dictionary validation put back. */
    public static final QuickFixJVariant TUNED_VALIDATION = new QuickFixJVariant("quickfixj-tuned+validation", false, false, true, true);

    /** Every variant: the default, the tuned, then the ablations. */
    public static final List<QuickFixJVariant> ALL = List.of(DEFAULT, TUNED, TUNED_FILE_STORE, TUNED_FILE_LOG, TUNED_VALIDATION);

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
        if (validation) {
            settings.setString(Session.SETTING_USE_DATA_DICTIONARY, "Y");
            settings.setString(Session.SETTING_DATA_DICTIONARY, DATA_DICTIONARY);
        } else {
            settings.setString(Session.SETTING_USE_DATA_DICTIONARY, "N");
            for (String check : new String[] {Session.SETTING_VALIDATE_INCOMING_MESSAGE,
                    Session.SETTING_VALIDATE_USER_DEFINED_FIELDS, Session.SETTING_VALIDATE_FIELDS_OUT_OF_ORDER,
                    Session.SETTING_VALIDATE_FIELDS_HAVE_VALUES, Session.SETTING_VALIDATE_UNORDERED_GROUP_FIELDS,
                    Session.SETTING_CHECK_LATENCY}) {
                settings.setString(check, "N");
            }
        }
        if (explicitTcpNoDelay) {
            settings.setString("SocketTcpNoDelay", "Y");
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
        out.put("validation", validation ? "on (FIX44.xml data dictionary, QuickFIX/J's default checks, CheckLatency=Y)"
                : "off (UseDataDictionary=N, ValidateIncomingMessage=N, ValidateUserDefinedFields=N,"
                        + " ValidateFieldsOutOfOrder=N, ValidateFieldsHaveValues=N, ValidateUnorderedGroupFields=N,"
                        + " CheckLatency=N)");
        out.put("TCP_NODELAY", explicitTcpNoDelay ? "true (SocketTcpNoDelay=Y)" : "true (QuickFIX/J 3.0.0 default of SocketTcpNoDelay)");
        out.put("threading", "QuickFIX/J default: one 'QFJ Message Processor' thread per side handles every"
                + " session's messages, fed by MINA's NIO processor threads through a queue");
        out.put("idle", "blocking (queue take, NIO select)");
        out.put("sequence numbers", "ResetOnLogon=Y, ResetOnLogout=Y, ResetOnDisconnect=Y; client logs on with 141=Y");
        out.put("max undecoded bytes", QuickFixJServer.MAX_UNDECODED_BYTES + " per server connection"
                + " (wirebench filter: QuickFIX/J 3.0.0 has no BodyLength cap)");
        return out;
    }

    private static String minaVersion() {
        String version = org.apache.mina.core.session.IoSession.class.getPackage().getImplementationVersion();
        return version == null ? "2.2.x" : version;
    }
}
