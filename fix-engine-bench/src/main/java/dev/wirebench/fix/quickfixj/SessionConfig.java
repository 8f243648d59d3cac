package dev.wirebench.fix.quickfixj;

import dev.wirebench.fix.engine.PingPong;
import quickfix.Acceptor;
import quickfix.Initiator;
import quickfix.Session;
import quickfix.SessionFactory;
import quickfix.SessionID;
import quickfix.SessionSettings;

import java.net.InetSocketAddress;
import java.nio.file.Path;

/** QuickFIX/J's SessionSettings for the one session of each side, built in code rather than read from a file. */
final class SessionConfig {

    /** The server's view of the session: it sends as SERVER_COMP_ID to CLIENT_COMP_ID. */
    static final SessionID SERVER_SESSION = new SessionID(PingPong.BEGIN_STRING, PingPong.SERVER_COMP_ID, PingPong.CLIENT_COMP_ID);
    static final SessionID CLIENT_SESSION = new SessionID(PingPong.BEGIN_STRING, PingPong.CLIENT_COMP_ID, PingPong.SERVER_COMP_ID);

    private SessionConfig() {
    }

    static SessionSettings acceptor(QuickFixJVariant variant, InetSocketAddress bind, Path files) {
        return acceptor(variant, bind, files, false);
    }

    /** @param durable keep sequence numbers across logons, logouts and lost connections (see {@link #common}) */
    static SessionSettings acceptor(QuickFixJVariant variant, InetSocketAddress bind, Path files, boolean durable) {
        SessionSettings settings = common(variant, SessionFactory.ACCEPTOR_CONNECTION_TYPE, SERVER_SESSION, files, durable);
        settings.setString(SERVER_SESSION, Acceptor.SETTING_SOCKET_ACCEPT_ADDRESS, bind.getHostString());
        settings.setLong(SERVER_SESSION, Acceptor.SETTING_SOCKET_ACCEPT_PORT, bind.getPort());
        return settings;
    }

    static SessionSettings initiator(QuickFixJVariant variant, InetSocketAddress server, Path files) {
        return initiator(variant, server, files, false);
    }

    /** @param durable keep sequence numbers across logons, logouts and lost connections (see {@link #common}) */
    static SessionSettings initiator(QuickFixJVariant variant, InetSocketAddress server, Path files, boolean durable) {
        SessionSettings settings = common(variant, SessionFactory.INITIATOR_CONNECTION_TYPE, CLIENT_SESSION, files, durable);
        settings.setString(CLIENT_SESSION, Initiator.SETTING_SOCKET_CONNECT_HOST, server.getHostString());
        settings.setLong(CLIENT_SESSION, Initiator.SETTING_SOCKET_CONNECT_PORT, server.getPort());
        // the first attempt is immediate; a retry after a second lets a logon succeed that lost the race
        // with the server noticing the previous connection's end (it refuses a second connection meanwhile)
        settings.setLong(CLIENT_SESSION, Initiator.SETTING_RECONNECT_INTERVAL, 1);
        settings.setLong(CLIENT_SESSION, Session.SETTING_HEARTBTINT, PingPong.HEART_BT_INT);
        return settings;
    }

    /**
     * @param durable false: every session starts at sequence number 1 (141=Y on the client's Logon), so any
     *                number of sessions can follow one another; true ({@code fix --faults}): sequence numbers
     *                and sent messages live on in the store across logons, logouts, lost connections and
     *                restarts, so after a gap the side behind asks for a resend and gets every message again
     */
    private static SessionSettings common(QuickFixJVariant variant, String connectionType, SessionID session, Path files,
                                          boolean durable) {
        SessionSettings settings = new SessionSettings();
        settings.setString(SessionFactory.SETTING_CONNECTION_TYPE, connectionType);
        settings.setString(Session.SETTING_NON_STOP_SESSION, "Y");
        String reset = durable ? "N" : "Y";
        settings.setString(Session.SETTING_RESET_ON_LOGON, reset);
        settings.setString(Session.SETTING_RESET_ON_LOGOUT, reset);
        settings.setString(Session.SETTING_RESET_ON_DISCONNECT, reset);
        // keeps close() within its bound when the other side does not answer the Logout (default 2 s)
        settings.setLong(Session.SETTING_LOGOUT_TIMEOUT, 1);
        variant.applyTo(settings, files);
        settings.setString(session, SessionSettings.BEGINSTRING, session.getBeginString());
        settings.setString(session, SessionSettings.SENDERCOMPID, session.getSenderCompID());
        settings.setString(session, SessionSettings.TARGETCOMPID, session.getTargetCompID());
        return settings;
    }
}
