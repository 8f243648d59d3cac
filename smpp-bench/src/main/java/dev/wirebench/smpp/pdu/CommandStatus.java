package dev.wirebench.smpp.pdu;

/**
 * command_status values of SMPP 3.4 (section 5.1.3, table 5-2): the error codes a response or a
 * generic_nack carries. 0x00000009, 0x00000010, 0x00000012 and others are reserved by the spec and
 * have no name; 0x00000400 to 0x000004FF are vendor-specific.
 */
public final class CommandStatus {

    public static final int ESME_ROK = 0x00000000;
    public static final int ESME_RINVMSGLEN = 0x00000001;
    public static final int ESME_RINVCMDLEN = 0x00000002;
    public static final int ESME_RINVCMDID = 0x00000003;
    public static final int ESME_RINVBNDSTS = 0x00000004;
    public static final int ESME_RALYBND = 0x00000005;
    public static final int ESME_RINVPRTFLG = 0x00000006;
    public static final int ESME_RINVREGDLVFLG = 0x00000007;
    public static final int ESME_RSYSERR = 0x00000008;
    public static final int ESME_RINVSRCADR = 0x0000000A;
    public static final int ESME_RINVDSTADR = 0x0000000B;
    public static final int ESME_RINVMSGID = 0x0000000C;
    public static final int ESME_RBINDFAIL = 0x0000000D;
    public static final int ESME_RINVPASWD = 0x0000000E;
    public static final int ESME_RINVSYSID = 0x0000000F;
    public static final int ESME_RCANCELFAIL = 0x00000011;
    public static final int ESME_RREPLACEFAIL = 0x00000013;
    public static final int ESME_RMSGQFUL = 0x00000014;
    public static final int ESME_RINVSERTYP = 0x00000015;
    public static final int ESME_RINVNUMDESTS = 0x00000033;
    public static final int ESME_RINVDLNAME = 0x00000034;
    public static final int ESME_RINVDESTFLAG = 0x00000040;
    public static final int ESME_RINVSUBREP = 0x00000042;
    public static final int ESME_RINVESMCLASS = 0x00000043;
    public static final int ESME_RCNTSUBDL = 0x00000044;
    public static final int ESME_RSUBMITFAIL = 0x00000045;
    public static final int ESME_RINVSRCTON = 0x00000048;
    public static final int ESME_RINVSRCNPI = 0x00000049;
    public static final int ESME_RINVDSTTON = 0x00000050;
    public static final int ESME_RINVDSTNPI = 0x00000051;
    public static final int ESME_RINVSYSTYP = 0x00000053;
    public static final int ESME_RINVREPFLAG = 0x00000054;
    public static final int ESME_RINVNUMMSGS = 0x00000055;
    public static final int ESME_RTHROTTLED = 0x00000058;
    public static final int ESME_RINVSCHED = 0x00000061;
    public static final int ESME_RINVEXPIRY = 0x00000062;
    public static final int ESME_RINVDFTMSGID = 0x00000063;
    public static final int ESME_RX_T_APPN = 0x00000064;
    public static final int ESME_RX_P_APPN = 0x00000065;
    public static final int ESME_RX_R_APPN = 0x00000066;
    public static final int ESME_RQUERYFAIL = 0x00000067;
    public static final int ESME_RINVOPTPARSTREAM = 0x000000C0;
    public static final int ESME_ROPTPARNOTALLWD = 0x000000C1;
    public static final int ESME_RINVPARLEN = 0x000000C2;
    public static final int ESME_RMISSINGOPTPARAM = 0x000000C3;
    public static final int ESME_RINVOPTPARAMVAL = 0x000000C4;
    public static final int ESME_RDELIVERYFAILURE = 0x000000FE;
    public static final int ESME_RUNKNOWNERR = 0x000000FF;

    private CommandStatus() {
    }

