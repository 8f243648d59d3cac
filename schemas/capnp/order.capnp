# The fields of a FIX NewOrderSingle (35=D).
@0xaf2afd8ccb75d648;

using Java = import "java.capnp";
$Java.package("dev.wirebench.codecs.capnp.generated");
$Java.outerClassname("OrderSchema");

using Common = import "common.capnp";

struct Order {
  clOrdId @0 :Text;
  account @1 :Text;
  symbol @2 :Text;
  side @3 :Common.Side;
  orderQty @4 :Int64;
  ordType @5 :OrdType;
  # No default: capnp stores a field XORed with its default, so with the default 0 the wire
  # holds the IEEE bits as they are and -0.0 round-trips. Decode rejects NaN and infinities.
  price @6 :Float64;
  timeInForce @7 :TimeInForce;
  transactTime @8 :Int64;       # epoch nanoseconds
}

enum OrdType {
  market @0;
  limit @1;
  stop @2;
  stopLimit @3;
}

enum TimeInForce {
  day @0;
  goodTillCancel @1;
  immediateOrCancel @2;
  fillOrKill @3;
  goodTillDate @4;
}
