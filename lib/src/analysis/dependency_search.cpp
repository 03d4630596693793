// Smallest linearly dependent subset of a key set. Each exact search enumerates every dependent
// subset of its size exactly once, in a canonical split, so that counts are exact and the
// first subset in sorted-index order is known.
#include "dependency_search.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <set>
#include <vector>

namespace zobrist_verify::analysis {

namespace {

using Index = std::uint32_t;

// The best dependency so far: smallest size, then first in sorted-index order.
class Best {
 public:
  bool found() const { return !indices_.empty(); }
  std::size_t size() const { return indices_.size(); }
  // `subset` is sorted and counted once by the caller's enumeration.
  void offer(std::vector<std::size_t> subset) {
    if (!found() || subset.size() < indices_.size()) {
      indices_ = std::move(subset);
      count_ = 1;
      return;
    }
    if (subset.size() > indices_.size()) return;
    ++count_;
    if (subset < indices_) indices_ = std::move(subset);
  }
  // Sampled finds may repeat: each distinct subset is counted once.
  void offer_sampled(std::vector<std::size_t> subset) {
    if (found() && subset.size() > indices_.size()) return;
    if (!seen_.insert(subset).second) return;
    sampled_ = true;
    offer(std::move(subset));
  }
  std::optional<KeyDependency> result() const {
    if (!found()) return std::nullopt;
    KeyDependency dependency;
    dependency.indices = indices_;
    dependency.count = count_;
    dependency.exhaustive = !sampled_;
    return dependency;
  }

 private:
  std::vector<std::size_t> indices_;
  std::uint64_t count_ = 0;
  bool sampled_ = false;
  std::set<std::vector<std::size_t>> seen_;
};

struct KeyAt {
  Key key;
  Index index;
};

struct PairXor {
  Key xor_value;
  Index first, second;  // first < second
};

// Every pair's XOR, sorted, with a bucket index on the top bits for constant-time lookups.
class PairTable {
 public:
  explicit PairTable(std::span<const Key> keys) {
    const std::size_t n = keys.size();
    pairs_.reserve(n * (n - 1) / 2);
    for (Index i = 0; i < n; ++i)
      for (Index j = i + 1; j < n; ++j) pairs_.push_back({keys[i] ^ keys[j], i, j});
    std::sort(pairs_.begin(), pairs_.end(), [](const PairXor& a, const PairXor& b) {
      return a.xor_value != b.xor_value
                 ? a.xor_value < b.xor_value
                 : (a.first != b.first ? a.first < b.first : a.second < b.second);
    });
    bucket_bits_ = std::clamp(int(std::bit_width(pairs_.size())), 1, 24);
    starts_.assign((std::size_t{1} << bucket_bits_) + 1, 0);
    for (const PairXor& p : pairs_) ++starts_[bucket(p.xor_value) + 1];
    for (std::size_t b = 1; b < starts_.size(); ++b) starts_[b] += starts_[b - 1];
  }
  const std::vector<PairXor>& pairs() const { return pairs_; }
  // The pairs whose XOR is `value`.
  std::span<const PairXor> find(Key value) const {
    const std::size_t b = bucket(value);
    const PairXor* first = pairs_.data() + starts_[b];
    const PairXor* last = pairs_.data() + starts_[b + 1];
    while (first != last && first->xor_value < value) ++first;
    const PairXor* end = first;
    while (end != last && end->xor_value == value) ++end;
    return {first, end};
  }

 private:
  std::size_t bucket(Key value) const { return std::size_t(value >> (64 - bucket_bits_)); }
  std::vector<PairXor> pairs_;
  std::vector<std::size_t> starts_;
  int bucket_bits_ = 1;
};

void search_zero_keys(std::span<const Key> keys, Best& best) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (keys[i] == 0) best.offer({i});
}

void search_equal_pairs(const std::vector<KeyAt>& sorted, Best& best) {
  for (std::size_t start = 0; start < sorted.size();) {
    std::size_t end = start + 1;
    while (end < sorted.size() && sorted[end].key == sorted[start].key) ++end;
    for (std::size_t a = start; a < end; ++a)
      for (std::size_t b = a + 1; b < end; ++b) best.offer({sorted[a].index, sorted[b].index});
    start = end;
  }
}

// a ^ b == c: each triple found once, from its two smallest indices. Keys are distinct here.
void search_triples(std::span<const Key> keys, const std::vector<KeyAt>& sorted, Best& best) {
  for (std::size_t i = 0; i < keys.size(); ++i)
    for (std::size_t j = i + 1; j < keys.size(); ++j) {
      const Key wanted = keys[i] ^ keys[j];
      auto it = std::lower_bound(sorted.begin(), sorted.end(), wanted,
                                 [](const KeyAt& k, Key v) { return k.key < v; });
      if (it != sorted.end() && it->key == wanted && it->index > j) best.offer({i, j, it->index});
    }
}

// a ^ b == c ^ d: within a run of equal pair XORs, each quadruple is taken once, split as its
// two smallest against its two largest.
void search_quadruples(const PairTable& table, Best& best) {
  const auto& pairs = table.pairs();
  for (std::size_t start = 0; start < pairs.size();) {
    std::size_t end = start + 1;
    while (end < pairs.size() && pairs[end].xor_value == pairs[start].xor_value) ++end;
    for (std::size_t p = start; p < end; ++p)
      for (std::size_t q = start; q < end; ++q) {
        if (pairs[p].second >= pairs[q].first) continue;
        best.offer({pairs[p].first, pairs[p].second, pairs[q].first, pairs[q].second});
      }
    start = end;
  }
}

// Every triple against the pair table; each 5-set found once, as its three smallest against
// its two largest.
void search_quintuples_exhaustively(std::span<const Key> keys, const PairTable& table, Best& best) {
  const std::size_t n = keys.size();
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const Key ij = keys[i] ^ keys[j];
      for (std::size_t k = j + 1; k < n; ++k)
        for (const PairXor& p : table.find(ij ^ keys[k]))
          if (p.first > k) best.offer({i, j, k, p.first, p.second});
    }
}

