package dev.wirebench.smpp.testkit;

import dev.wirebench.smpp.client.BlockingEsme;
import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.Bind;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.Pdu;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.HexFormat;

/**
 * A plain blocking socket speaking SMPP byte by byte, for what a well-behaved client cannot do: send
 * malformed PDUs, stop halfway through one, reset the connection, or never read. Every call is bounded
 * by the socket timeout.
 */
public final class RawSmppSocket implements AutoCloseable {

    public static final int TIMEOUT_MILLIS = 5000;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;
    private final SmppCodec codec = new SmppCodec();

    private RawSmppSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(new BufferedInputStream(socket.getInputStream()));
        this.out = socket.getOutputStream();
    }

    /** Connected to 127.0.0.1:port with a 5 s timeout on connect and on every read. */
    public static RawSmppSocket connect(int port) throws IOException {
        return connect(port, 0);
    }

    /** As {@link #connect(int)}, with SO_RCVBUF set first (0: the system's) so a client that never reads fills up soon. */
    public static RawSmppSocket connect(int port, int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        if (receiveBuffer > 0) {
            socket.setReceiveBufferSize(receiveBuffer);
        }
        socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MILLIS);
        socket.setSoTimeout(TIMEOUT_MILLIS);
        return new RawSmppSocket(socket);
    }

    /** Over a socket already connected (one a test server accepted), with the 5 s read timeout. */
    public static RawSmppSocket of(Socket socket) throws IOException {
        socket.setSoTimeout(TIMEOUT_MILLIS);
        return new RawSmppSocket(socket);
    }

    /** The octets of {@code pdu} as our codec writes them. */
    public static byte[] bytes(Pdu pdu) {
        ByteBuf buf = Unpooled.buffer();
        new SmppCodec().encode(pdu, buf);
        return ByteBufUtil.getBytes(buf);
    }

    public void send(Pdu pdu) throws IOException {
        sendBytes(bytes(pdu));
    }

    public void sendBytes(byte[] octets) throws IOException {
        out.write(octets);
        out.flush();
    }

    /** Binds as a transceiver and returns the response. */
    public Pdu bind(String systemId, String password) throws IOException {
        send(new Bind(BindType.TRANSCEIVER, 1, systemId, password, "", Bind.SMPP_3_4, 0, 0, ""));
        return read();
    }

    /** The next PDU, decoded; fails on a timeout or end of stream. */
    public Pdu read() throws IOException {
        return BlockingEsme.readPdu(in, codec, "the server");
    }

    /**
     * The next PDU's octets exactly as they came, command_length included, for a test that asserts the
     * wire rather than what our codec makes of it; fails on a timeout, end of stream, or a
     * command_length under 16 or over the codec's default cap.
     */
    public byte[] readBytes() throws IOException {
        int length = in.readInt();
        if (length < SmppCodec.HEADER_LENGTH || length > SmppCodec.DEFAULT_MAX_COMMAND_LENGTH) {
            throw new IOException("the server sent command_length " + Integer.toUnsignedString(length));
        }
        byte[] octets = new byte[length];
        octets[0] = (byte) (length >>> 24);
        octets[1] = (byte) (length >>> 16);
        octets[2] = (byte) (length >>> 8);
        octets[3] = (byte) length;
        in.readFully(octets, 4, length - 4);
        return octets;
    }

    /** {@link #readBytes()} as {@link #hex(byte[])} writes it: {@code "00000010 80000004 00000001 00c0ffee"}. */
    public String readHex() throws IOException {
        return hex(readBytes());
    }

    /** The octets of a hex dump; white space is ignored. */
    public static byte[] hex(String dump) {
        return HexFormat.of().parseHex(dump.replaceAll("\\s", ""));
    }

    /** The octets in lower-case hex, four to a group, the groups separated by a space. */
    public static String hex(byte[] octets) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < octets.length; i++) {
            if (i > 0 && i % 4 == 0) {
                text.append(' ');
            }
            text.append(String.format("%02x", octets[i] & 0xFF));
        }
        return text.toString();
    }

    /** Whether the server closed the connection: end of stream (or a reset) before any more octets, within the timeout. */
    public boolean closedByServer() throws IOException {
        try {
            return in.read() < 0;
        } catch (EOFException | SocketException e) {
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        }
    }

    /** Whether the connection is still open, nothing having come from the server, after {@code millis}. */
    public boolean openAfter(int millis) throws IOException {
        socket.setSoTimeout(millis);
        try {
            in.read();
            return false;
        } catch (SocketTimeoutException e) {
            return true;
        } catch (IOException e) {
            return false;
        } finally {
            socket.setSoTimeout(TIMEOUT_MILLIS);
        }
    }

    /** Ends the connection with a TCP reset instead of an orderly close (SO_LINGER 0). */
    public void reset() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    public Socket socket() {
        return socket;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
