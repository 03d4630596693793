// The key-set analyser: bit balance, minimum Hamming distance, rank over GF(2), the smallest
// dependent subset, and the flags raised on them (thresholds in docs/statistics.md).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>
#include <mutex>

#include "dependency_search.h"
#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/analysis/parallel_blocks.h"
#include "zobrist_verify/analysis/statistics.h"

namespace zobrist_verify {

namespace {

using analysis::BlockStop;
using analysis::run_blocks;

int gf2_rank(std::span<const Key> keys) {
  std::array<Key, 64> basis{};  // basis[b] has b as its highest bit
  int rank = 0;
  for (Key key : keys) {
    for (int bit = 63; bit >= 0 && key != 0; --bit) {
      if (!(key >> bit & 1)) continue;
      if (basis[std::size_t(bit)] == 0) {
        basis[std::size_t(bit)] = key;
        ++rank;
        break;
      }
      key ^= basis[std::size_t(bit)];
    }
  }
  return rank;
}

std::string scientific(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2g", value);
  return text;
}

void measure_bits(std::span<const Key> keys, KeyAnalysis& analysis) {
  for (Key key : keys)
    for (int bit = 0; bit < 64; ++bit) analysis.ones[std::size_t(bit)] += key >> bit & 1;
  const double n = double(keys.size());
  for (int bit = 0; bit < 64; ++bit) {
    const double bias = std::abs(double(analysis.ones[std::size_t(bit)]) / n - 0.5);
    if (bias > analysis.max_bit_bias) {
      analysis.max_bit_bias = bias;
      analysis.max_bias_bit = bit;
    }
  }
}

// The smallest distance and the first pair at it, in (i, j) order: a row of pairs (i, i+1..) a
// block, rows shared among `threads` threads and merged in an order-free way.
void measure_hamming(std::span<const Key> keys, int threads, KeyAnalysis& analysis) {
  std::mutex mutex;
  run_blocks(keys.size(), threads, [&](std::size_t i, const BlockStop&) {
    int row_min = 65;
    std::size_t row_j = 0;
    for (std::size_t j = i + 1; j < keys.size(); ++j) {
      const int distance = std::popcount(keys[i] ^ keys[j]);
      if (distance < row_min) {
        row_min = distance;
        row_j = j;
      }
    }
    if (row_min > 64) return;
    std::lock_guard lock(mutex);
    const std::array<std::size_t, 2> pair{i, row_j};
    if (row_min < analysis.min_hamming ||
        (row_min == analysis.min_hamming && pair < analysis.min_hamming_pair)) {
      analysis.min_hamming = row_min;
      analysis.min_hamming_pair = pair;
    }
  });
}

void flag_bits(std::span<const Key> keys, KeyAnalysis& analysis) {
  const std::uint64_t n = keys.size();
  std::string constant, biased;
  for (int bit = 0; bit < 64; ++bit) {
    const std::uint64_t ones = analysis.ones[std::size_t(bit)];
    if (binomial_two_sided(n, ones) > KeyFlagPValue) continue;
    std::string& list = (ones == 0 || ones == n) ? constant : biased;
    list += (list.empty() ? "" : ", ") + std::to_string(bit) +
            (ones == 0 || ones == n
                 ? (ones == 0 ? " (always 0)" : " (always 1)")
                 : " (" + std::to_string(ones) + " of " + std::to_string(n) + " set)");
  }
  if (!constant.empty()) analysis.flags.push_back({"constant-bit", "constant bits: " + constant});
  if (!biased.empty())
    analysis.flags.push_back(
        {"bit-bias", "bits whose balance has p <= 2^-20 under random keys: " + biased});
}

void flag_hamming(std::span<const Key> keys, const NamedKeySet& set, KeyAnalysis& analysis) {
  const double n = double(keys.size());
  if (n < 2) return;
  const double pairs = n * (n - 1) / 2;
  const auto [i, j] = analysis.min_hamming_pair;
  const std::string which = set.names[i] + " (" + std::to_string(i) + ") and " + set.names[j] +
                            " (" + std::to_string(j) + ")";
  // Pairs treated as independent: P(min <= d) = 1 - (1 - F(d))^pairs.
  const double p_small = -std::expm1(pairs * std::log1p(-hamming_at_most(analysis.min_hamming)));
  if (p_small <= KeyFlagPValue)
    analysis.flags.push_back(
        {"min-hamming-small", "minimum Hamming distance " + std::to_string(analysis.min_hamming) +
                                  ", between " + which + ": p = " + scientific(p_small) +
                                  " for random keys"});
  const double below = hamming_at_most(analysis.min_hamming - 1);
  const double p_large = below >= 1 ? 0 : std::exp(pairs * std::log1p(-below));
  if (analysis.min_hamming > 0 && p_large <= KeyFlagPValue)
    analysis.flags.push_back(
        {"min-hamming-large",
         "minimum Hamming distance " + std::to_string(analysis.min_hamming) +
             " is too large for random keys (p = " + scientific(p_large) +
             "): the keys look chosen to maximise distance, which makes them a structured code"});
}

void flag_dependency(const NamedKeySet& set, KeyAnalysis& analysis) {
  const auto& dependency = analysis.smallest_dependency;
  if (!dependency) return;
  std::string listed;
  for (std::size_t k = 0; k < dependency->indices.size(); ++k)
    listed += (k ? ", " : "") + set.names[dependency->indices[k]] + " (" +
              std::to_string(dependency->indices[k]) + ")";
  const std::size_t size = dependency->indices.size();
  const std::string what = size == 1   ? "a zero key"
                           : size == 2 ? "equal keys"
                                       : std::to_string(size) + " keys XOR to zero";
  analysis.flags.push_back(
      {"dependency", what + ": " + listed + "; " + std::to_string(dependency->count) +
                         (dependency->count == 1 ? " subset" : " subsets") +
                         (dependency->cut          ? " of this size in the part searched before "
                                                     "the size-3 search was cut"
                          : dependency->exhaustive ? " of this size"
                                                   : " of this size found by the sampled search")});
}

}  // namespace

KeyAnalysis analyse_keys(const NamedKeySet& set, const KeyAnalysisOptions& options) {
  KeyAnalysis analysis;
  const std::span<const Key> keys = set.keys;
  analysis.keys = keys.size();
  if (keys.empty()) return analysis;
  analysis.rank = gf2_rank(keys);
  measure_bits(keys, analysis);
  analysis.min_hamming = 65;  // above any distance, so that the first pair sets it
  measure_hamming(keys, options.threads, analysis);
  if (keys.size() < 2) analysis.min_hamming = 64;

  analysis::DependencySearch search = analysis::find_smallest_dependency(keys, options);
  analysis.search = search.coverage;
  analysis.triple_search = search.triple_search;
  if (search.smallest) {
    for (std::size_t index : search.smallest->indices)
      search.smallest->names.push_back(set.names[index]);
    analysis.smallest_dependency = std::move(search.smallest);
  }

  flag_dependency(set, analysis);
  const int full_rank = int(std::min<std::size_t>(keys.size(), 64));
  if (analysis.rank < full_rank)
    analysis.flags.push_back({"rank", "rank " + std::to_string(analysis.rank) + " over GF(2), " +
                                          std::to_string(full_rank) +
                                          " expected: some subset "
                                          "of at most " +
                                          std::to_string(analysis.rank + 1) +
                                          " keys XORs to zero"});
  flag_bits(keys, analysis);
  flag_hamming(keys, set, analysis);
  return analysis;
}

}  // namespace zobrist_verify
