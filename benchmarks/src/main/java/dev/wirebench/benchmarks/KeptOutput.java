package dev.wirebench.benchmarks;

import dev.wirebench.harness.RunFolder;
import dev.wirebench.harness.cli.ExitStatus;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * What a subcommand that produces results without measuring ({@code sizes}, {@code dump}, {@code compare}) leaves:
 * a run folder like a JMH run's, with env.json and what it printed ({@code <command>.out}). Nothing is written for
 * input that was refused.
 */
final class KeptOutput {

    private KeptOutput() {
    }

    /**
     * Runs {@code body} with its standard output also kept, and files it in a new run folder under
     * {@code resultsDir} when it ended {@link ExitStatus#DONE} or {@code alsoKept}.
     */
    static ExitStatus run(String command, Path resultsDir, PrintStream out, PrintStream err,
                          Function<PrintStream, ExitStatus> body, ExitStatus alsoKept) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        PrintStream tee = new PrintStream(new Tee(out, printed), true);
        ExitStatus status = body.apply(tee);
        tee.flush();
        if (status == ExitStatus.DONE || status == alsoKept) {
            RunFolder folder = RunFolder.startOrSay(resultsDir, command, err);
            if (folder == null) {
                return status == ExitStatus.DONE ? ExitStatus.FAILED : status;
            }
            if (printed.size() > 0) {
                folder.writeBytes(command + ".out", printed.toByteArray());
            }
            err.println("Run folder: " + folder + "/");
        }
        return status;
    }

    /** Writes to two streams. */
    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final OutputStream second;

        Tee(OutputStream first, OutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void write(int b) throws IOException {
            first.write(b);
            second.write(b);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            first.write(b, off, len);
            second.write(b, off, len);
        }

        @Override
        public void flush() throws IOException {
            first.flush();
            second.flush();
        }
    }
}
