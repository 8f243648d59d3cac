package dev.wirebench.fix.philadelphia;

import com.paritytrading.philadelphia.FIXConfig;
import com.paritytrading.philadelphia.FIXConnection;
import com.paritytrading.philadelphia.FIXConnectionStatusListener;
import com.paritytrading.philadelphia.FIXMessage;
import com.paritytrading.philadelphia.FIXMessageListener;
import com.paritytrading.philadelphia.FIXValue;

import java.io.IOException;
import java.nio.channels.GatheringByteChannel;
import java.nio.channels.ReadableByteChannel;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A FIXConnection whose every send, ours and Philadelphia's own (heartbeat answers, rejects, logouts,
 * sent from inside {@code receive()}), takes one lock and stamps MsgSeqNum and SendingTime under it.
 * Philadelphia's tx buffers and outgoing sequence number are not thread-safe; locking only the send,
 * not the parse, lets the receiving thread keep draining reports while another thread is blocked in a
 * write, so an open loop that outruns the server cannot deadlock the two.
 */
class LockedConnection extends FIXConnection {

    private static final char SEQUENCE_RESET = '4';

    private final ReentrantLock sendLock = new ReentrantLock();

    LockedConnection(ReadableByteChannel rx, GatheringByteChannel tx, FIXConfig config, FIXMessageListener listener,
            FIXConnectionStatusListener statusListener) {
        super(rx, tx, config, listener, statusListener, System.currentTimeMillis());
    }

    /** The lock every send takes; held by callers that fill a shared message before sending it. */
    final ReentrantLock sendLock() {
        return sendLock;
    }

    @Override
    public void send(FIXMessage message) throws IOException {
        sendLock.lock();
        try {
            long now = System.currentTimeMillis();
            if (now != getCurrentTimeMillis()) {
                setCurrentTimeMillis(now); // formats SendingTime once per millisecond, not per message
            }
            // a message prepared outside the lock may carry a sequence number another thread used since;
            // a gap-fill SequenceReset carries a chosen one and is left alone
            if (!isSequenceReset(message)) {
                update(message);
            }
            super.send(message);
        } finally {
            sendLock.unlock();
        }
    }

    private static boolean isSequenceReset(FIXMessage message) {
        FIXValue type = message.getMsgType();
        return type != null && type.length() == 1 && type.byteAt(0) == SEQUENCE_RESET;
    }
}
