package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXConnectionStatusListener;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageListener;
import com.paritytrading.philadelphia.FIXValue;
import com.paritytrading.philadelphia.fix44.FIX44MsgTypes;
import com.paritytrading.philadelphia.fix44.FIX44Tags;
import dev.wirebench.fix.engine.ClOrdIds;
import dev.wirebench.fix.engine.FixClient;
import dev.wirebench.fix.engine.FixText;
import dev.wirebench.fix.engine.PingPong;
import dev.wirebench.fix.engine.ReportListener;
import dev.wirebench.fix.raw.Tcp;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.CharBuffer;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The Philadelphia client session: one blocking connection with its own receiving thread, which calls
 * the listener. The order is one FIXMessage built once; per order only its ClOrdID is rewritten (and
 * MsgSeqNum and SendingTime on send), under the connection's send lock, so the report callback and
 * another thread can both send.
 */
final class PhiladelphiaClient implements FixClient, FIXMessageListener, FIXConnectionStatusListener {

    private final SocketChannel channel;
    private final ReportListener listener;
    private final LockedConnection connection;
    private final ReentrantLock sendLock;
    private final FIXMessage order;
    private final FIXValue orderClOrdId;
    private final char[] clOrdIdChars = new char[ClOrdIds.LENGTH];
    private final CharBuffer clOrdIdText = CharBuffer.wrap(clOrdIdChars);
    private final FIXMessage logout;
    private final CountDownLatch logonAnswered = new CountDownLatch(1);
    private final CountDownLatch logoutAnswered = new CountDownLatch(1);
    private FIXMessage received;
    private final FixText receivedText = out -> WireText.append(received, out);
    private final Thread receiver;
    private volatile boolean loggedOn;
    private volatile boolean closing;
    private volatile String endedBeforeLogon;

    private PhiladelphiaClient(SocketChannel channel, FIXConfig config, ReportListener listener) {
        this.channel = channel;
        this.listener = listener;
        this.connection = new LockedConnection(channel, channel, config, this, this);
        this.sendLock = connection.sendLock();
        this.order = connection.create();
        connection.prepare(order, FIX44MsgTypes.NewOrderSingle);
        orderClOrdId = order.addField(FIX44Tags.ClOrdID);
        order.addField(FIX44Tags.Account).setString(PingPong.ACCOUNT);
        order.addField(FIX44Tags.Symbol).setString(PingPong.SYMBOL);
        order.addField(FIX44Tags.Side).setChar(PingPong.SIDE);
        order.addField(FIX44Tags.TransactTime).setString(PingPong.TRANSACT_TIME);
        order.addField(FIX44Tags.OrderQty).setInt(PingPong.ORDER_QTY);
        order.addField(FIX44Tags.OrdType).setChar(PingPong.ORD_TYPE);
        order.addField(FIX44Tags.Price).setString(PingPong.PRICE);
        order.addField(FIX44Tags.TimeInForce).setChar(PingPong.TIME_IN_FORCE);
        this.logout = connection.create();
        this.receiver = new Thread(this::receive, "fix-philadelphia-client-receive");
        receiver.setDaemon(true);
    }

    /** Connects, logs on with ResetSeqNumFlag=Y and waits for the server's Logon. */
    static PhiladelphiaClient logOn(InetSocketAddress server, FIXConfig config, Duration timeout, ReportListener listener,
                                    boolean spin) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        PhiladelphiaClient client = new PhiladelphiaClient(Tcp.polled(Tcp.connect(server, timeout), spin), config,
                listener);
        client.receiver.start();
        try {
            client.connection.sendLogon(true);
            boolean answered = client.logonAnswered.await(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (client.endedBeforeLogon != null) {
                throw new IOException("the server at " + Tcp.hostPort(server) + " ended the session before answering the Logon ("
                        + client.endedBeforeLogon + "): is that a philadelphia FIX server for " + PingPong.CLIENT_COMP_ID + "?");
            }
            if (!answered) {
                throw new IOException("no Logon answer from " + Tcp.hostPort(server) + " within " + Tcp.describe(timeout)
                        + ": is that a philadelphia FIX server?");
            }
            return client;
        } catch (IOException e) {
            client.closing = true;
            client.channel.close();
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.close();
            throw new IOException("interrupted while waiting for the Logon answer from " + Tcp.hostPort(server), e);
        }
    }

