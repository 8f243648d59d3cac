package dev.wirebench.codecs.fory;

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

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Fory type ids of the canonical records and enums: fixed numbers in Fory's user id space, the
 * same in both formats and for every message, so that the bytes do not depend on the order in which
 * a codec registers its classes, and a peer in another language registers the same ids
 * ({@code fory-xlang}). Each codec registers exactly the classes its message holds: a class it does
 * not know is refused on decode ({@code requireClassRegistration(true)}).
 */
final class ForyTypes {

    /** Every id, for the tests: one number per class, never reused. */
    static final Map<Class<?>, Integer> IDS = ids();

    private ForyTypes() {
    }

    private static Map<Class<?>, Integer> ids() {
        Map<Class<?>, Integer> ids = new LinkedHashMap<>();
        // records
        ids.put(MarketData.class, 1);
        ids.put(BookEntry.class, 2);
        ids.put(User.class, 3);
        ids.put(Order.class, 4);
        ids.put(InfrastructureExecution.class, 5);
        ids.put(Approval.class, 6);
        ids.put(UserInfo.class, 7);
        ids.put(Transformation.class, 8);
        ids.put(TransformationOutput.class, 9);
        // enums
        ids.put(Side.class, 20);
        ids.put(EntryType.class, 21);
        ids.put(OrdType.class, 22);
        ids.put(TimeInForce.class, 23);
        ids.put(ExecutionStatus.class, 24);
        ids.put(TriggerType.class, 25);
        ids.put(ApprovalDecision.class, 26);
        ids.put(TransformationStatus.class, 27);
        return Map.copyOf(ids);
    }

    /** The classes a message of {@code type} holds, message record first; the rest are strings, lists and maps. */
    static List<Class<?>> of(MessageType<?> type) {
        if (type == MessageType.MARKET_DATA) {
            return List.of(MarketData.class, BookEntry.class, Side.class, EntryType.class);
        } else if (type == MessageType.USER) {
            return List.of(User.class);
        } else if (type == MessageType.ORDER) {
            return List.of(Order.class, Side.class, OrdType.class, TimeInForce.class);
        } else if (type == MessageType.INFRA_EXECUTION) {
            return List.of(InfrastructureExecution.class, ExecutionStatus.class, TriggerType.class,
                    Approval.class, UserInfo.class, ApprovalDecision.class,
                    Transformation.class, TransformationStatus.class, TransformationOutput.class);
        }
        throw new IllegalArgumentException("no Fory types for " + type);
    }

    /** The fixed id of {@code type}. */
    static int id(Class<?> type) {
        Integer id = IDS.get(type);
        if (id == null) {
            throw new IllegalArgumentException("no Fory type id for " + type.getName());
        }
        return id;
    }
}
