package dev.wirebench.codecs.colfer;

import dev.wirebench.codec.Checksum;
import dev.wirebench.codec.Ordinals;
import dev.wirebench.codec.message.Transformation;
import dev.wirebench.codec.message.TransformationOutput;
import dev.wirebench.codecs.colfer.generated.TransformationColfer;
import dev.wirebench.codecs.colfer.generated.TransformationOutputColfer;

import java.util.List;

import static dev.wirebench.codec.Ordinals.TRANSFORMATION_STATUSES;

/** {@link Transformation} ↔ {@link TransformationColfer}, with its outputs: part of {@link InfrastructureExecutionMapping}. */
final class TransformationMapping {

    private TransformationMapping() {
    }

    static void fill(TransformationColfer w, Transformation t) {
        w.name = t.name();
        w.status = (byte) t.status().ordinal();
        w.startedAt = t.startedAt();
        w.finishedAt = t.finishedAt();
        List<TransformationOutput> outputs = t.outputs();
        TransformationOutputColfer[] wire = ColferArrays.resize(w.outputs, outputs.size(), TransformationOutputColfer::new);
        for (int i = 0; i < wire.length; i++) {
            TransformationOutput o = outputs.get(i);
            TransformationOutputColfer out = wire[i];
            out.name = o.name();
            out.uri = o.uri();
            out.sizeBytes = o.sizeBytes();
        }
        w.outputs = wire;
    }

    static Transformation toRecord(TransformationColfer w) {
        TransformationOutputColfer[] wire = w.outputs;
        TransformationOutput[] outputs = new TransformationOutput[wire.length];
        for (int i = 0; i < wire.length; i++) {
            outputs[i] = new TransformationOutput(wire[i].name, wire[i].uri, wire[i].sizeBytes);
        }
        return new Transformation(w.name,
                Ordinals.of(TRANSFORMATION_STATUSES, w.status & 0xFF, "TransformationColfer.status"), w.startedAt,
                w.finishedAt, List.of(outputs));
    }

    static long checksum(TransformationColfer w) {
        long h = Checksum.SEED;
        h = Checksum.mix(h, Checksum.string(w.name));
        h = Checksum.mix(h,
                Ordinals.check(w.status & 0xFF, TRANSFORMATION_STATUSES.length, "TransformationColfer.status"));
        h = Checksum.mix(h, w.startedAt);
        h = Checksum.mix(h, w.finishedAt);
        TransformationOutputColfer[] wire = w.outputs;
        long outputs = Checksum.listStart(wire.length);
        for (TransformationOutputColfer o : wire) {
            long out = Checksum.SEED;
            out = Checksum.mix(out, Checksum.string(o.name));
            out = Checksum.mix(out, Checksum.string(o.uri));
            outputs = Checksum.mix(outputs, Checksum.mix(out, o.sizeBytes));
        }
        return Checksum.mix(h, outputs);
    }
}
