// The seeded generators every area draws from: Stockfish's key tables, Huima's Go table, the
// Ultimate tic-tac-toe table, random games and samples. (ChaCha20, for Rustic's table only, is
// with the key schemes.)
#pragma once

#include <cstdint>

namespace zobrist_verify {

// The xorshift64* generator of Stockfish 15.1 (misc.h PRNG), seed must be non-zero.
class XorShift64Star {
 public:
  explicit XorShift64Star(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    state_ ^= state_ >> 12;
    state_ ^= state_ << 25;
    state_ ^= state_ >> 27;
    return state_ * 2685821657736338717ULL;
  }

 private:
  std::uint64_t state_;
};

// splitmix64 (Steele, Lea and Flood, 2014): a small seeded generator that passes BigCrush, for
// sampling (random games, random subsets) and test keys.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // A number in [0, bound); bound > 0. (The modulo's bias, under 2^-32 for the small bounds of
  // choices inside one case, does not matter here.)
  unsigned below(unsigned bound) { return unsigned(next() % bound); }
  bool chance(unsigned percent) { return below(100) < percent; }

 private:
  std::uint64_t state_;
};

}  // namespace zobrist_verify
