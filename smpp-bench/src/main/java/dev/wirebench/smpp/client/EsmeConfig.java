package dev.wirebench.smpp.client;

import dev.wirebench.smpp.codec.SmppCodec;
import dev.wirebench.smpp.pdu.BindType;
import dev.wirebench.smpp.pdu.DeliverSm;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * How an {@link Esme} connects and binds. Start from {@link #of(int, String, String)} and change what
 * differs with the {@code with...} methods.
 *
 * @param host                the SMSC's address, 127.0.0.1 by default
 * @param bindType            transceiver by default: submit and receive receipts over one session
 * @param window              requests outstanding at most; {@link Esme#submit} waits for a free slot
 * @param requestTimeout      a submit_sm (or enquire_link, unbind) unanswered this long fails
 * @param bindTimeout         the most the connect may take, and then the most the bind response may take
 * @param enquireLinkInterval after this long with nothing read an enquire_link is sent (writes do not count: a
 *                            dead link takes them); unanswered within the request timeout, the session closes, so
 *                            a dead link is found within this interval and the request timeout; zero: never
 * @param maxCommandLength    the largest PDU read or written
 * @param deliverSmListener   hears each deliver_sm (after it is answered), on the event loop; must not block
 */
public record EsmeConfig(String host, int port, String systemId, String password, String systemType,
                         BindType bindType, int window, Duration requestTimeout, Duration bindTimeout,
                         Duration enquireLinkInterval, int maxCommandLength, Consumer<DeliverSm> deliverSmListener) {

    /** The largest window: sequence numbers carry the slot in their low 16 bits. */
    public static final int MAX_WINDOW = 0xFFFF;

    public EsmeConfig {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host is empty");
        }
        if (port < 1 || port > 0xFFFF) {
            throw new IllegalArgumentException("port is " + port + "; a TCP port is 1 to 65535");
        }
        if (bindType == null) {
            throw new IllegalArgumentException("bindType is null");
        }
        if (window < 1 || window > MAX_WINDOW) {
            throw new IllegalArgumentException("window is " + window + "; it must be 1 to " + MAX_WINDOW);
        }
        positive("requestTimeout", requestTimeout);
        positive("bindTimeout", bindTimeout);
        if (enquireLinkInterval == null || enquireLinkInterval.isNegative()) {
            throw new IllegalArgumentException("enquireLinkInterval must be zero (never) or positive");
        }
        if (maxCommandLength < SmppCodec.HEADER_LENGTH) {
            throw new IllegalArgumentException("maxCommandLength is " + maxCommandLength + "; a PDU has at least "
                    + SmppCodec.HEADER_LENGTH + " octets");
        }
        if (deliverSmListener == null) {
            throw new IllegalArgumentException("deliverSmListener is null; pass d -> { } to ignore deliver_sm");
        }
    }

    private static void positive(String name, Duration value) {
        if (value == null || value.isNegative() || value.isZero()) {
            throw new IllegalArgumentException(name + " must be positive");
        }
    }

    /**
     * 127.0.0.1, this port and account, empty system_type, bind_transceiver, window 1, 5 s request and
     * bind timeouts, an enquire_link after 30 s with nothing read, the codec's 64 KiB cap, deliver_sm ignored.
     */
    public static EsmeConfig of(int port, String systemId, String password) {
        return new EsmeConfig("127.0.0.1", port, systemId, password, "", BindType.TRANSCEIVER, 1,
                Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(30), SmppCodec.DEFAULT_MAX_COMMAND_LENGTH,
                deliverSm -> { });
    }

    public EsmeConfig withHost(String value) {
        return new EsmeConfig(value, port, systemId, password, systemType, bindType, window, requestTimeout,
                bindTimeout, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withSystemType(String value) {
        return new EsmeConfig(host, port, systemId, password, value, bindType, window, requestTimeout,
                bindTimeout, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withBindType(BindType value) {
        return new EsmeConfig(host, port, systemId, password, systemType, value, window, requestTimeout,
                bindTimeout, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withWindow(int value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, value, requestTimeout,
                bindTimeout, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withRequestTimeout(Duration value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, window, value,
                bindTimeout, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withBindTimeout(Duration value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, window, requestTimeout,
                value, enquireLinkInterval, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withEnquireLinkInterval(Duration value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, window, requestTimeout,
                bindTimeout, value, maxCommandLength, deliverSmListener);
    }

    public EsmeConfig withMaxCommandLength(int value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, window, requestTimeout,
                bindTimeout, enquireLinkInterval, value, deliverSmListener);
    }

    public EsmeConfig withDeliverSmListener(Consumer<DeliverSm> value) {
        return new EsmeConfig(host, port, systemId, password, systemType, bindType, window, requestTimeout,
                bindTimeout, enquireLinkInterval, maxCommandLength, value);
    }

    /** host:port, for messages. */
    String address() {
        return host + ":" + port;
    }
}
