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

}  // namespace zobrist_verify
