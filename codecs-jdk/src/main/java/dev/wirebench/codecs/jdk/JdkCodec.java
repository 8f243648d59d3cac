package dev.wirebench.codecs.jdk;

import dev.wirebench.codec.AbstractMessageCodec;
import dev.wirebench.codec.CodecException;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.Approval;
import dev.wirebench.codec.message.ApprovalDecision;
import dev.wirebench.codec.message.BookEntry;
import dev.wirebench.codec.message.EntryType;
import dev.wirebench.codec.message.ExecutionStatus;
import dev.wirebench.codec.message.InfrastructureExecution;
import dev.wirebench.codec.message.MarketData;
import dev.wirebench.codec.message.OrdType;
import dev.wirebench.codec.message.Order;
import dev.wirebench.codec.message.Side;
import dev.wirebench.codec.message.TimeInForce;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codec.message.TriggerType;
import dev.wirebench.codec.message.User;
import dev.wirebench.codec.message.UserInfo;

import java.io.EOFException;
import java.io.IOException;
import java.io.InvalidClassException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OptionalDataException;
import java.nio.ByteBuffer;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Java serialization of one canonical record, as a typical user writes it: {@code writeObject} of
 * the record itself, one self-contained stream (header, class descriptors, object) per message, so
 * decoding never depends on an earlier encode. Decoding reads through the message type's
 * {@link SerialFilter} and then checks the element types of the record's lists and maps
 * ({@link ElementTypes}).
 *
 * @param <T> the canonical record
 */
final class JdkCodec<T> extends AbstractMessageCodec<T> {

    static final String FORMAT = "jdk";

    private final SerialFilter filter;
    private final Consumer<T> elementCheck;
    private final BufferOutput output = new BufferOutput();
    private final BufferInput input = new BufferInput();

    JdkCodec(MessageType<T> type, SerialFilter filter, Consumer<T> elementCheck) {
        super(FORMAT, type);
        this.filter = filter;
        this.elementCheck = elementCheck;
    }

    /** The deserialization filter bounds classes, depth, arrays and references by the input: see the README. */
    @Override
    public Conformance conformance() {
        return Conformance.HOSTILE_INPUT;
    }

    /** {@code jdk/market-data}. */
    static JdkCodec<MarketData> marketData() {
        SerialFilter filter = SerialFilter.forMessage(MessageType.MARKET_DATA.id())
                .depth(5)
                .admit(MarketData.class, BookEntry.class, Side.class, EntryType.class, Enum.class, String.class)
                .lists(2) // entries
                .build();
        return new JdkCodec<>(MessageType.MARKET_DATA, filter, ElementTypes::check);
    }

    /** {@code jdk/user}. */
    static JdkCodec<User> user() {
        SerialFilter filter = SerialFilter.forMessage(MessageType.USER.id())
                .depth(3)
                .admit(User.class, String.class)
                .lists(2) // roles
                .build();
        return new JdkCodec<>(MessageType.USER, filter, ElementTypes::check);
    }

    /** {@code jdk/order}. */
    static JdkCodec<Order> order() {
        SerialFilter filter = SerialFilter.forMessage(MessageType.ORDER.id())
                .depth(3)
                .admit(Order.class, Side.class, OrdType.class, TimeInForce.class, Enum.class, String.class)
                .build();
        return new JdkCodec<>(MessageType.ORDER, filter, ElementTypes::check);
    }

    /** {@code jdk/infra-execution}. */
    static JdkCodec<InfrastructureExecution> infrastructureExecution() {
        SerialFilter filter = SerialFilter.forMessage(MessageType.INFRA_EXECUTION.id())
                .depth(6)
                .admit(InfrastructureExecution.class, ExecutionStatus.class, TriggerType.class,
                        Approval.class, UserInfo.class, ApprovalDecision.class,
                        Transformation.class, TransformationStatus.class, TransformationOutput.class,
                        Enum.class, String.class)
                .lists(2, 4) // instanceIds, approvals, transformations; Transformation.outputs
                .maps(2) // metadata, outputs
                .build();
        return new JdkCodec<>(MessageType.INFRA_EXECUTION, filter, ElementTypes::check);
    }

    /** The filter every decode reads through (for tests). */
    SerialFilter filter() {
        return filter;
    }