// `draws` random k-subsets, each looked up in the pair table: a match is a dependent set of
// k + 2 keys (fewer when the pair overlaps the subset).
void sample_against_pairs(std::span<const Key> keys, const PairTable& table, std::size_t k,
                          std::uint64_t draws, SplitMix64& rng, Best& best) {
  std::vector<std::size_t> subset;
  for (std::uint64_t draw = 0; draw < draws; ++draw) {
    subset.clear();
    Key value = 0;
    while (subset.size() < k) {
      const std::size_t index = std::size_t(rng.next() % keys.size());
      if (std::find(subset.begin(), subset.end(), index) != subset.end()) continue;
      subset.push_back(index);
      value ^= keys[index];
    }
    std::sort(subset.begin(), subset.end());
    if (value == 0) best.offer_sampled(subset);
    for (const PairXor& p : table.find(value)) {
      std::vector<std::size_t> both = subset;
      for (std::size_t index : {std::size_t(p.first), std::size_t(p.second)}) {
        auto it = std::lower_bound(both.begin(), both.end(), index);
        if (it != both.end() && *it == index)
          both.erase(it);
        else
          both.insert(it, index);
      }
      if (!both.empty()) best.offer_sampled(std::move(both));
    }
  }
}

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int at = int(digits.size()) - 3; at > 0; at -= 3) digits.insert(std::size_t(at), ",");
  return digits;
}

// The pair table holds C(n,2) entries of 16 bytes; beyond this the searches from size 4 are
// skipped rather than exhausting memory.
constexpr std::uint64_t MaxPairs = std::uint64_t{1} << 25;

}  // namespace

DependencySearch find_smallest_dependency(std::span<const Key> keys,
                                          const KeyAnalysisOptions& options) {
  DependencySearch search;
  Best best;
  const std::uint64_t n = keys.size();
  const std::uint64_t pair_count = n * (n - 1) / 2;
  const std::uint64_t triple_count = n < 3 ? 0 : n * (n - 1) * (n - 2) / 6;
  std::string& coverage = search.coverage;
  coverage = "exact for sizes 1 to 3";

  search_zero_keys(keys, best);
  std::vector<KeyAt> sorted;
  if (!best.found()) {
    for (Index i = 0; i < keys.size(); ++i) sorted.push_back({keys[i], i});
    std::sort(sorted.begin(), sorted.end(), [](const KeyAt& a, const KeyAt& b) {
      return a.key != b.key ? a.key < b.key : a.index < b.index;
    });
    search_equal_pairs(sorted, best);
  }
  if (!best.found()) search_triples(keys, sorted, best);
  if (best.found() || n < 4) {
    search.smallest = best.result();
    return search;
  }
  if (pair_count > MaxPairs) {
    coverage += "; sizes 4 to 8 not searched: " + with_commas(pair_count) +
                " pair XORs exceed the budget of " + with_commas(MaxPairs);
    return search;
  }
  const PairTable table(keys);
  search_quadruples(table, best);
  coverage = "exact for sizes 1 to 4 (" + with_commas(pair_count) + " pair XORs)";
  if (best.found() || n < 5) {
    search.smallest = best.result();
    return search;
  }
  SplitMix64 rng(options.seed);
  if (triple_count <= options.exhaustive_triples) {
    search_quintuples_exhaustively(keys, table, best);
    coverage += ", exact for size 5 (" + with_commas(triple_count) + " triples against them)";
  } else {
    sample_against_pairs(keys, table, 3, options.sampled_subsets, rng, best);
    coverage += ", sampled for size 5 (" + with_commas(options.sampled_subsets) +
                " random triples against them)";
  }
  if (!best.found() && n >= 6) {
    for (std::size_t k = 4; k <= 6 && k <= n; ++k)
      sample_against_pairs(keys, table, k, options.sampled_subsets, rng, best);
    coverage += ", sampled for sizes 6 to 8 (" + with_commas(options.sampled_subsets) +
                " random subsets of 4, 5 and 6 keys each, against the pair XORs)";
  }
  search.smallest = best.result();
  return search;
}

}  // namespace zobrist_verify::analysis
