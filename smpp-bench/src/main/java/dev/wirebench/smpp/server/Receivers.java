package dev.wirebench.smpp.server;

import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The sessions bound as receiver or transceiver, by system_id: where a transmitter's receipts go. */
final class Receivers {

    private final Map<String, Set<SmscSession>> bySystemId = new ConcurrentHashMap<>();

    void add(String systemId, SmscSession session) {
        bySystemId.computeIfAbsent(systemId, id -> ConcurrentHashMap.newKeySet()).add(session);
    }

    void remove(String systemId, SmscSession session) {
        Set<SmscSession> sessions = bySystemId.get(systemId);
        if (sessions != null) {
            sessions.remove(session);
        }
    }

    /** One receiving session of this system_id, or null if none is bound. */
    SmscSession pick(String systemId) {
        Set<SmscSession> sessions = bySystemId.get(systemId);
        if (sessions == null) {
            return null;
        }
        Iterator<SmscSession> it = sessions.iterator();
        return it.hasNext() ? it.next() : null;
    }
}
