// The collision study: how often the keys of distinct positions collide once truncated, against
// the birthday bound, in the three ways engines truncate them. Method and thresholds:
// docs/statistics.md.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/analysis/statistics.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

enum class TruncationMode : std::uint8_t {
  Low,         // "low": the low b bits
  High,        // "high": the high b bits
  TableSplit,  // "tt": 2^(b-16) entries indexed by the low b-16 bits, a 16-bit check from the top
};
inline constexpr TruncationMode EveryTruncationMode[] = {TruncationMode::Low, TruncationMode::High,
                                                         TruncationMode::TableSplit};
const char* to_string(TruncationMode mode);
// The value a key keeps at `bits` bits (1 to 64; 16 to 64 for TableSplit).
Key truncate_key(Key key, TruncationMode mode, int bits);

// Collisions at every width 0..64 at once: counts[b] is n minus the number of distinct values
// truncate_key(key, mode, b) takes (for TableSplit, meaningful from b = 16). One sort of n keys,
// in blocks shared among `threads` threads; 16 bytes a key besides `keys`, whatever the threads.
using CollisionCounts = std::array<std::uint64_t, 65>;
CollisionCounts count_collisions(std::span<const Key> keys, TruncationMode mode, int threads = 1);

struct WidthVerdict {
  int bits = 0;
  TruncationMode mode = TruncationMode::Low;
  double expected = 0;  // SMHasher3's estimator
  std::uint64_t actual = 0;
  double ratio = 0;  // actual / expected
  double p_value = 1;
  PValueMethod method = PValueMethod::Poisson;
  bool passed = true;    // p_value > FailPValue
  bool warning = false;  // passed, and p_value <= WarnPValue
};

// Judges the keys of n distinct items at widths low..high in the three modes (TableSplit from 16),
// one mode after the other, each counted on `threads` threads.
std::vector<WidthVerdict> judge_collisions(std::span<const Key> keys, int low_bits, int high_bits,
                                           int threads = 1);

struct CollisionStudyOptions {
  std::uint64_t positions = 1'000'000;
  int low_bits = 16;
  int high_bits = 40;
  std::uint64_t seed = 0x636F'6C6C'6973'696FULL;
  // Threads that play the games and sort them (--jobs); the study is the same for every count.
  int threads = 1;
  // Called by one thread at a time now and then: the stage ("positions", "deduplicating",
  // "counting"), work done (by all threads) and work in all.
  std::function<void(std::string_view stage, std::uint64_t done, std::uint64_t total)> progress;
};

struct CollisionStudy {
  std::uint64_t positions = 0;  // distinct positions studied
  std::uint64_t generated = 0;  // positions visited, duplicates included
  std::uint64_t games = 0;
  std::string method;  // how the positions were made, for the report
  std::vector<WidthVerdict> widths;
  bool passed() const;
  bool warned() const;
};

// N distinct positions by random legal play from the start position under `scheme`, deduplicated
// by an independent 128-bit fingerprint of the position, then judged by judge_collisions.
CollisionStudy run_collision_study(const KeyScheme& scheme, const CollisionStudyOptions& options);

// An SVG plot of a study: expected against actual collisions per width, one panel a mode, on a
// log scale, with the Poisson 99% band around the expectation.
std::string collision_svg(const CollisionStudy& study, std::string_view title);

}  // namespace zobrist_verify
