// The word-at-a-time byte tests against the same tests made one byte at a time: every byte value
// in every lane beside neighbours that could carry into it or borrow from it, and random words.
#include "zobrist_verify/core/byte_words.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>

namespace {

namespace zv = zobrist_verify;

using ByteTest = bool (*)(unsigned char byte, unsigned char a, unsigned char b);

// The high bit of every byte of `x` for which `test` holds: what the word functions must give.
std::uint64_t byte_by_byte(std::uint64_t x, ByteTest test, unsigned char a, unsigned char b) {
  std::uint64_t out = 0;
  for (int lane = 0; lane < 8; ++lane)
    if (test(static_cast<unsigned char>(x >> (8 * lane)), a, b)) out |= 0x80ULL << (8 * lane);
  return out;
}

bool is_zero(unsigned char byte, unsigned char, unsigned char) {
  return byte == 0;
}
bool is_equal(unsigned char byte, unsigned char c, unsigned char) {
  return byte == c;
}
bool is_in_range(unsigned char byte, unsigned char lo, unsigned char hi) {
  return byte >= lo && byte <= hi;
}

// Words with `byte` in one lane and `fill` in the others.
std::uint64_t word(int lane, unsigned char byte, unsigned char fill) {
  std::uint64_t x = zv::byte_in_every_lane(fill);
  x &= ~(0xFFULL << (8 * lane));
  return x | std::uint64_t(byte) << (8 * lane);
}

TEST(ByteWords, EveryByteInEveryLaneBesideEveryNeighbour) {
  const unsigned char fills[] = {0x00, 0x01, 0x20, 0x40, 0x41, 0x48, 0x49, 0x7F, 0x80, 0xC1, 0xFF};
  const std::pair<unsigned char, unsigned char> ranges[] = {{'A', 'H'}, {1, 0x7F},  {0x7F, 0x7F},
                                                            {1, 1},     {'0', '9'}, {' ', ' '}};
  int in_range = 0;
  for (int lane = 0; lane < 8; ++lane)
    for (int value = 0; value < 256; ++value)
      for (unsigned char fill : fills) {
        const std::uint64_t x = word(lane, static_cast<unsigned char>(value), fill);
        ASSERT_EQ(zv::zero_bytes(x), byte_by_byte(x, is_zero, 0, 0)) << std::hex << x;
        for (unsigned char c : {0x20, 0x41, 0x80, 0xFF})
          ASSERT_EQ(zv::bytes_equal_to(x, c), byte_by_byte(x, is_equal, c, 0)) << std::hex << x;
        for (const auto& [lo, hi] : ranges) {
          const std::uint64_t expected = byte_by_byte(x, is_in_range, lo, hi);
          ASSERT_EQ(zv::bytes_in_range(x, lo, hi), expected)
              << std::hex << x << " in [" << int(lo) << ", " << int(hi) << "]";
          in_range += expected != 0;
        }
      }
  EXPECT_GT(in_range, 1000);  // the ranges were hit, not only missed
}

TEST(ByteWords, RandomWordsAndRanges) {
  std::mt19937_64 rng(23);
  for (int i = 0; i < 200000; ++i) {
    const std::uint64_t x = rng();
    const auto lo = static_cast<unsigned char>(1 + rng() % 0x7F);
    const auto hi = static_cast<unsigned char>(lo + rng() % (0x80 - lo));
    ASSERT_EQ(zv::bytes_in_range(x, lo, hi), byte_by_byte(x, is_in_range, lo, hi))
        << std::hex << x << " in [" << int(lo) << ", " << int(hi) << "]";
    const auto c = static_cast<unsigned char>(x >> 56);
    ASSERT_EQ(zv::bytes_equal_to(x, c), byte_by_byte(x, is_equal, c, 0)) << std::hex << x;
  }
}

}  // namespace
