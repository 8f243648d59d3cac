package dev.wirebench.smpp.pdu;

/**
 * bind_transmitter, bind_receiver or bind_transceiver (SMPP 3.4 sections 4.1.1, 4.1.3, 4.1.5): an
 * ESME opens a session. The three share one body; {@link #type()} says which it is.
 *
 * @param interfaceVersion the SMPP version the ESME speaks, 0x34 for 3.4
 * @param addressRange     the addresses the ESME serves (a regular expression, or NULL)
 */
public record Bind(BindType type, int sequenceNumber, String systemId, String password, String systemType,
                   int interfaceVersion, int addrTon, int addrNpi, String addressRange) implements Request {

    /** Octets of system_id with its NUL, here and in the response. */
    public static final int SYSTEM_ID_OCTETS = 16;
    public static final int PASSWORD_OCTETS = 9;
    public static final int SYSTEM_TYPE_OCTETS = 13;
    public static final int ADDRESS_RANGE_OCTETS = 41;
    /** interface_version of SMPP 3.4. */
    public static final int SMPP_3_4 = 0x34;

    public Bind {
        Fields.notNull("type", type);
        Fields.cString("system_id", systemId, SYSTEM_ID_OCTETS);
        Fields.cString("password", password, PASSWORD_OCTETS);
        Fields.cString("system_type", systemType, SYSTEM_TYPE_OCTETS);
        Fields.octet("interface_version", interfaceVersion);
        Fields.octet("addr_ton", addrTon);
        Fields.octet("addr_npi", addrNpi);
        Fields.cString("address_range", addressRange, ADDRESS_RANGE_OCTETS);
    }

    @Override
    public int commandId() {
        return type.requestId();
    }
}
