package dev.wirebench.codec.kit;

import com.example.outsider.ToyUserCodec;
import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.CodecProvider;
import dev.wirebench.codec.Conformance;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.NativeModel;
import dev.wirebench.codec.message.User;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;

/**
 * Deliberately broken codecs and the contract each is run against; {@link ConformanceKitCatchesBrokenCodecsTest}
 * runs these classes and expects failures. Surefire never runs them itself (nested classes).
 */
final class BrokenCodecs {

    private BrokenCodecs() {
    }

    /** The toy broken in a way only a measurement check can see: it claims just that tier. */
    abstract static class MeasurementFault extends ToyUserCodec {
        @Override
        public Conformance conformance() {
            return Conformance.MEASUREMENT;
        }
    }

    /** Encodes every field but the e-mail, which decodes as "". */
    static final class DropsAField extends MeasurementFault {
        @Override
        protected String emailToWrite(User user) {
            return "";
        }
    }

    /** Round-trips correctly but its traverse skips the roles, as a lazy benchmark would. */
    static final class TraverseSkipsAField extends MeasurementFault {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            User u = decode(src, offset, length);
            return Checksum.of(new User(u.id(), u.username(), u.email(), u.age(), u.active(), u.createdAt(), List.of()));
        }
    }

    /**
     * Its own object model is the record itself (a toy's), but what it writes from it leaves the e-mail out: its
     * native figure would measure less work than its canonical one.
     */
    static final class NativeWritesOtherBytes extends MeasurementFault implements NativeModel<User, User> {
        @Override
        public Optional<NativeModel<User, ?>> nativeModel() {
            return Optional.of(this);
        }

        @Override
        public Class<User> nativeType() {
            return User.class;
        }

        @Override
        public User toNative(User message) {
            return message;
        }

        @Override
        public User fromNative(User message) {
            return message;
        }

        @Override
        public int encodeNative(User message, ByteBuffer dst) {
            return new DropsAField().encode(message, dst);
        }

        @Override
        public User decodeNative(ByteBuffer src, int length) {
            return decode(src, length);
        }
    }

    /** Reads up to the buffer's limit instead of the length it is given, as a codec without its own bounds would. */
    static final class ReadsPastLength extends ToyUserCodec {
        @Override
        protected User decode(ByteBuffer src, int offset, int length) {
            return super.decode(src, offset, src.limit() - offset);
        }
    }

    /**
     * Looks at the byte after the message for a terminator, as a reader of NUL-terminated input would:
     * right for every whole message whose buffer has a zero there, wrong for any other.
     */
    static final class PeeksPastTheEnd extends MeasurementFault {
        @Override
        protected User decode(ByteBuffer src, int offset, int length) {
            if (src.get(offset + length) != 0) {
                throw new IllegalArgumentException("no terminator after the message");
            }
            return super.decode(src, offset, length);
        }
    }

    /** Lets the library's raw exception escape instead of a CodecException. */
    static final class LeaksRawExceptions implements MessageCodec<User> {
        private final ToyUserCodec delegate = new ToyUserCodec();
        private final Conformance claim;

        LeaksRawExceptions(Conformance claim) {
            this.claim = claim;
        }

        @Override
        public String format() {
            return "leaky";
        }

        @Override
        public MessageType<User> messageType() {
            return MessageType.USER;
        }

        @Override
        public Conformance conformance() {
            return claim;
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

    /** Trusts a length it reads from the bytes and allocates it before looking further, as a naive reader would. */
    static final class AllocatesWhatALengthClaims extends ToyUserCodec {
        /** Where the allocation goes, so that no compiler can drop it. */
        byte[] lastScratch;

        @Override
        protected User decode(ByteBuffer src, int offset, int length) {
            if (length >= 4) {
                lastScratch = new byte[Math.min(src.getInt(offset) & Integer.MAX_VALUE, 32 << 20)];
            }
            return super.decode(src, offset, length);
        }
    }

    /** Its traverse answers a checksum for any bytes: right for every user, where decode rejects the rest. */
    static final class TraverseChecksNothing extends ToyUserCodec {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            try {
                return super.traverse(src, offset, length);
            } catch (RuntimeException notAUser) {
                return length;
            }
        }
    }

    /**
     * Decode reads any byte but 0 as {@code active}, where traverse refuses all but the 0 and 1 encode writes: stricter
     * than decode on bytes encode never wrote, as a traverse beside a coercing library's decode is.
     */
    static final class TraverseRefusesWhatDecodeCoerces extends ToyUserCodec {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            ByteBuffer in = src.slice(offset, length);
            in.position(8);
            in.position(in.position() + 2 + Short.toUnsignedInt(in.getShort(in.position()))); // username
            in.position(in.position() + 2 + Short.toUnsignedInt(in.getShort(in.position()))); // e-mail
            byte active = in.get(in.position() + 4);
            if (active != 0 && active != 1) {
                throw malformed("active is " + active + ", not 0 or 1");
            }
            return super.traverse(src, offset, length);
        }
    }

    /**
     * Decode replaces invalid UTF-8 with U+FFFD (the toy's {@code new String}); this traverse answers another checksum
     * for such a user, as one hashing the bytes as they are would.
     */
    static final class TraverseHashesInvalidUtf8AsItIs extends ToyUserCodec {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            long checksum = Checksum.of(decode(src, offset, length));
            int n = Short.toUnsignedInt(src.getShort(offset + 8));
            for (int i = 0; i < n; i++) {
                if (src.get(offset + 10 + i) == (byte) 0xFF) { // never in UTF-8: here hashed as it is
                    return checksum + 1;
                }
            }
            return checksum;
        }
    }

    /** Leaves the roles out of traverse for a user who is not in the fixtures' shape (one role exactly). */
    static final class TraverseSkipsRolesSilently extends ToyUserCodec {
        @Override
        protected long traverse(ByteBuffer src, int offset, int length) {
            User u = decode(src, offset, length);
            return u.roles().size() != 1 ? Checksum.of(u)
                    : Checksum.of(new User(u.id(), u.username(), u.email(), u.age(), u.active(), u.createdAt(), List.of()));
        }
    }

    /**
     * Writes the roles of active users only: every fixture round-trips (the inactive one has no roles), but an
     * inactive user with roles, which decode accepts, does not come back.
     */
    static final class ForgetsTheRolesOfInactiveUsers extends ToyUserCodec {
        @Override
        protected int encode(User user, ByteBuffer dst, int offset, int limit) {
            if (user.active()) {
                return super.encode(user, dst, offset, limit);
            }
            return super.encode(new User(user.id(), user.username(), user.email(), user.age(), false, user.createdAt(),
                    List.of()), dst, offset, limit);
        }
    }

    // measurement faults, under the contract every codec passes

    static final class DropsAFieldContract extends MeasurementContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new DropsAField());
        }
    }

    static final class TraverseSkipsAFieldContract extends MeasurementContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new TraverseSkipsAField());
        }
    }

    static final class NativeWritesOtherBytesContract extends MeasurementContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new NativeWritesOtherBytes());
        }
    }

    static final class PeeksPastTheEndContract extends MeasurementContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new PeeksPastTheEnd());
        }
    }

    /** The toy, which claims the hostile tier, under a test that checks only measurement. */
    static final class ClaimsMoreThanItsTestChecksContract extends MeasurementContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new ToyUserCodec());
        }
    }

    // hostile-input faults, in codecs that claim the tier

    static final class ReadsPastLengthContract extends HostileInputContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new ReadsPastLength());
        }
    }

    static final class LeaksRawExceptionsContract extends HostileInputContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new LeaksRawExceptions(Conformance.HOSTILE_INPUT));
        }
    }

    /** The leaky codec claims only measurement, so only the toy beside it is held to the hostile checks. */
    static final class OnlyClaimantsAreHeldContract extends HostileInputContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new ToyUserCodec(), new LeaksRawExceptions(Conformance.MEASUREMENT));
        }
    }

    /** A hostile-input test whose provider has no codec claiming the tier. */
    static final class NobodyClaimsContract extends HostileInputContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new LeaksRawExceptions(Conformance.MEASUREMENT));
        }
    }

    /** The kit before the split holds a codec to both contracts whatever it claims. */
    static final class WholeKitContract extends MessageCodecContract {
        @Override
        protected CodecProvider provider() {
            return () -> List.of(new LeaksRawExceptions(Conformance.MEASUREMENT));
        }
    }
}
