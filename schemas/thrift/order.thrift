// The fields of a FIX NewOrderSingle (35=D).
//
// Structs end in "Thrift" so that Java code mapping them to the canonical records of the same
// name reads without fully qualified names. Default requiredness: every field is always written.

include "common.thrift"

namespace java dev.wirebench.codecs.thrift.generated
namespace py wirebench.order

struct OrderThrift {
  1: string clOrdId,            // ClOrdID (11)
  2: string account,            // Account (1)
  3: string symbol,             // Symbol (55)
  4: common.Side side,          // Side (54)
  5: i64 orderQty,              // OrderQty (38)
  6: OrdType ordType,           // OrdType (40)
  7: double price,              // Price (44); any finite double, -0.0 included
  8: TimeInForce timeInForce,   // TimeInForce (59)
  9: i64 transactTime,          // TransactTime (60), epoch nanoseconds
}

// FIX OrdType (40).
enum OrdType {
  MARKET = 0,
  LIMIT = 1,
  STOP = 2,
  STOP_LIMIT = 3,
}

// FIX TimeInForce (59).
enum TimeInForce {
  DAY = 0,
  GOOD_TILL_CANCEL = 1,
  IMMEDIATE_OR_CANCEL = 2,
  FILL_OR_KILL = 3,
  GOOD_TILL_DATE = 4,
}
