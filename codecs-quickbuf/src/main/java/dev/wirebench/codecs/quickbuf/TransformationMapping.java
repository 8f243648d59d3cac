package dev.wirebench.codecs.quickbuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codecs.quickbuf.UnknownFields.EnumField;
import dev.wirebench.codecs.quickbuf.generated.TransformationOutputProto;
import dev.wirebench.codecs.quickbuf.generated.TransformationProto;
import us.hebi.quickbuf.RepeatedMessage;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;

/**
 * {@link Transformation} (with its {@link TransformationOutput}s) ↔ {@link TransformationProto};
 * part of {@link InfrastructureExecutionMapping}, whose scratch state it uses.
 */
final class TransformationMapping {

    private static final EnumField[] ENUMS = {
            new EnumField(2, "TransformationProto.status", TRANSFORMATION_STATUSES.length)};

    private TransformationMapping() {
    }

    /** Sets {@code p}, a cleared element, from {@code t}. */
    static void fill(TransformationProto p, Transformation t) {
        if (!t.name().isEmpty()) {
            p.setName(t.name());
        }
        if (t.status().ordinal() != 0) {
            p.setStatusValue(t.status().ordinal());
        }
        if (t.startedAt() != 0) {
            EpochNanos.fill(p.getMutableStartedAt(), t.startedAt());
        }
        if (t.finishedAt() != 0) {
            EpochNanos.fill(p.getMutableFinishedAt(), t.finishedAt());
        }
        List<TransformationOutput> outputs = t.outputs();
        if (!outputs.isEmpty()) {
            RepeatedMessage<TransformationOutputProto> store = p.getMutableOutputs();
            for (int i = 0; i < outputs.size(); i++) {
                TransformationOutput o = outputs.get(i);
                TransformationOutputProto out = store.next();
                if (!o.name().isEmpty()) {
                    out.setName(o.name());
                }
                if (!o.uri().isEmpty()) {
                    out.setUri(o.uri());
                }
                if (o.sizeBytes() != 0) {
                    out.setSizeBytes(o.sizeBytes());
                }
            }
        }
    }

    static Transformation toRecord(TransformationProto p, UnknownFields unknown) {
        unknown.check(p, ENUMS);
        RepeatedMessage<TransformationOutputProto> store = p.getOutputs();
        List<TransformationOutput> outputs = new ArrayList<>(store.length());
        for (int i = 0; i < store.length(); i++) {
            TransformationOutputProto o = store.get(i);
            unknown.note(o);
            outputs.add(new TransformationOutput(o.getName(), o.getUri(), o.getSizeBytes()));
        }
        return new Transformation(p.getName(), status(p), startedAt(p, unknown), finishedAt(p, unknown), outputs);
    }

    static long checksum(TransformationProto p, UnknownFields unknown, Utf8Hash strings) {
        unknown.check(p, ENUMS);
        long h = SEED;
        h = mix(h, strings.of(p.getNameBytes()));
        h = mix(h, status(p).ordinal());
        h = mix(h, startedAt(p, unknown));
        h = mix(h, finishedAt(p, unknown));
        RepeatedMessage<TransformationOutputProto> store = p.getOutputs();
        long outputs = listStart(store.length());
        for (int i = 0; i < store.length(); i++) {
            TransformationOutputProto o = store.get(i);
            unknown.note(o);
            long oh = SEED;
            oh = mix(oh, strings.of(o.getNameBytes()));
            oh = mix(oh, strings.of(o.getUriBytes()));
            outputs = mix(outputs, mix(oh, o.getSizeBytes()));
        }
        return mix(h, outputs);
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static TransformationStatus status(TransformationProto p) {
        return Ordinals.of(TRANSFORMATION_STATUSES, p.getStatusValue(), "TransformationProto.status");
    }

    private static long startedAt(TransformationProto p, UnknownFields unknown) {
        return EpochNanos.of(p.getStartedAt(), "TransformationProto.started_at", unknown);
    }

    private static long finishedAt(TransformationProto p, UnknownFields unknown) {
        return EpochNanos.of(p.getFinishedAt(), "TransformationProto.finished_at", unknown);
    }
}
