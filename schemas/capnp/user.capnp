# A user account: the SerializationHarness reference message.
@0xeb794aaea67293bb;

using Java = import "java.capnp";
$Java.package("dev.wirebench.codecs.capnp.generated");
$Java.outerClassname("UserSchema");

struct User {
  id @0 :Int64;
  username @1 :Text;
  email @2 :Text;
  age @3 :Int32;
  active @4 :Bool;
  createdAt @5 :Int64;          # epoch milliseconds
  roles @6 :List(Text);
}
