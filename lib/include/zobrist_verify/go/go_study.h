// What Huima's hash leaves of the key space on symmetric positions: a position fixed by a
// transform x has a key fixed by the byte permutation Z_x, so symmetric positions share far fewer
// than 2^64 keys, in xor and in add mode alike (docs/go-hash.md, "What add mode still leaves").
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "zobrist_verify/go/go_hash.h"

namespace zobrist_verify {

enum class GoStudySymmetry : std::uint8_t {
  None,         // any position: the control row
  HalfTurn,     // fixed by rho^2
  Mirror,       // fixed by mu
  QuarterTurn,  // fixed by rho (so by rho^2 and rho^3)
  Full,         // fixed by all eight rotations and mirrors
};
const char* to_string(GoStudySymmetry symmetry);
std::vector<GoStudySymmetry> all_go_study_symmetries();
// The transforms a symmetric position is fixed by (identity included).
std::vector<GoSymmetry> go_study_group(GoStudySymmetry symmetry);

struct GoStudyRow {
  int positions = 0;  // distinct positions sampled
  int distinct_keys = 0;
  int zero_keys = 0;              // positions (other than the empty board) whose key is 0
  long long colliding_pairs = 0;  // pairs of different positions with one key
  int key_space_bits = 64;        // the bits of the keys Z_x leaves fixed: 8 * byte classes
};

// The memory a study takes grows by this much a sample (positions are replayed, not kept), on
// top of a few kilobytes for the board's orbits.
constexpr std::size_t GoStudyBytesPerSample = 24;

// Samples `samples` random positions fixed by the symmetry's group (each orbit of points empty,
// black or white with chances 1/2, 1/4, 1/4; drawn from xorshift64* seeded with `seed`) and counts.
// Memory: GoStudyBytesPerSample a sample, whatever the board size.
// `progress`, if given, is told the samples drawn so far every 65,536 samples.
GoStudyRow study_symmetric_positions(const GoKeyTable& table, GoCombine mode,
                                     GoStudySymmetry symmetry, int samples, std::uint64_t seed,
                                     const std::function<void(int drawn)>& progress = {});

}  // namespace zobrist_verify
