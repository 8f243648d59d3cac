package dev.wirebench.smpp.client;

import java.io.IOException;

/** Something the ESME could not do: connect, bind, get an answer, or keep its session; the message says which and where. */
public class SmppClientException extends IOException {

    private static final long serialVersionUID = 1L;

    public SmppClientException(String message) {
        super(message);
    }

    public SmppClientException(String message, Throwable cause) {
        super(message, cause);
    }
}
