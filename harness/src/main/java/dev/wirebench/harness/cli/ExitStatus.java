package dev.wirebench.harness.cli;

/** How a wirebench command ends: the one set of exit statuses of the whole command line. */
public enum ExitStatus {
    /** It did what was asked (or printed the help that was asked for). */
    DONE(0),
    /** A bad option or value, refused in one line before anything ran. */
    BAD_OPTIONS(1),
    /** It ran and failed: a case gave no result, a file could not be written. */
    FAILED(1),
    /**
     * Its input could not be used: a result file missing, broken or of another suite, a database that cannot be
     * reached, a row read back that does not match.
     */
    UNREADABLE(2),
    /** {@code compare}: a measure got significantly worse. */
    WORSE(3);

    private final int code;

    ExitStatus(int code) {
        this.code = code;
    }

    /** The process exit code. */
    public int code() {
        return code;
    }

    /** The lines that explain the codes, for the overview and every command's {@code -h}. */
    public static String explained() {
        return "Exit status: 0 done; 1 a bad option or a failed run; 2 input that cannot be used (a result file missing,\n"
                + "broken or of another suite, a database that cannot be reached); 3 compare found a measure worse.";
    }
}
