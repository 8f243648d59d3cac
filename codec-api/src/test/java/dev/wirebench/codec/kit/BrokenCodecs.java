package dev.wirebench.codec.kit;

import com.example.outsider.ToyUserCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.User;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Deliberately broken codecs and the kit run against each; {@link ConformanceKitCatchesBrokenCodecsTest}
 * runs these classes and expects failures. Surefire never runs them itself (nested classes).
 */
final class BrokenCodecs {

    private BrokenCodecs() {
    }

    /** Encodes every field but the e-mail, which decodes as "". */
    static final class DropsAField extends ToyUserCodec {
        @Override
        protected String emailToWrite(User user) {
            return "";
        }
    }

    /** Round-trips correctly but its traverse skips the roles, as a lazy benchmark would. */
    static final class TraverseSkipsAField extends ToyUserCodec {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            User u = decode(src, offset, length);
            return Checksum.of(new User(u.id(), u.username(), u.email(), u.age(), u.active(), u.createdAt(), List.of()));
        }
    }

    /** Reads up to the buffer's limit instead of the length it is given, as a codec without its own bounds would. */
    static final class ReadsPastLength extends ToyUserCodec {
        @Override
        protected User decode(ByteBuffer src, int offset, int length) {
            return super.decode(src, offset, src.limit() - offset);
        }
    }

    /** Lets the library's raw exception escape instead of a CodecException. */
    static final class LeaksRawExceptions implements MessageCodec<User> {
        private final ToyUserCodec delegate = new ToyUserCodec();

        @Override
        public String format() {
            return "leaky";
        }

        @Override
        public MessageType<User> messageType() {
            return MessageType.USER;
        }

        @Override
        public int encode(User message, ByteBuffer dst) {
            return delegate.encode(message, dst);
        }

        @Override
        public User decode(ByteBuffer src, int length) {
            ByteBuffer in = src.slice(src.position(), length);
            in.getLong(); // BufferUnderflowException on a short buffer, not a CodecException
            return delegate.decode(src, length);
        }

        @Override
        public long traverse(ByteBuffer src, int length) {
            return delegate.traverse(src, length);
        }
    }

    static final class DropsAFieldContract extends MessageCodecContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new DropsAField());
        }
    }

    static final class TraverseSkipsAFieldContract extends MessageCodecContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new TraverseSkipsAField());
        }
    }

    static final class ReadsPastLengthContract extends MessageCodecContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new ReadsPastLength());
        }
    }

    static final class LeaksRawExceptionsContract extends MessageCodecContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new LeaksRawExceptions());
        }
    }
}