    /** The spec's name of a status ({@code "ESME_RINVCMDLEN"}), or its hex if SMPP 3.4 names none. */
    public static String name(int status) {
        switch (status) {
            case ESME_ROK: return "ESME_ROK";
            case ESME_RINVMSGLEN: return "ESME_RINVMSGLEN";
            case ESME_RINVCMDLEN: return "ESME_RINVCMDLEN";
            case ESME_RINVCMDID: return "ESME_RINVCMDID";
            case ESME_RINVBNDSTS: return "ESME_RINVBNDSTS";
            case ESME_RALYBND: return "ESME_RALYBND";
            case ESME_RINVPRTFLG: return "ESME_RINVPRTFLG";
            case ESME_RINVREGDLVFLG: return "ESME_RINVREGDLVFLG";
            case ESME_RSYSERR: return "ESME_RSYSERR";
            case ESME_RINVSRCADR: return "ESME_RINVSRCADR";
            case ESME_RINVDSTADR: return "ESME_RINVDSTADR";
            case ESME_RINVMSGID: return "ESME_RINVMSGID";
            case ESME_RBINDFAIL: return "ESME_RBINDFAIL";
            case ESME_RINVPASWD: return "ESME_RINVPASWD";
            case ESME_RINVSYSID: return "ESME_RINVSYSID";
            case ESME_RCANCELFAIL: return "ESME_RCANCELFAIL";
            case ESME_RREPLACEFAIL: return "ESME_RREPLACEFAIL";
            case ESME_RMSGQFUL: return "ESME_RMSGQFUL";
            case ESME_RINVSERTYP: return "ESME_RINVSERTYP";
            case ESME_RINVNUMDESTS: return "ESME_RINVNUMDESTS";
            case ESME_RINVDLNAME: return "ESME_RINVDLNAME";
            case ESME_RINVDESTFLAG: return "ESME_RINVDESTFLAG";
            case ESME_RINVSUBREP: return "ESME_RINVSUBREP";
            case ESME_RINVESMCLASS: return "ESME_RINVESMCLASS";
            case ESME_RCNTSUBDL: return "ESME_RCNTSUBDL";
            case ESME_RSUBMITFAIL: return "ESME_RSUBMITFAIL";
            case ESME_RINVSRCTON: return "ESME_RINVSRCTON";
            case ESME_RINVSRCNPI: return "ESME_RINVSRCNPI";
            case ESME_RINVDSTTON: return "ESME_RINVDSTTON";
            case ESME_RINVDSTNPI: return "ESME_RINVDSTNPI";
            case ESME_RINVSYSTYP: return "ESME_RINVSYSTYP";
            case ESME_RINVREPFLAG: return "ESME_RINVREPFLAG";
            case ESME_RINVNUMMSGS: return "ESME_RINVNUMMSGS";
            case ESME_RTHROTTLED: return "ESME_RTHROTTLED";
            case ESME_RINVSCHED: return "ESME_RINVSCHED";
            case ESME_RINVEXPIRY: return "ESME_RINVEXPIRY";
            case ESME_RINVDFTMSGID: return "ESME_RINVDFTMSGID";
            case ESME_RX_T_APPN: return "ESME_RX_T_APPN";
            case ESME_RX_P_APPN: return "ESME_RX_P_APPN";
            case ESME_RX_R_APPN: return "ESME_RX_R_APPN";
            case ESME_RQUERYFAIL: return "ESME_RQUERYFAIL";
            case ESME_RINVOPTPARSTREAM: return "ESME_RINVOPTPARSTREAM";
            case ESME_ROPTPARNOTALLWD: return "ESME_ROPTPARNOTALLWD";
            case ESME_RINVPARLEN: return "ESME_RINVPARLEN";
            case ESME_RMISSINGOPTPARAM: return "ESME_RMISSINGOPTPARAM";
            case ESME_RINVOPTPARAMVAL: return "ESME_RINVOPTPARAMVAL";
            case ESME_RDELIVERYFAILURE: return "ESME_RDELIVERYFAILURE";
            case ESME_RUNKNOWNERR: return "ESME_RUNKNOWNERR";
            default: return String.format("0x%08X", status);
        }
    }
}
