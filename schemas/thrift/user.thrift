// A user account: the SerializationHarness reference message.
//
// Structs end in "Thrift" so that Java code mapping them to the canonical records of the same
// name reads without fully qualified names. Default requiredness: every field is always written.

namespace java dev.wirebench.codecs.thrift.generated
namespace py wirebench.user

struct UserThrift {
  1: i64 id,
  2: string username,
  3: string email,
  4: i32 age,
  5: bool active,
  // epoch milliseconds
  6: i64 createdAt,
  // granted roles in grant order
  7: list<string> roles,
}
