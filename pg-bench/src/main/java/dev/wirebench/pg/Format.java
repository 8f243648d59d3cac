package dev.wirebench.pg;

import dev.wirebench.codec.Codecs;
import dev.wirebench.codec.MessageCodec;
import dev.wirebench.codec.MessageType;
import dev.wirebench.codec.message.InfrastructureExecution;

/** The two ways the benchmark stores an {@code InfrastructureExecution}: its codec, table and column type. */
enum Format {
    /** Protobuf's binary wire format in a BYTEA column. */
    BINARY("protobuf/infra-execution", "infra_exec_binary", "bytea"),
    /** Protobuf's JSON mapping in a JSONB column. */
    JSON("protobuf-json/infra-execution", "infra_exec_json", "jsonb");

    private final String codecName;
    private final String table;
    private final String columnType;

    Format(String codecName, String table, String columnType) {
        this.codecName = codecName;
        this.table = table;
        this.columnType = columnType;
    }

    String codecName() {
        return codecName;
    }

    String table() {
        return table;
    }

    String columnType() {
        return columnType;
    }

    /** How the results name it: {@code protobuf BYTEA}, {@code protobuf-JSON JSONB}. */
    String label() {
        return this == BINARY ? "protobuf BYTEA" : "protobuf-JSON JSONB";
    }

    /** A new codec instance from the registry; the registry must hold codecs-protobuf. */
    @SuppressWarnings("unchecked")
    MessageCodec<InfrastructureExecution> codec(Codecs codecs) {
        MessageCodec<?> codec;
        try {
            codec = codecs.create(codecName);
        } catch (IllegalArgumentException e) {
            throw new PgException("codec " + codecName + " is not on the class path (codecs-protobuf provides it): "
                    + e.getMessage(), e);
        }
        if (codec.messageType() != MessageType.INFRA_EXECUTION) {
            throw new PgException("codec " + codecName + " carries " + codec.messageType().id()
                    + ", not infra-execution");
        }
        return (MessageCodec<InfrastructureExecution>) codec;
    }
}