    @Override
    public void sendOrder(long stamp) throws IOException {
        sendLock.lock();
        try {
            ClOrdIds.write(stamp, clOrdIdChars);
            orderClOrdId.setString(clOrdIdText);
            connection.send(order);
        } finally {
            sendLock.unlock();
        }
    }

    @Override
    public void appendLastOrder(StringBuilder out) {
        sendLock.lock();
        try {
            WireText.append(order, out);
        } finally {
            sendLock.unlock();
        }
    }

    private void receive() {
        try {
            while (connection.receive() >= 0) {
                // receive() blocks in read() and hands every whole message to message() or the status callbacks
            }
            ended("the server closed the connection");
        } catch (IOException e) {
            ended("connection lost: " + e.getMessage());
        } catch (RuntimeException e) {
            ended("unreadable message from the server: " + e);
        } finally {
            closeChannel();
        }
    }

    @Override
    public void message(FIXMessage message) {
        FIXValue type = message.getMsgType();
        if (type.length() != 1 || type.byteAt(0) != FIX44MsgTypes.ExecutionReport) {
            return;
        }
        FIXValue execType = message.valueOf(FIX44Tags.ExecType);
        FIXValue clOrdId = message.valueOf(FIX44Tags.ClOrdID);
        if (execType == null || clOrdId == null) {
            return; // not a report of the ping-pong
        }
        received = message;
        listener.onReport(execType.asChar(), ClOrdIds.read(clOrdId), receivedText);
    }

    @Override
    public void logon(FIXConnection connection, FIXMessage message) {
        loggedOn = true;
        logonAnswered.countDown();
    }

    @Override
    public void logout(FIXConnection connection, FIXMessage message) throws IOException {
        if (closing) {
            logoutAnswered.countDown();
            return;
        }
        FIXValue text = message.valueOf(FIX44Tags.Text);
        ended("the server logged out" + (text == null ? "" : ": " + text));
        connection.sendLogout();
        closeChannel();
    }

    @Override
    public void close(FIXConnection connection, String message) {
        ended(message);
        closeChannel();
    }

    @Override
    public void tooLowMsgSeqNum(FIXConnection connection, long receivedMsgSeqNum, long expectedMsgSeqNum) {
        ended("MsgSeqNum(34) " + receivedMsgSeqNum + " from the server is below the expected " + expectedMsgSeqNum);
        closeChannel();
    }

    @Override
    public void reject(FIXConnection connection, FIXMessage message) {
        // a rejected order gets no reports, so the run could not go on: end the session and say why
        FIXValue text = message.valueOf(FIX44Tags.Text);
        ended("the server rejected a message" + (text == null ? "" : ": " + text));
        closeChannel();
    }

    @Override
    public void sequenceReset(FIXConnection connection) {
        // the server reset its numbers; Philadelphia has taken the new one
    }

    private void ended(String why) {
        if (!loggedOn) {
            if (endedBeforeLogon == null) {
                endedBeforeLogon = why;
            }
            logonAnswered.countDown();
        } else if (!closing) {
            closing = true; // say it once
            listener.onDisconnect(why);
        }
    }

    /** Sends a Logout, waits up to 1 s for the answer, closes; about 2 s at most in all. */
    @Override
    public void close() {
        if (closing) {
            closeChannel();
            Tcp.join(receiver, 500);
            return;
        }
        closing = true;
        try {
            // a sender blocked in a full socket holds the lock: then skip the Logout rather than wait
            if (sendLock.tryLock(300, TimeUnit.MILLISECONDS)) {
                try {
                    connection.prepare(logout, '5');
                    connection.send(logout);
                } finally {
                    sendLock.unlock();
                }
                logoutAnswered.await(1, TimeUnit.SECONDS);
            }
        } catch (IOException e) {
            // the connection is gone already
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeChannel();
        Tcp.join(receiver, 500);
    }

    private void closeChannel() {
        try {
            channel.close();
        } catch (IOException e) {
            // nothing more to release
        }
    }
}
