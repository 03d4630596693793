// The key-set analyser on a large key list: its cost is dominated by the two loops over pairs
// (the minimum Hamming distance, every pair; the size-3 search, up to its budget of pairs).
#include <benchmark/benchmark.h>

#include <vector>

#include "zobrist_verify/analysis/key_analysis.h"
#include "zobrist_verify/core/random.h"

namespace {

using namespace zobrist_verify;

NamedKeySet random_key_list(std::size_t count) {
  std::vector<Key> keys(count);
  SplitMix64 rng(1);
  for (Key& key : keys) key = rng.next();
  return key_list_set(keys, "random");
}

// The whole analysis of 100,000 random keys with the default budget: `keys --key-list` on them.
void bm_analyse_keys_default_budget(benchmark::State& state) {
  const NamedKeySet set = random_key_list(std::size_t(state.range(0)));
  KeyAnalysis analysis;
  for (auto _ : state) {
    analysis = analyse_keys(set);
    benchmark::DoNotOptimize(analysis.rank);
  }
  state.counters["pairs_examined"] = double(analysis.triple_search.pairs_examined);
  state.counters["size3_pairs/s"] =
      benchmark::Counter(double(analysis.triple_search.pairs_examined) * double(state.iterations()),
                         benchmark::Counter::kIsRate);
}
BENCHMARK(bm_analyse_keys_default_budget)->Arg(100'000)->Iterations(1)->Unit(benchmark::kSecond);

}  // namespace
