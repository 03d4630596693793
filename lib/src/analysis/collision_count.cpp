// Collision counts at every width from one sort: after sorting the keys so that truncation keeps
// a prefix of the sort order, equal truncated values are adjacent, and the number of adjacent
// pairs sharing their top b bits is n minus the number of distinct b-bit prefixes.
#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>
#include <utility>
#include <vector>

#include "zobrist_verify/analysis/collision_study.h"
#include "zobrist_verify/analysis/parallel_blocks.h"

namespace zobrist_verify {

namespace {

Key reverse_bits(Key x) {
  x = ((x >> 1) & 0x5555555555555555ULL) | ((x & 0x5555555555555555ULL) << 1);
  x = ((x >> 2) & 0x3333333333333333ULL) | ((x & 0x3333333333333333ULL) << 2);
  x = ((x >> 4) & 0x0F0F0F0F0F0F0F0FULL) | ((x & 0x0F0F0F0F0F0F0F0FULL) << 4);
  return __builtin_bswap64(x);
}

// The key rearranged so that the bits a mode keeps come first, from the top: truncating to b
// bits keeps the top b bits of this value.
Key sort_value(Key key, TruncationMode mode) {
  switch (mode) {
    case TruncationMode::High:
      return key;
    case TruncationMode::Low:
      return reverse_bits(key);
    case TruncationMode::TableSplit:
      // The low b bits of rotl(key, 16) are the 16 check bits and the low b - 16 index bits.
      return reverse_bits(std::rotl(key, 16));
  }
  return key;
}

// The keys are cut into this many blocks (fewer for few keys), whatever the threads.
constexpr std::size_t SortBlocks = 64;

std::size_t block_count(std::size_t n) {
  return std::clamp<std::size_t>(n / 16384, 1, SortBlocks);
}

// LSD radix sort, six passes of 11 bits. Each pass counts every block's digits, then every block
// scatters its keys from its own offsets (bucket by bucket, blocks in order within a bucket), so
// that each pass is stable: the blocks can run on any threads.
// The six passes leave the sorted keys in `keys` again.
void radix_sort(Key* keys, Key* scratch, std::size_t n, int threads) {
  constexpr int DigitBits = 11, Passes = 6;
  constexpr std::size_t Buckets = std::size_t{1} << DigitBits;
  const std::size_t blocks = block_count(n);
  std::vector<std::array<std::size_t, Buckets>> counts(blocks);
  for (int pass = 0; pass < Passes; ++pass) {
    const int shift = pass * DigitBits;
    auto digit = [shift](Key key) { return std::size_t(key >> shift) & (Buckets - 1); };
    analysis::run_blocks(blocks, threads, [&](std::size_t b, const analysis::BlockStop&) {
      counts[b].fill(0);
      for (std::size_t i = n * b / blocks; i < n * (b + 1) / blocks; ++i)
        ++counts[b][digit(keys[i])];
    });
    std::size_t offset = 0;
    for (std::size_t bucket = 0; bucket < Buckets; ++bucket)
      for (auto& block_counts : counts) offset += std::exchange(block_counts[bucket], offset);
    analysis::run_blocks(blocks, threads, [&](std::size_t b, const analysis::BlockStop&) {
      for (std::size_t i = n * b / blocks; i < n * (b + 1) / blocks; ++i)
        scratch[counts[b][digit(keys[i])]++] = keys[i];
    });
    std::swap(keys, scratch);
  }
}

// count_collisions with its two buffers of n keys given, left undefined (no serial clearing: each
// block first touches its own part of them).
CollisionCounts count_into(std::span<const Key> keys, TruncationMode mode, int threads, Key* sorted,
                           Key* scratch) {
  const std::size_t n = keys.size(), blocks = block_count(n);
  analysis::run_blocks(blocks, threads, [&](std::size_t b, const analysis::BlockStop&) {
    for (std::size_t i = n * b / blocks; i < n * (b + 1) / blocks; ++i)
      sorted[i] = sort_value(keys[i], mode);
  });
  radix_sort(sorted, scratch, n, threads);
  // shared[z]: adjacent pairs whose values agree on exactly their top z bits (64: equal), added
  // up over the blocks, each taking the pairs that end in it.
  std::vector<std::array<std::uint64_t, 65>> block_shared(blocks);
  analysis::run_blocks(blocks, threads, [&](std::size_t b, const analysis::BlockStop&) {
    block_shared[b].fill(0);
    for (std::size_t i = std::max<std::size_t>(n * b / blocks, 1); i < n * (b + 1) / blocks; ++i)
      ++block_shared[b][std::size_t(std::countl_zero(sorted[i - 1] ^ sorted[i]))];
  });
  std::array<std::uint64_t, 65> shared{};
  for (const auto& counts : block_shared)
    for (std::size_t z = 0; z < shared.size(); ++z) shared[z] += counts[z];
  CollisionCounts counts{};
  std::uint64_t at_least = 0;
  for (int b = 64; b >= 0; --b) {
    at_least += shared[std::size_t(b)];
    counts[std::size_t(b)] = at_least;
  }
  return counts;
}

}  // namespace

const char* to_string(TruncationMode mode) {
  switch (mode) {
    case TruncationMode::Low:
      return "low";
    case TruncationMode::High:
      return "high";
    case TruncationMode::TableSplit:
      return "tt";
  }
  return "unknown";
}

Key truncate_key(Key key, TruncationMode mode, int bits) {
  const auto low = [](Key k, int b) { return b >= 64 ? k : k & ((Key{1} << b) - 1); };
  switch (mode) {
    case TruncationMode::Low:
      return low(key, bits);
    case TruncationMode::High:
      return bits == 0 ? 0 : key >> (64 - bits);
    case TruncationMode::TableSplit: {
      const int index_bits = bits - 16;
      return index_bits >= 48 ? std::rotl(key, 16)
                              : low(key, index_bits) | (key >> 48) << index_bits;
    }
  }
  return key;
}

CollisionCounts count_collisions(std::span<const Key> keys, TruncationMode mode, int threads) {
  const auto buffers = std::make_unique_for_overwrite<Key[]>(2 * keys.size());
  return count_into(keys, mode, threads, buffers.get(), buffers.get() + keys.size());
}

std::vector<WidthVerdict> judge_collisions(std::span<const Key> keys, int low_bits, int high_bits,
                                           int threads) {
  std::vector<WidthVerdict> verdicts;
  const std::uint64_t n = keys.size();
  const auto buffers = std::make_unique_for_overwrite<Key[]>(2 * keys.size());  // for every mode
  for (TruncationMode mode : EveryTruncationMode) {
    const CollisionCounts counts =
        count_into(keys, mode, threads, buffers.get(), buffers.get() + keys.size());
    for (int bits = low_bits; bits <= high_bits; ++bits) {
      if (mode == TruncationMode::TableSplit && bits < 16) continue;
      WidthVerdict v;
      v.bits = bits;
      v.mode = mode;
      v.expected = expected_collisions(double(n), bits);
      v.actual = counts[std::size_t(bits)];
      v.ratio = v.expected > 0 ? double(v.actual) / v.expected : (v.actual == 0 ? 1 : INFINITY);
      const CollisionPValue p = collision_p_value(n, bits, v.actual);
      v.p_value = p.p_value;
      v.method = p.method;
      v.passed = v.p_value > FailPValue;
      v.warning = v.passed && v.p_value <= WarnPValue;
      verdicts.push_back(v);
    }
  }
  return verdicts;
}

}  // namespace zobrist_verify
