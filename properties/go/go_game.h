// Huima's Go hash (lib go_hash.h) plugged into the generic game suite: a hash under test, its
// session (stones placed and removed by generated choices), the 16 symmetries as equivalences and
// positions made to differ, with the xor mode's documented zero sets declared as known anomalies.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/game_suite.h"
#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify::properties::games {

// A Go hash as the properties see it: its two key paths.
struct GoHashUnderTest {
  std::string name;  // "go:19 xor"
  int size = GoDefaultSize;
  GoCombine mode = GoCombine::Xor;  // xor: the axis rings and full orbits are known zero sets
  // The construction's collisions (is_structural_collision) are not failures; false in tests
  // that show the properties would find them.
  bool anomalies_declared = true;
  std::function<Key(const GoBoard&)> full_key;
  // The key after `stone` is put on (placed) or taken off `point`.
  std::function<Key(Key key, GoPoint point, GoStone stone, bool placed)> update;
};

// The library's table, go_full_key and go_combine / go_uncombine.
GoHashUnderTest reference_go_hash(std::shared_ptr<const GoKeyTable> table, GoCombine mode);
// A hash over any stone-key function combined as `mode`: broken tables in tests.
GoHashUnderTest go_hash_from_keys(std::string name, int size, GoCombine mode,
                                  std::function<Key(GoStone, GoPoint)> stone_key);
GameTarget go_target(GoHashUnderTest hash);

// Whether the stones in which `a` and `b` differ make whole orbits under the half turn and the two
// diagonal mirrors (rings of four axis points, halves of generic orbits of eight), each of one
// colour: the sets whose keys XOR to zero by construction (docs/go-hash.md).
bool is_xor_zero_set_difference(const GoBoard& a, const GoBoard& b);

// Whether `a` and `b` differ only by swaps, each of one colour, of a half-turn pair {p, half turn
// of p} for the diagonal mirror images of p (p off the diagonals): pairs whose byte-wise sums are
// equal by construction, so that add mode gives both boards one key (docs/go-hash.md).
bool is_add_swap_difference(const GoBoard& a, const GoBoard& b);

// Whether the hash of `mode` gives `a` and `b` one key by construction: the xor zero sets, or the
// add mode's swaps.
bool is_structural_collision(GoCombine mode, const GoBoard& a, const GoBoard& b);

}  // namespace zobrist_verify::properties::games
