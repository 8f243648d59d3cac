package dev.wirebench.codec.message;

import java.io.Serializable;
import java.util.List;

/**
 * One step of an execution.
 *
 * @param name       step name
 * @param status     step state
 * @param startedAt  epoch nanoseconds
 * @param finishedAt epoch nanoseconds (0 while running)
 * @param outputs    artefacts in production order (unmodifiable)
 */
public record Transformation(String name, TransformationStatus status, long startedAt, long finishedAt,
                             List<TransformationOutput> outputs) implements Serializable {

    public Transformation {
        Fields.require(name, "name");
        Fields.require(status, "status");
        outputs = Fields.copy(outputs, "outputs");
    }
}
