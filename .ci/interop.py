"""Reads wirebench's bytes with other languages' own libraries: every fixture of every message, as `dump` writes it,
in jackson-json (Python's json), jackson-cbor (cbor2), msgpack (msgpack), avro (fastavro, with schemas/avro) and
thrift (Thrift's Python library, classes generated from schemas/thrift by the thrift compiler). Each decoded value
must equal the fixture as jackson-json gives it, field by field in record order: the JVM and the other reader agree.

usage: python interop.py JAVA JAR THRIFT_PY_DIR   (run from the repository root; THRIFT_PY_DIR holds
`thrift --gen py` output)
"""
import importlib
import io
import json
import subprocess
import sys
import tempfile

import cbor2
import fastavro
import msgpack

JAVA, JAR, THRIFT_PY = sys.argv[1:4]
sys.path.insert(0, THRIFT_PY)
from thrift.protocol import TCompactProtocol  # noqa: E402
from thrift.transport import TTransport  # noqa: E402

MESSAGES = {  # message -> (avro schema file, thrift module, thrift struct)
    "market-data": ("market_data", "wirebench.market_data.ttypes", "MarketDataThrift"),
    "user": ("user", "wirebench.user.ttypes", "UserThrift"),
    "order": ("order", "wirebench.order.ttypes", "OrderThrift"),
    "infra-execution": ("infrastructure_execution", "wirebench.infrastructure_execution.ttypes",
                        "InfrastructureExecutionThrift"),
}
FIXTURES = (2, 3)  # unicode and extremes: every string encoding and every number range (each dump is a JVM)


def dump(codec, sample, results):
    return subprocess.run([JAVA, "-jar", JAR, "dump", codec, "--sample", str(sample), "--results-dir", results],
                          check=True, capture_output=True).stdout


def same(expected, got, where):
    """expected: the record as JSON (objects keyed by component, enums by name); got: another reader's value, whose
    records may be positional (msgpack arrays, thrift structs) and whose enums may be ordinals."""
    if hasattr(got, "thrift_spec"):
        got = [getattr(got, spec[2]) for spec in got.thrift_spec if spec]
    if isinstance(expected, dict) and isinstance(got, list):
        expected = list(expected.values())
    if isinstance(expected, dict):
        if list(expected) != list(got) and sorted(expected) != sorted(got):
            raise AssertionError("%s: keys %s, expected %s" % (where, list(got), list(expected)))
        for key in expected:
            same(expected[key], got[key], "%s.%s" % (where, key))
    elif isinstance(expected, list):
        if len(expected) != len(got):
            raise AssertionError("%s: %d items, expected %d" % (where, len(got), len(expected)))
        for i, (e, g) in enumerate(zip(expected, got)):
            same(e, g, "%s[%d]" % (where, i))
    elif isinstance(expected, str) and isinstance(got, int) and not isinstance(got, bool):
        pass  # an enum: by name in JSON, by ordinal here (the JVM side checks ordinals against its enums)
    elif expected != got or type(expected) is bool and type(got) is not bool:
        raise AssertionError("%s: %r, expected %r" % (where, got, expected))


def main():
    named = {}
    fastavro.parse_schema(json.load(open("schemas/avro/Side.avsc")), named_schemas=named)
    checked = 0
    with tempfile.TemporaryDirectory() as results:
        for message, (avsc, module, struct) in MESSAGES.items():
            schema = fastavro.parse_schema(json.load(open("schemas/avro/%s.avsc" % avsc)), named_schemas=named)
            thrift_class = getattr(importlib.import_module(module), struct)
            for sample in FIXTURES:
                expected = json.loads(dump("jackson-json/" + message, sample, results))
                where = "%s sample %d" % (message, sample)
                same(expected, cbor2.loads(dump("jackson-cbor/" + message, sample, results)), "jackson-cbor " + where)
                same(expected, msgpack.unpackb(dump("msgpack/" + message, sample, results)), "msgpack " + where)
                avro = io.BytesIO(dump("avro/" + message, sample, results))
                same(expected, fastavro.schemaless_reader(avro, schema), "avro " + where)
                if avro.read():
                    raise AssertionError("avro %s: bytes left after the record" % where)
                value = thrift_class()
                transport = TTransport.TMemoryBuffer(dump("thrift/" + message, sample, results))
                value.read(TCompactProtocol.TCompactProtocol(transport))
                same(expected, value, "thrift " + where)
                checked += 1
    print("interop: %d fixtures read alike by Python's json, cbor2, msgpack, fastavro and thrift" % checked)


main()
