// Eight bytes of text read as one 64-bit word, to test them all at once without a branch per
// byte: the plugin door's check of a FEN's form and the export helper's reading of its castling
// field.
#pragma once

#include <cstdint>

namespace zobrist_verify {

// `c` in every byte of a word.
constexpr std::uint64_t byte_in_every_lane(unsigned char c) {
  return 0x0101010101010101ULL * c;
}

// The high bit of each byte of `x` that is zero, and no other bit. Exact: each byte's low seven
// bits plus 0x7F stay within the byte, so no carry runs from one byte into the next.
constexpr std::uint64_t zero_bytes(std::uint64_t x) {
  constexpr std::uint64_t Low7 = 0x7F7F7F7F7F7F7F7FULL;
  return ~(((x & Low7) + Low7) | x) & ~Low7;
}

// The high bit of each byte of `x` that equals `c`.
constexpr std::uint64_t bytes_equal_to(std::uint64_t x, unsigned char c) {
  return zero_bytes(x ^ byte_in_every_lane(c));
}

// The high bit of each byte of `x` from `lo` to `hi` (1 <= lo <= hi <= 0x7F), and no other bit.
// Exact: a byte's low seven bits plus 0x80 - lo, or plus 0x7F - hi, stay within the byte, and
// carry into its high bit exactly when they are at least lo, or more than hi. A byte with its
// high bit set is out of range.
constexpr std::uint64_t bytes_in_range(std::uint64_t x, unsigned char lo, unsigned char hi) {
  constexpr std::uint64_t Low7 = 0x7F7F7F7F7F7F7F7FULL;
  const std::uint64_t low = x & Low7;
  const std::uint64_t at_least_lo = low + byte_in_every_lane(static_cast<unsigned char>(0x80 - lo));
  const std::uint64_t above_hi = low + byte_in_every_lane(static_cast<unsigned char>(0x7F - hi));
  return at_least_lo & ~above_hi & ~x & ~Low7;
}

}  // namespace zobrist_verify
