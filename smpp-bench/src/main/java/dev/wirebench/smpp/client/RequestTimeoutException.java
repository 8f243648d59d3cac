package dev.wirebench.smpp.client;

/** No response came within the request timeout, or the window stayed full that long; the request's slot is free again. */
public final class RequestTimeoutException extends SmppClientException {

    private static final long serialVersionUID = 1L;

    public RequestTimeoutException(String message) {
        super(message);
    }
}