    @Override
    protected int encode(T message, ByteBuffer dst, int offset, int limit) {
        Objects.requireNonNull(message, "message");
        output.aim(dst, offset, limit);
        try {
            // A new stream per message is forced by the library: an ObjectOutputStream writes its
            // header when constructed and cannot be re-aimed at another sink; reusing one with
            // reset() would make every message after the first depend on the stream before it.
            ObjectOutputStream out = new ObjectOutputStream(output);
            out.writeObject(message);
            // it holds up to 1 KiB before passing it on: flush writes the rest, so a range too small overflows here at the latest
            out.flush();
            return output.position() - offset;
        } catch (IOException e) {
            // the sink never throws IOException, so this is the library refusing an object (NotSerializableException)
            throw new IllegalArgumentException(name() + ": cannot serialise " + messageType().id() + ": " + e, e);
        } finally {
            output.release();
        }
    }

    @Override
    protected T decode(ByteBuffer src, int offset, int length) {
        Object read = read(src, offset, length);
        if (!messageType().javaType().isInstance(read)) {
            throw malformed("the stream holds " + (read == null ? "null" : "a " + read.getClass().getName())
                    + ", not a " + messageType().javaType().getName());
        }
        T message = messageType().cast(read);
        // IllegalArgumentException naming the field, which the base class turns into a CodecException
        elementCheck.accept(message);
        return message;
    }

    /**
     * Java serialization has no reader that walks the bytes without building the objects: this is
     * decode plus {@code Checksum.of} of the record.
     */
    @Override
    protected long traverse(ByteBuffer src, int offset, int length) {
        return messageType().checksum(decode(src, offset, length));
    }

    /** Reads the one object the bytes hold, through the filter; the stream must end with the input. */
    private Object read(ByteBuffer src, int offset, int length) {
        input.aim(src, offset, length);
        filter.begin(length);
        Object read;
        try {
            // a new stream per message, as for encode: its constructor reads the header
            ObjectInputStream in = new ObjectInputStream(input);
            in.setObjectInputFilter(filter);
            read = in.readObject();
        } catch (InvalidClassException e) {
            String rejection = filter.rejection();
            throw rejection != null
                    ? malformed("rejected by the deserialization filter: " + rejection, e)
                    : malformed("invalid class descriptor: " + e.getMessage(), e);
        } catch (ClassNotFoundException e) {
            throw malformed("the stream names a class that is not on the class path: " + e.getMessage(), e);
        } catch (EOFException e) {
            throw malformed("the stream ends inside the object", e);
        } catch (OptionalDataException e) {
            throw malformed("primitive data where an object should be", e);
        } catch (InvalidObjectException e) {
            // a record constructor's own message ("level must be 0..255, was 300"), or a JDK collection's
            throw malformed("invalid object: " + e.getMessage(), e);
        } catch (IOException e) {
            // StreamCorruptedException (bad header, type code, block length), UTFDataFormatException, ...
            throw malformed(describe(e), e);
        } catch (RuntimeException e) {
            // thrown by a JDK class's readObject on values it cannot take (a null map, a key
            // whose hashCode fails, ...), or by the stream itself (unread block data)
            throw malformed(describe(e), e);
        } catch (StackOverflowError e) {
            // a stream can build a map that holds itself as a key: HashMap.readObject hashes it
            // without end. Nothing of the stream is kept, so the thread is fine to go on.
            throw malformed("the object graph recurses without end (a collection that holds itself?)", e);
        } catch (LinkageError e) {
            // the stream named a class that is there but cannot be loaded
            throw malformed("the stream names a class that cannot be loaded: " + e, e);
        } catch (InternalError e) {
            // the JDK's immutable collections check their own input by assertion: CollSer.readResolve, given the map
            // tag and an odd number of elements, has MapN throw InternalError("length is odd") (found by fuzzing).
            // That one is the stream's fault; any other InternalError is the JVM's and goes on
            StackTraceElement[] trace = e.getStackTrace();
            if (trace.length == 0 || !trace[0].getClassName().startsWith("java.util.ImmutableCollections")) {
                throw e;
            }
            throw malformed("a JDK immutable collection refused its elements: " + e.getMessage(), e);
        } finally {
            input.release();
        }
        if (input.remaining() != 0) {
            throw malformed(input.remaining() + " bytes after the object: a message is exactly one serialised object");
        }
        return read;
    }

    private static String describe(Exception e) {
        return e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
    }

    @Override
    public String toString() {
        return name();
    }
}
