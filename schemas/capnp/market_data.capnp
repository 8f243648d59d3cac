# A market data incremental refresh: the binary-proto-suite reference message.
@0x8a7cfea50d985105;

using Java = import "java.capnp";
$Java.package("dev.wirebench.codecs.capnp.generated");
$Java.outerClassname("MarketDataSchema");

using Common = import "common.capnp";

struct MarketData {
  instrumentId @0 :Int64;
  symbol @1 :Text;
  sequenceNumber @2 :Int64;
  timestamp @3 :Int64;          # epoch nanoseconds
  entries @4 :List(BookEntry);
}

struct BookEntry {
  price @0 :Int64;              # mantissa, implied exponent -9
  quantity @1 :Int64;
  side @2 :Common.Side;
  level @3 :UInt8;              # 0..255, the record's whole range
  entryType @4 :EntryType;
}

enum EntryType {
  new @0;
  change @1;
  delete @2;
  trade @3;
}
