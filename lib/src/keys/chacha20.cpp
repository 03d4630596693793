// ChaCha20 with the state layout and output buffering of Rust's rand_chacha ChaCha20Rng, so the
// Rustic scheme's keys can be drawn here exactly as that engine draws them.
#include <array>
#include <cstdint>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

namespace {

constexpr std::uint32_t rotate_left(std::uint32_t x, int n) {
  return (x << n) | (x >> (32 - n));
}

constexpr void quarter_round(std::array<std::uint32_t, 16>& x, int a, int b, int c, int d) {
  x[a] += x[b];
  x[d] = rotate_left(x[d] ^ x[a], 16);
  x[c] += x[d];
  x[b] = rotate_left(x[b] ^ x[c], 12);
  x[a] += x[b];
  x[d] = rotate_left(x[d] ^ x[a], 8);
  x[c] += x[d];
  x[b] = rotate_left(x[b] ^ x[c], 7);
}

}  // namespace

ChaCha20Stream::ChaCha20Stream(const std::array<std::uint8_t, 32>& seed) {
  // rand_chacha reads the seed as eight little-endian key words.
  for (int i = 0; i < 8; ++i)
    key_[i] = std::uint32_t(seed[4 * i]) | std::uint32_t(seed[4 * i + 1]) << 8 |
              std::uint32_t(seed[4 * i + 2]) << 16 | std::uint32_t(seed[4 * i + 3]) << 24;
}

std::array<std::uint32_t, 16> ChaCha20Stream::block(const std::array<std::uint32_t, 8>& key,
                                                    std::uint64_t counter, std::uint64_t stream) {
  std::array<std::uint32_t, 16> input{};
  // "expand 32-byte k" as four little-endian words.
  input[0] = 0x61707865;
  input[1] = 0x3320646e;
  input[2] = 0x79622d32;
  input[3] = 0x6b206574;
  for (int i = 0; i < 8; ++i) input[4 + i] = key[i];
  input[12] = std::uint32_t(counter);
  input[13] = std::uint32_t(counter >> 32);
  input[14] = std::uint32_t(stream);
  input[15] = std::uint32_t(stream >> 32);

  std::array<std::uint32_t, 16> x = input;
  for (int double_round = 0; double_round < 10; ++double_round) {
    quarter_round(x, 0, 4, 8, 12);
    quarter_round(x, 1, 5, 9, 13);
    quarter_round(x, 2, 6, 10, 14);
    quarter_round(x, 3, 7, 11, 15);
    quarter_round(x, 0, 5, 10, 15);
    quarter_round(x, 1, 6, 11, 12);
    quarter_round(x, 2, 7, 8, 13);
    quarter_round(x, 3, 4, 9, 14);
  }
  for (int i = 0; i < 16; ++i) x[i] += input[i];
  return x;
}

// Four consecutive blocks, as rand_chacha fills its 64-word results buffer.
void ChaCha20Stream::refill() {
  for (unsigned b = 0; b < 4; ++b) {
    const auto words = block(key_, counter_ + b, 0);
    for (unsigned i = 0; i < 16; ++i) buffer_[16 * b + i] = words[i];
  }
  counter_ += 4;
  index_ = 0;
}

std::uint32_t ChaCha20Stream::next_u32() {
  if (index_ >= buffer_.size()) refill();
  return buffer_[index_++];
}

// rand_core's BlockRng::next_u64: two consecutive words, low word first. When only the last word
// of the buffer is left, it becomes the low half and the first word of the next buffer the high.
std::uint64_t ChaCha20Stream::next_u64() {
  const unsigned size = unsigned(buffer_.size());
  if (index_ + 1 < size) {
    const std::uint64_t low = buffer_[index_], high = buffer_[index_ + 1];
    index_ += 2;
    return low | high << 32;
  }
  if (index_ >= size) {
    refill();
    index_ = 2;
    return std::uint64_t(buffer_[0]) | std::uint64_t(buffer_[1]) << 32;
  }
  const std::uint64_t low = buffer_[size - 1];
  refill();
  index_ = 1;
  return low | std::uint64_t(buffer_[0]) << 32;
}

}  // namespace zobrist_verify
