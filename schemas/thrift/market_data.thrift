// A market data incremental refresh: the binary-proto-suite reference message.
//
// Structs end in "Thrift" so that Java code mapping them to the canonical records of the same
// name (dev.wirebench.codec.message) reads without fully qualified names; the compact protocol
// carries field ids and types, never names.
//
// Every field has default requiredness: the writer always writes it (the mapping sets every
// one, and primitives are written whether set or not), and a reader takes a message without it,
// which decode then rejects (see codecs-thrift/README.md). The compact protocol writes every
// integer as a zig-zag varint; it has no fixed-width integer.

include "common.thrift"

namespace java dev.wirebench.codecs.thrift.generated
namespace py wirebench.market_data

struct MarketDataThrift {
  // exchange security id
  1: i64 instrumentId,
  2: string symbol,
  3: i64 sequenceNumber,
  // exchange time, epoch nanoseconds (~2^61 today: 9 bytes as a zig-zag varint)
  4: i64 timestamp,
  5: list<BookEntryThrift> entries,
}

struct BookEntryThrift {
  // price mantissa, implied exponent -9; may be negative (spreads, WTI in April 2020)
  1: i64 price,
  2: i64 quantity,
  3: common.Side side,
  // price level 0..255: i16, since Thrift's byte is signed; decoding rejects anything else
  4: i16 level,
  5: EntryType entryType,
}

// What an entry does to the book (MDUpdateAction).
enum EntryType {
  NEW = 0,
  CHANGE = 1,
  DELETE = 2,
  TRADE = 3,
}
