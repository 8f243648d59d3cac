package dev.wirebench.fix.jmh;

import java.nio.ByteBuffer;

/** Parses one ExecutionReport with one library and returns {@link ExecutionReportFixture#checksum} of its fields. */
interface ExecutionReportParser {

    /** Parses the message between the buffer's position and limit. */
    long parse(ByteBuffer report) throws Exception;
}
