package dev.wirebench.codec.message;

import java.io.Serializable;
/**
 * An artefact a transformation produced.
 *
 * @param name      output name
 * @param uri       where it was stored
 * @param sizeBytes its size
 */
public record TransformationOutput(String name, String uri, long sizeBytes) implements Serializable {

    public TransformationOutput {
        Fields.require(name, "name");
        Fields.require(uri, "uri");
    }
}
