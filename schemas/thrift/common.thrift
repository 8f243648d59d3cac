// Types shared by more than one wirebench message.
//
// Enum values equal the ordinals of the Java records' enums in codec-api
// (dev.wirebench.codec.message), so that the first value is the first record constant and
// mapping by value needs no lookup table. Thrift scopes enum values by their enum in every
// language it generates, so the values keep the records' names without a prefix.

namespace java dev.wirebench.codecs.thrift.generated
namespace py wirebench.common

// Book side of a market data entry, side of an order (FIX tag 54 values 1 and 2).
enum Side {
  BUY = 0,
  SELL = 1,
}
