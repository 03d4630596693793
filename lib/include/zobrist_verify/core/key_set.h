// A set of keys with a name for each: what the key-set analyser (`keys`) and the collision study
// take, whatever game or table they come from (a chess scheme after its reduction, a bare key
// list, the Go table).
#pragma once

#include <string>
#include <vector>

#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

struct NamedKeySet {
  std::string name;                     // "polyglot", "file:my.keys", "go:19 xor", "key list k.txt"
  std::vector<Key> keys;                // in the order indices refer to
  std::vector<std::string> names;       // one a key, what it means: "white knight g1", "black K4"
  std::vector<std::string> reductions;  // how the set was drawn from its table, for the report
};

}  // namespace zobrist_verify
