// Smallest linearly dependent subset of a key set. Each exact search enumerates every dependent
// subset of its size exactly once, in a canonical split, so that counts are exact and the
// first subset in sorted-index order is known.
#include "dependency_search.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <set>
#include <vector>

#include "zobrist_verify/analysis/parallel_blocks.h"

namespace zobrist_verify::analysis {

namespace {

using Index = std::uint32_t;

// Random subsets are drawn in this many chunks a size, each from its own seed, whichever thread
// draws them.
constexpr std::size_t SampleChunks = 64;

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
  // Takes in what another search found, as if it had been offered here: the result does not
  // depend on the order in which several Bests are merged.
  void merge(const Best& other) {
    if (!other.found()) return;
    if (other.sampled_) {
      for (const std::vector<std::size_t>& subset : other.seen_) offer_sampled(subset);
      return;
    }
    if (!found() || other.size() < size()) {
      indices_ = other.indices_;
      count_ = other.count_;
      return;
    }
    if (other.size() > size()) return;
    count_ += other.count_;
    if (other.indices_ < indices_) indices_ = other.indices_;
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

// Every pair's XOR, sorted, with a bucket index on the top bits for constant-time lookups, and
// before it a bit a value of more top bits saying whether any pair has them: nearly every lookup
// of the size-5 search finds nothing, and the bitmap (1 MB for a chess table's 296,835 pairs,
// under 4% of its bits set) answers that from cache, where the index and the pairs are 9 MB of
// scattered reads. `keys --scheme rustic`: 12.7 and 14.4 s of CPU without it, 2.8 and 3.6 s with.
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
    present_bits_ = std::min(bucket_bits_ + 4, 28);
    present_.assign((std::size_t{1} << present_bits_) / 64 + 1, 0);
    for (const PairXor& p : pairs_) {
      const std::size_t bit = present_bit(p.xor_value);
      present_[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
  }
  const std::vector<PairXor>& pairs() const { return pairs_; }
  // The pairs whose XOR is `value`.
  std::span<const PairXor> find(Key value) const {
    const std::size_t bit = present_bit(value);
    if ((present_[bit / 64] >> (bit % 64) & 1) == 0) return {};
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
  std::size_t present_bit(Key value) const { return std::size_t(value >> (64 - present_bits_)); }
  std::vector<PairXor> pairs_;
  std::vector<std::size_t> starts_;
  int bucket_bits_ = 1;
  std::vector<std::uint64_t> present_;
  int present_bits_ = 5;
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

// The keys by value, for the size-3 lookups. Keys are distinct and non-zero here (0 marks an
// empty slot). A bit filter small enough for the L2 cache turns most lookups away; an
// open-addressing table at most half full answers the rest. The splitmix64 finaliser spreads
// structured keys (counters, shifted values) so that probes stay short.
class KeyLookup {
 public:
  explicit KeyLookup(std::span<const Key> keys) {
    const int slot_bits = std::max(4, int(std::bit_width(keys.size() * 2)));
    slot_shift_ = 64 - slot_bits;
    slots_.assign(std::size_t{1} << slot_bits, {0, 0});
    const int filter_bits = std::max(6, int(std::bit_width(keys.size() * 16)));
    filter_shift_ = 64 - filter_bits;
    filter_.assign((std::size_t{1} << filter_bits) / 64, 0);
    for (Index i = 0; i < keys.size(); ++i) {
      const std::uint64_t h = mix(keys[i]);
      filter_[std::size_t(h >> filter_shift_) / 64] |= std::uint64_t{1}
                                                       << (h >> filter_shift_) % 64;
      std::size_t slot = std::size_t(h >> slot_shift_);
      while (slots_[slot].key != 0) slot = (slot + 1) & (slots_.size() - 1);
      slots_[slot] = {keys[i], i};
    }
  }
  // The index of the key equal to `value`, or `Absent`.
  Index find(Key value) const {
    const std::uint64_t h = mix(value);
    if (!(filter_[std::size_t(h >> filter_shift_) / 64] >> (h >> filter_shift_) % 64 & 1))
      return Absent;
    for (std::size_t slot = std::size_t(h >> slot_shift_);;
         slot = (slot + 1) & (slots_.size() - 1)) {
      if (slots_[slot].key == value) return slots_[slot].index;
      if (slots_[slot].key == 0) return Absent;
    }
  }
  static constexpr Index Absent = ~Index{0};

 private:
  static std::uint64_t mix(Key value) {
    value = (value ^ (value >> 30)) * 0xBF58'476D'1CE4'E5B9ULL;
    value = (value ^ (value >> 27)) * 0x94D0'49BB'1331'11EBULL;
    return value ^ (value >> 31);
  }
  std::vector<KeyAt> slots_;
  std::vector<std::uint64_t> filter_;
  int slot_shift_ = 0, filter_shift_ = 0;
};

// Finds from blocks of work, merged as each block ends; merging is order-free, so the result
// does not depend on which thread ran which block.
class SharedBest {
 public:
  explicit SharedBest(Best& best) : best_(best) {}
  void merge(const Best& found) {
    if (!found.found()) return;
    std::lock_guard lock(mutex_);
    best_.merge(found);
  }

 private:
  Best& best_;
  std::mutex mutex_;
};

// a ^ b == c: each triple found once, from its two smallest indices. Keys are distinct and
// non-zero here. Pairs are taken in order (i, j), i < j, and the search stops after `budget` of
// them: a row of pairs (i, i+1..) a block, rows shared among `threads` threads; `progress` is
// told how far all of them are.
TripleSearchExtent search_triples(std::span<const Key> keys, std::uint64_t budget, int threads,
                                  const std::function<void(std::uint64_t, std::uint64_t)>& progress,
                                  Best& best) {
  const std::size_t n = keys.size();
  TripleSearchExtent extent;
  extent.pairs = std::uint64_t(n) * (n - 1) / 2;
  const std::uint64_t total = std::min(budget, extent.pairs);
  const double all_triples = double(n) * double(n - 1) * double(n - 2) / 6;
  // The rows the budget reaches, the last one perhaps in part: row i's pairs are (i, i+1) ..
  // (i, i + lengths[i]).
  std::vector<std::size_t> lengths;
  double triples = 0;  // covered by those rows
  for (std::size_t i = 0; i + 1 < n && extent.pairs_examined < total; ++i) {
    const std::size_t row = std::min<std::uint64_t>(n - 1 - i, total - extent.pairs_examined);
    lengths.push_back(row);
    extent.pairs_examined += row;
    // Pair (i, j) covers the n-1-j triples (i, j, k > j): a sum over j = i+1 .. i+row.
    triples += (double(n - 2 - i) + double(n - 1 - (i + row))) * double(row) / 2;
  }
  extent.triples_covered = all_triples > 0 ? triples / all_triples : 1;
  const KeyLookup lookup(keys);
  SharedBest shared(best);
  SharedProgress examined(total, progress);
  run_blocks(lengths.size(), threads, [&](std::size_t i, const BlockStop&) {
    Best found;
    for (std::size_t j = i + 1; j <= i + lengths[i]; ++j) {
      const Index k = lookup.find(keys[i] ^ keys[j]);
      if (k != KeyLookup::Absent && k > j) found.offer({i, j, k});
    }
    shared.merge(found);
    examined.add(lengths[i]);
  });
  return extent;
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
// its two largest. A smallest index a block.
void search_quintuples_exhaustively(std::span<const Key> keys, const PairTable& table, int threads,
                                    Best& best) {
  const std::size_t n = keys.size();
  SharedBest shared(best);
  run_blocks(n, threads, [&](std::size_t i, const BlockStop&) {
    Best found;
    for (std::size_t j = i + 1; j < n; ++j) {
      const Key ij = keys[i] ^ keys[j];
      for (std::size_t k = j + 1; k < n; ++k)
        for (const PairXor& p : table.find(ij ^ keys[k]))
          if (p.first > k) found.offer({i, j, k, p.first, p.second});
    }
    shared.merge(found);
  });
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

// `draws` random subsets of each size in `sizes`, in SampleChunks chunks a size, each chunk
// drawing from its own seed (the next of `seeds`, in size and chunk order).
void sample_sizes_against_pairs(std::span<const Key> keys, const PairTable& table,
                                std::span<const std::size_t> sizes, std::uint64_t draws,
                                SplitMix64& seeds, int threads, Best& best) {
  std::vector<std::uint64_t> chunk_seeds(sizes.size() * SampleChunks);
  for (std::uint64_t& seed : chunk_seeds) seed = seeds.next();
  SharedBest shared(best);
  run_blocks(chunk_seeds.size(), threads, [&](std::size_t block, const BlockStop&) {
    const std::size_t chunk = block % SampleChunks;
    const std::uint64_t chunk_draws =
        draws / SampleChunks + (chunk == 0 ? draws % SampleChunks : 0);
    SplitMix64 rng(chunk_seeds[block]);
    Best found;
    sample_against_pairs(keys, table, sizes[block / SampleChunks], chunk_draws, rng, found);
    shared.merge(found);
  });
}

std::string with_commas(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (int at = int(digits.size()) - 3; at > 0; at -= 3) digits.insert(std::size_t(at), ",");
  return digits;
}

std::string percent(double fraction) {
  char text[32];
  std::snprintf(text, sizeof text, fraction < 0.001 ? "%.2g%%" : "%.1f%%", 100 * fraction);
  return text;
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
  if (!best.found() && n >= 3) {
    search.triple_search =
        search_triples(keys, options.triple_search_pairs, options.threads, options.progress, best);
    if (search.triple_search.cut()) {
      // A dependency of 4 or more found now would not be known to be the smallest: stop here.
      coverage = "exact for sizes 1 and 2; size 3 cut after " +
                 with_commas(search.triple_search.pairs_examined) + " of " +
                 with_commas(search.triple_search.pairs) +
                 " key pairs (each against every later key: " +
                 percent(search.triple_search.triples_covered) + " of the triples): " +
                 (best.found() ? "counted among those only" : "no dependency found among those") +
                 "; sizes 4 to 8 not searched";
      search.smallest = best.result();
      if (search.smallest) search.smallest->cut = true;
      return search;
    }
  }
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
  SplitMix64 seeds(options.seed);
  if (triple_count <= options.exhaustive_triples) {
    search_quintuples_exhaustively(keys, table, options.threads, best);
    coverage += ", exact for size 5 (" + with_commas(triple_count) + " triples against them)";
  } else {
    const std::size_t triple[] = {3};
    sample_sizes_against_pairs(keys, table, triple, options.sampled_subsets, seeds, options.threads,
                               best);
    coverage += ", sampled for size 5 (" + with_commas(options.sampled_subsets) +
                " random triples against them)";
  }
  if (!best.found() && n >= 6) {
    const std::size_t sizes[] = {4, 5, 6};
    sample_sizes_against_pairs(keys, table, sizes, options.sampled_subsets, seeds, options.threads,
                               best);
    coverage += ", sampled for sizes 6 to 8 (" + with_commas(options.sampled_subsets) +
                " random subsets of 4, 5 and 6 keys each, against the pair XORs)";
  }
  search.smallest = best.result();
  return search;
}

}  // namespace zobrist_verify::analysis
