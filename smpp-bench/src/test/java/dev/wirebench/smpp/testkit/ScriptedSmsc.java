package dev.wirebench.smpp.testkit;

import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;

/**
 * A stand-in SMSC on a plain ServerSocket for the ESME's tests: accepts one connection, answers its
 * bind and unbind (or not), and hands every other PDU to a script, which may answer, answer late, or never.
 * Everything it received is kept for the test to look at.
 */
public final class ScriptedSmsc implements AutoCloseable {

    /** What to do with each PDU after the bind. */
    @FunctionalInterface
    public interface Script {
        void on(Pdu pdu, RawSmppSocket peer) throws IOException;
    }

    /** How long the session waits for the client's next PDU before it gives up. */
    private static final int SESSION_TIMEOUT_MILLIS = 30_000;

    /** A script that never answers. */
    public static final Script SILENT = (pdu, peer) -> { };

    private final ServerSocket server;
    private final boolean answerSession;
    private final Script script;
    private final List<Pdu> received = new ArrayList<>();
    private final Thread thread;
    private volatile RawSmppSocket peer;

    private ScriptedSmsc(boolean answerSession, Script script) throws IOException {
        this.server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        this.server.setSoTimeout(RawSmppSocket.TIMEOUT_MILLIS);
        this.answerSession = answerSession;
        this.script = script;
        this.thread = new Thread(this::serve, "scripted-smsc");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    /** Listening on 127.0.0.1 at a free port; answers bind and unbind with ESME_ROK if {@code answerSession}. */
    public static ScriptedSmsc start(boolean answerSession, Script script) throws IOException {
        return new ScriptedSmsc(answerSession, script);
    }

    public int port() {
        return server.getLocalPort();
    }

    /** Every PDU received so far, the bind included. */
    public List<Pdu> received() {
        synchronized (received) {
            return new ArrayList<>(received);
        }
    }

    private void serve() {
        try (Socket socket = server.accept()) {
            RawSmppSocket connection = RawSmppSocket.of(socket);
            // a client may stay quiet for longer than a raw client's read timeout; close() ends the wait sooner
            socket.setSoTimeout(SESSION_TIMEOUT_MILLIS);
            peer = connection;
            while (true) {
                Pdu pdu = connection.read();
                synchronized (received) {
                    received.add(pdu);
                }
                if (pdu instanceof Bind bind) {
                    if (answerSession) {
                        connection.send(new BindResp(bind.type(), CommandStatus.ESME_ROK, bind.sequenceNumber(), "scripted",
                                List.of()));
                    }
                } else if (pdu instanceof Unbind unbind) {
                    if (answerSession) {
                        connection.send(new UnbindResp(CommandStatus.ESME_ROK, unbind.sequenceNumber()));
                    }
                } else {
                    script.on(pdu, connection);
                }
            }
        } catch (SocketTimeoutException e) {
            // nobody connected, or the client went quiet for the session timeout
        } catch (IOException e) {
            // the client or close() ended the connection
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        RawSmppSocket connection = peer;
        if (connection != null) {
            connection.close();
        }
        try {
            thread.join(RawSmppSocket.TIMEOUT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
