package dev.wirebench.codecs.protobuf;

import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codec.message.TransformationStatus;
import dev.wirebench.codecs.protobuf.generated.TransformationOutputProto;
import dev.wirebench.codecs.protobuf.generated.TransformationProto;

import java.util.ArrayList;
import java.util.List;

import static dev.wirebench.codec.Checksum.SEED;
import static dev.wirebench.codec.Checksum.listStart;
import static dev.wirebench.codec.Checksum.mix;
import static dev.wirebench.codec.Checksum.string;
import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;

/**
 * {@link Transformation} (with its {@link TransformationOutput}s) ↔ {@link TransformationProto};
 * part of {@link InfrastructureExecutionMapping}.
 */
final class TransformationMapping {

    private TransformationMapping() {
    }

    static TransformationProto toProto(Transformation t) {
        TransformationProto.Builder b = TransformationProto.newBuilder()
                .setName(t.name())
                .setStatusValue(t.status().ordinal());
        if (t.startedAt() != 0) {
            b.setStartedAt(EpochNanos.toTimestamp(t.startedAt()));
        }
        if (t.finishedAt() != 0) {
            b.setFinishedAt(EpochNanos.toTimestamp(t.finishedAt()));
        }
        List<TransformationOutput> outputs = t.outputs();
        for (int i = 0; i < outputs.size(); i++) {
            TransformationOutput o = outputs.get(i);
            b.addOutputs(TransformationOutputProto.newBuilder()
                    .setName(o.name())
                    .setUri(o.uri())
                    .setSizeBytes(o.sizeBytes()));
        }
        return b.build();
    }

    static Transformation toRecord(TransformationProto p) {
        List<TransformationOutput> outputs = new ArrayList<>(p.getOutputsCount());
        for (int i = 0; i < p.getOutputsCount(); i++) {
            TransformationOutputProto o = p.getOutputs(i);
            outputs.add(new TransformationOutput(o.getName(), o.getUri(), o.getSizeBytes()));
        }
        return new Transformation(p.getName(), status(p), startedAt(p), finishedAt(p), outputs);
    }

    /** {@code Checksum.of(toRecord(p))}, without building the record. */
    static long checksum(TransformationProto p) {
        long h = SEED;
        h = mix(h, string(p.getName()));
        h = mix(h, status(p).ordinal());
        h = mix(h, startedAt(p));
        h = mix(h, finishedAt(p));
        long outputs = listStart(p.getOutputsCount());
        for (int i = 0; i < p.getOutputsCount(); i++) {
            outputs = mix(outputs, checksum(p.getOutputs(i)));
        }
        return mix(h, outputs);
    }

    private static long checksum(TransformationOutputProto o) {
        long h = SEED;
        h = mix(h, string(o.getName()));
        h = mix(h, string(o.getUri()));
        return mix(h, o.getSizeBytes());
    }

    // Validated reads, shared by toRecord and checksum so that decode and traverse reject the same bytes.

    private static TransformationStatus status(TransformationProto p) {
        return Ordinals.of(TRANSFORMATION_STATUSES, p.getStatusValue(), "TransformationProto.status");
    }

    private static long startedAt(TransformationProto p) {
        return EpochNanos.of(p.getStartedAt(), "TransformationProto.started_at");
    }

    private static long finishedAt(TransformationProto p) {
        return EpochNanos.of(p.getFinishedAt(), "TransformationProto.finished_at");
    }
}
