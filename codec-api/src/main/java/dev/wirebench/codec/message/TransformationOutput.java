package dev.wirebench.codec.message;

/**
 * An artefact a transformation produced.
 *
 * @param name      output name
 * @param uri       where it was stored
 * @param sizeBytes its size
 */
public record TransformationOutput(String name, String uri, long sizeBytes) {

    public TransformationOutput {
        Fields.require(name, "name");
        Fields.require(uri, "uri");
    }
}
