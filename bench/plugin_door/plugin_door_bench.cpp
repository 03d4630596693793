// Verified plies per second through the C ABI plugin door against the same implementation called
// in-process, in one run, and their ratio. The implementation is the reference itself (Polyglot
// keys), built as a plugin (ZV_REFERENCE_PLUGIN). A verified ply is what the properties do per
// move: make the UCI move on one instance, set a second instance from the FEN of the new
// position, read both keys and compare. The moves and FENs are recorded beforehand: the suite's
// own side of the work (the reference replaying the game) is the same whatever the door.
//
// "In-process" is measured twice: with the reference linked into this executable (what a C++
// adapter gets), and with the very copy inside the plugin library called as a C++ object
// (in_process_same_code). The second ratio is the door's own cost; the first adds whatever the
// two copies' code layout does, which moves the in-process rate by up to a tenth between builds
// that differ in code the benchmark never runs.
#include <benchmark/benchmark.h>
#include <dlfcn.h>

#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "recorded_games.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/doors/plugin_hash.h"

namespace {

using namespace zobrist_verify;
using bench::record_games;
using bench::RecordedGame;

using Factory = std::unique_ptr<HashUnderTest> (*)();

std::unique_ptr<HashUnderTest> in_process() {
  return make_reference_hash(polyglot_scheme());
}

const std::shared_ptr<const PluginLibrary>& reference_plugin() {
  static const std::shared_ptr<const PluginLibrary> library = [] {
    auto loaded = PluginLibrary::load(ZV_REFERENCE_PLUGIN);
    if (!loaded) {
      std::fprintf(stderr, "%s\n", loaded.error().c_str());
      std::exit(2);
    }
    return *loaded;
  }();
  return library;
}

std::unique_ptr<HashUnderTest> through_plugin() {
  return make_plugin_hash(reference_plugin());
}

// The plugin's own copy of the reference, called directly (the library stays loaded: the
// PluginLibrary above holds it for the whole run).
std::unique_ptr<HashUnderTest> in_process_same_code() {
  (void)reference_plugin();
  void* handle = dlopen(ZV_REFERENCE_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  void* entry = handle ? dlsym(handle, "zv_bench_reference_in_process") : nullptr;
  if (!entry) {
    std::fprintf(stderr, "%s: no zv_bench_reference_in_process\n", ZV_REFERENCE_PLUGIN);
    std::exit(2);
  }
  dlclose(handle);  // drops the reference RTLD_NOLOAD took, not the library
  using Make = HashUnderTest* (*)();
  return std::unique_ptr<HashUnderTest>(reinterpret_cast<Make>(entry)());
}

// The FENs are the reference's own writing, so they go by set_written_position, as the properties
// send the positions their games reach; `checked` sends them by set_position instead, the way for
// a FEN from anywhere else, which the plugin door reads to see whether it must rewrite it.
void verified_plies(benchmark::State& state, Factory make, bool checked) {
  const auto games = record_games(8, 120);
  auto incremental = make();
  auto scratch = make();
  std::int64_t plies = 0, mismatches = 0;
  for (auto _ : state) {
    for (const RecordedGame& g : games) {
      (void)incremental->set_position(g.route.fen, false);
      for (std::size_t i = 0; i < g.route.moves.size(); ++i) {
        (void)incremental->make_move(g.route.moves[i]);
        (void)(checked ? scratch->set_position(g.fens[i], false)
                       : scratch->set_written_position(g.fens[i], false));
        mismatches += *incremental->key() != *scratch->key();
      }
      plies += std::int64_t(g.route.moves.size());
    }
  }
  if (mismatches) state.SkipWithError("incremental and from-scratch keys differ");
  state.SetItemsProcessed(plies);
}

BENCHMARK_CAPTURE(verified_plies, in_process, in_process, false);
BENCHMARK_CAPTURE(verified_plies, plugin_door, through_plugin, false);
BENCHMARK_CAPTURE(verified_plies, in_process_same_code, in_process_same_code, false);
BENCHMARK_CAPTURE(verified_plies, plugin_door_every_fen_checked, through_plugin, true);

// The console report, and the two rates kept for the ratio line.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    // One repetition's rate, or the median of several (--benchmark_repetitions).
    for (const Run& run : runs) {
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.error_occurred || !(median || run.run_type == Run::RT_Iteration)) continue;
      const auto items = run.counters.find("items_per_second");
      if (items == run.counters.end()) continue;
      const std::string name = run.run_name.str();
      if (median || !medians.contains(name)) rates[name] = items->second.value;
      if (median) medians.insert(name);
    }
  }
  std::map<std::string, double> rates;
  std::set<std::string> medians;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  const double ours = reporter.rates["verified_plies/in_process"];
  const double door = reporter.rates["verified_plies/plugin_door"];
  const double same = reporter.rates["verified_plies/in_process_same_code"];
  if (ours > 0 && door > 0)
    std::printf("verified plies/s: in-process %.0f, plugin door %.0f, ratio %.2f\n", ours, door,
                door / ours);
  const double checked = reporter.rates["verified_plies/plugin_door_every_fen_checked"];
  if (same > 0 && door > 0)
    std::printf(
        "verified plies/s: the plugin's code called in-process %.0f, through the door "
        "%.0f, ratio %.2f\n",
        same, door, door / same);
  if (same > 0 && checked > 0)
    std::printf(
        "verified plies/s: the plugin's code called in-process %.0f, through the door "
        "reading every FEN's form %.0f, ratio %.2f\n",
        same, checked, checked / same);
  benchmark::Shutdown();
  return 0;
}
