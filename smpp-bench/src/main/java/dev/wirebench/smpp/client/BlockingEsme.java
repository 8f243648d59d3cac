package dev.wirebench.smpp.client;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.codec.SmppDecodeException;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindResp;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.CommandStatus;
import dev.wirebench.smpp.pdu.DeliverSm;
import dev.wirebench.smpp.pdu.DeliverSmResp;
import dev.wirebench.smpp.pdu.EnquireLink;
import dev.wirebench.smpp.pdu.EnquireLinkResp;
import dev.wirebench.smpp.pdu.GenericNack;
import dev.wirebench.smpp.pdu.Pdu;
import dev.wirebench.smpp.pdu.Unbind;
import dev.wirebench.smpp.pdu.UnbindResp;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An SMPP 3.4 ESME written the simple way: one blocking {@link Socket} and one thread per session,
 * blocked reading. {@link #connect} binds as a transceiver on the caller's thread; {@link #startReader}
 * hands the socket to a thread of the caller's {@link ThreadFactory} (platform or virtual), which
 * answers the SMSC's enquire_link, deliver_sm and unbind, and counts enquire_link_resp; {@link #close}
 * unbinds and waits for the reader to see the unbind_resp. This is the client {@code MemoryBenchmark}
 * opens by the thousand to weigh a session; {@link Esme} is the one to measure throughput with.
 *
 * <pre>{@code
 * try (BlockingEsme esme = BlockingEsme.connect("127.0.0.1", port, "esme", "secret", Duration.ofSeconds(5))) {
 *     esme.startReader(Thread::new);
 *     esme.enquireLink();
 * }
 * }</pre>
 */
public final class BlockingEsme implements AutoCloseable {

    private static final int FIRST_SEQUENCE = 1;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final String address;
    private final Duration timeout;
    // the codec's scratch is not thread-safe: the reader decodes with one, writers encode with the other
    private final SmppCodec readCodec = new SmppCodec();
    private final SmppCodec writeCodec = new SmppCodec();
    // a lock, not synchronized: on JDK 21 a virtual thread blocked in a write inside synchronized pins its carrier
    private final ReentrantLock writeLock = new ReentrantLock();
    private final ByteBuf outBuffer = Unpooled.buffer(64);
    private final CountDownLatch readerDone = new CountDownLatch(1);
    private int nextSequence = FIRST_SEQUENCE + 1;
    private int unbindSequence;
    private volatile Thread reader;
    private volatile long enquireLinksAnswered;
    private volatile long deliverSmAnswered;

    private BlockingEsme(Socket socket, String address, Duration timeout) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
        this.address = address;
        this.timeout = timeout;
    }

    /**
     * Connects and binds as a transceiver, on this thread, each step within {@code timeout}.
     *
     * @throws BindRejectedException naming the status if the SMSC refuses the bind
     * @throws SmppClientException   naming host:port if the connection is refused or no answer comes in time
     */
    public static BlockingEsme connect(String host, int port, String systemId, String password, Duration timeout)
            throws IOException {
        String address = host + ":" + port;
        int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
        Socket socket = new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(host, port), millis);
            socket.setSoTimeout(millis);
            BlockingEsme esme = new BlockingEsme(socket, address, timeout);
            esme.bind(systemId, password);
            // from now on the reader waits for whatever the SMSC sends, however long; close() bounds the end
            socket.setSoTimeout(0);
            return esme;
        } catch (ConnectException e) {
            socket.close();
            throw new SmppClientException("cannot connect to " + address + ": connection refused; is an SMSC listening there?", e);
        } catch (SocketTimeoutException e) {
            socket.close();
            throw new SmppClientException("no answer from " + address + " within " + millis + " ms", e);
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    private void bind(String systemId, String password) throws IOException {
        send(new Bind(BindType.TRANSCEIVER, FIRST_SEQUENCE, systemId, password, "", Bind.SMPP_3_4, 0, 0, ""));
        Pdu answer = read();
        int status = answer instanceof BindResp resp && resp.sequenceNumber() == FIRST_SEQUENCE ? resp.commandStatus()
                : answer instanceof GenericNack nack ? nack.commandStatus() : -1;
        if (status == -1) {
            throw new SmppClientException(address + " answered bind_transceiver with " + answer);
        }
        if (status != CommandStatus.ESME_ROK) {
            throw new BindRejectedException("bind_transceiver as '" + systemId + "' refused by " + address, status);
        }
    }

    /** Starts the session's reader on a thread from {@code threads}; once only. */
    public void startReader(ThreadFactory threads) {
        if (reader != null) {
            throw new IllegalStateException("the reader of the session with " + address + " is already running");
        }
        Thread thread = threads.newThread(this::readLoop);
        reader = thread;
        thread.start();
    }

    /** Sends an enquire_link; the reader counts its response ({@link #enquireLinksAnswered()}). */
    public void enquireLink() throws IOException {
        writeLock.lock();
        try {
            send(new EnquireLink(nextSequence++));
        } finally {
            writeLock.unlock();
        }
    }

    /** enquire_link_resp the reader has seen. */
    public long enquireLinksAnswered() {
        return enquireLinksAnswered;
    }

    /** deliver_sm the reader has answered. */
    public long deliverSmAnswered() {
        return deliverSmAnswered;
    }

    /** Whether the reader is running: started, and the session not yet over. */
    public boolean isReading() {
        return reader != null && readerDone.getCount() > 0;
    }

    /**
     * Sends unbind without waiting (to close many sessions at once, then {@link #close()} each); the
     * reader ends on the unbind_resp. Does nothing if the session is over or unbind was sent.
     */
    public void unbind() {
        writeLock.lock();
        try {
            if (unbindSequence == 0 && !socket.isClosed()) {
                unbindSequence = nextSequence++;
                send(new Unbind(unbindSequence));
            }
        } catch (IOException e) {
            // the connection is already gone: close() finds the reader done
        } finally {
            writeLock.unlock();
        }
    }

    /**
     * Unbinds, waits for the reader to see the unbind_resp (at most the timeout given to
     * {@link #connect}), then closes the socket, which ends a reader still blocked.
     */
    @Override
    public void close() {
        try {
            if (reader != null) {
                unbind();
                readerDone.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            closeSocket();
        }
        Thread thread = reader;
        if (thread != null) {
            try {
                // the closed socket wakes a blocked read at once; the bound only guards against the unexpected
                thread.join(timeout.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void readLoop() {
        try {
            while (true) {
                Pdu pdu = read();
                if (pdu instanceof EnquireLinkResp) {
                    enquireLinksAnswered++;
                } else if (pdu instanceof EnquireLink link) {
                    reply(new EnquireLinkResp(CommandStatus.ESME_ROK, link.sequenceNumber()));
                } else if (pdu instanceof DeliverSm deliverSm) {
                    reply(new DeliverSmResp(CommandStatus.ESME_ROK, deliverSm.sequenceNumber()));
                    deliverSmAnswered++;
                } else if (pdu instanceof Unbind unbind) {
                    reply(new UnbindResp(CommandStatus.ESME_ROK, unbind.sequenceNumber()));
                    return;
                } else if (pdu instanceof UnbindResp) {
                    return;
                }
                // anything else answers nothing this session asked (it sends no submit_sm): ignored
            }
        } catch (IOException | SmppDecodeException e) {
            // closed by close(), by the SMSC, or a PDU that cannot be read: either way the session is over
        } finally {
            closeSocket();
            readerDone.countDown();
        }
    }

    private void reply(Pdu pdu) throws IOException {
        writeLock.lock();
        try {
            send(pdu);
        } finally {
            writeLock.unlock();
        }
    }

    /** Writes one PDU; the caller holds the write lock, or is the only thread (bind). */
    private void send(Pdu pdu) throws IOException {
        outBuffer.clear();
        int length = writeCodec.encode(pdu, outBuffer);
        out.write(outBuffer.array(), outBuffer.arrayOffset(), length);
        out.flush();
    }

    private Pdu read() throws IOException {
        return readPdu(in, readCodec, address);
    }

    /**
     * Reads one whole PDU from a blocking stream and decodes it, for a client without a framer.
     *
     * @param from names the peer in the message of a bad command_length
     * @throws SmppClientException if command_length is outside 16 to the codec's cap: the stream can no
     *                             longer be framed
     * @throws SmppDecodeException if the PDU's body cannot be read
     */
    public static Pdu readPdu(DataInputStream in, SmppCodec codec, String from) throws IOException {
        int length = in.readInt();
        if (length < SmppCodec.HEADER_LENGTH || length > codec.maxCommandLength()) {
            throw new SmppClientException(from + " sent command_length " + Integer.toUnsignedString(length)
                    + "; the session cannot go on");
        }
        byte[] pdu = new byte[length];
        ByteBuf buf = Unpooled.wrappedBuffer(pdu);
        buf.setInt(0, length);
        in.readFully(pdu, 4, length - 4);
        return codec.decode(buf);
    }

    private void closeSocket() {
        try {
            socket.close();
        } catch (IOException e) {
            // closing is all that was asked
        }
    }
}
