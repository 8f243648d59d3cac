package dev.wirebench.codecs.kryo;

import com.esotericsoftware.kryo.Kryo;
import dev.wirebench.codec.Ordinals;
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

import java.util.Arrays;
import java.util.List;

/**
 * How every codec of this module configures its {@link Kryo}: registration required, references off, and
 * every class the four messages hold registered under a fixed id. The ids are the schema of the format:
 * Kryo writes a class as its id wherever a field's declared type does not fix it (the records' list and map
 * fields, and the element class of a list), so a reader must register the same classes under the same ids.
 * Ids 0 to 8 are Kryo's own (the primitives and {@code String}); these start at {@value #FIRST_ID}.
 */
final class KryoSetup {

    static final int FIRST_ID = 10;

    /** {@code ImmutableCollections$List12}: what {@code List.copyOf} returns for one or two elements. */
    static final Class<?> LIST_12 = List.copyOf(Arrays.asList(1)).getClass();
    /** {@code ImmutableCollections$ListN}: what {@code List.copyOf} returns for none, or three and more. */
    static final Class<?> LIST_N = List.copyOf(Arrays.asList(1, 2, 3)).getClass();

    private KryoSetup() {
    }

    /** A new, configured {@link Kryo}: cheap to build, as nothing is serialised or looked up by reflection yet. */
    static Kryo newKryo() {
        Kryo kryo = new Kryo();
        kryo.setRegistrationRequired(true);
        kryo.setReferences(false);
        int id = FIRST_ID;
        // the records: Kryo's RecordSerializer, its default serializer for a java.lang.Record
        kryo.register(MarketData.class, id++);
        kryo.register(BookEntry.class, id++);
        kryo.register(User.class, id++);
        kryo.register(Order.class, id++);
        kryo.register(InfrastructureExecution.class, id++);
        kryo.register(Approval.class, id++);
        kryo.register(UserInfo.class, id++);
        kryo.register(Transformation.class, id++);
        kryo.register(TransformationOutput.class, id++);
        // the enums: Kryo's EnumSerializer bytes, read through Ordinals
        kryo.register(Side.class, new OrdinalSerializer<>(Ordinals.SIDES), id++);
        kryo.register(EntryType.class, new OrdinalSerializer<>(Ordinals.ENTRY_TYPES), id++);
        kryo.register(OrdType.class, new OrdinalSerializer<>(Ordinals.ORD_TYPES), id++);
        kryo.register(TimeInForce.class, new OrdinalSerializer<>(Ordinals.TIMES_IN_FORCE), id++);
        kryo.register(ExecutionStatus.class, new OrdinalSerializer<>(Ordinals.EXECUTION_STATUSES), id++);
        kryo.register(TriggerType.class, new OrdinalSerializer<>(Ordinals.TRIGGER_TYPES), id++);
        kryo.register(ApprovalDecision.class, new OrdinalSerializer<>(Ordinals.APPROVAL_DECISIONS), id++);
        kryo.register(TransformationStatus.class, new OrdinalSerializer<>(Ordinals.TRANSFORMATION_STATUSES), id++);
        // the collections the records hold: Kryo's JdkImmutableListSerializer (its default for these
        // classes) and, as Kryo has none that reads Collections$UnmodifiableMap back, one of this module
        kryo.register(LIST_12, id++);
        kryo.register(LIST_N, id++);
        kryo.register(UnmodifiableMapSerializer.TYPE, new UnmodifiableMapSerializer(kryo), id++);
        return kryo;
    }
}
