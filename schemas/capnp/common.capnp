# Types shared by more than one wirebench message.
#
# Enumerant ordinals equal the ordinals of the Java records' enums in codec-api
# (dev.wirebench.codec.message): capnp numbers enumerants in declaration order, so the order
# below is the contract (CapnpSchemaEnumsTest holds it). capnpc-java names the Java constants
# in upper snake case (buy -> BUY), the records' own names.
@0xb1f43e6eeb160a1f;

using Java = import "java.capnp";
$Java.package("dev.wirebench.codecs.capnp.generated");
$Java.outerClassname("CommonSchema");

# Book side of a market data entry, side of an order (FIX tag 54 values 1 and 2).
enum Side {
  buy @0;
  sell @1;
}
