// Verified plies per second. A verified ply is a make (with its incremental key update), the
// from-scratch recomputation of all three keys and the comparison. The reference is driven
// directly (Position::make_move + compute_keys) and, for scale, through the HashUnderTest door
// the properties use (UCI moves and a second instance's set_position).
#include <benchmark/benchmark.h>

#include <deque>
#include <vector>

#include "recorded_games.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/hash_under_test.h"

namespace {

using namespace zobrist_verify;
using bench::record_games;
using bench::RecordedGame;

// The start position of every recorded game, set up once; benchmarks copy them.
struct GameStarts {
  explicit GameStarts(const std::vector<RecordedGame>& games)
      : positions(games.size()), states(games.size()) {
    for (std::size_t g = 0; g < games.size(); ++g)
      (void)positions[g].set(games[g].route.fen, states[g], polyglot_scheme());
  }
  std::vector<Position> positions;
  std::deque<StateInfo> states;  // the positions point into it
};

void BM_VerifiedPliesReference(benchmark::State& state) {
  const auto games = record_games(64, 120);
  const GameStarts start(games);
  const std::vector<Position>& starts = start.positions;
  std::vector<StateInfo> states(130);
  std::int64_t plies = 0, mismatches = 0;
  for (auto _ : state) {
    for (std::size_t g = 0; g < games.size(); ++g) {
      Position pos = starts[g];  // the start's StateInfo is only read
      for (std::size_t i = 0; i < games[g].moves.size(); ++i) {
        pos.make_move(games[g].moves[i], states[i]);
        mismatches += pos.compute_keys() != pos.keys();
      }
      plies += std::int64_t(games[g].moves.size());
    }
  }
  if (mismatches) state.SkipWithError("incremental and from-scratch keys differ");
  state.SetItemsProcessed(plies);
  state.counters["verified_plies_per_s"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VerifiedPliesReference);

// The two halves of a verified ply, to see where the time goes.
void BM_MakeMoveOnly(benchmark::State& state) {
  const auto games = record_games(64, 120);
  const GameStarts start(games);
  const std::vector<Position>& starts = start.positions;
  std::vector<StateInfo> states(130);
  std::int64_t plies = 0;
  for (auto _ : state) {
    for (std::size_t g = 0; g < games.size(); ++g) {
      Position pos = starts[g];
      for (std::size_t i = 0; i < games[g].moves.size(); ++i) {
        pos.make_move(games[g].moves[i], states[i]);
        benchmark::DoNotOptimize(pos.key());
      }
      plies += std::int64_t(games[g].moves.size());
    }
  }
  state.SetItemsProcessed(plies);
}
BENCHMARK(BM_MakeMoveOnly);

void BM_ComputeKeysOnly(benchmark::State& state) {
  const auto games = record_games(64, 120);
  std::vector<Position> positions;
  std::deque<StateInfo> states;
  for (const RecordedGame& g : games) {
    Position pos;
    states.emplace_back();
    (void)pos.set(g.route.fen, states.back(), polyglot_scheme());
    for (Move m : g.moves) {
      states.emplace_back();
      pos.make_move(m, states.back());
      positions.push_back(pos);
    }
  }
  std::int64_t computed = 0;
  for (auto _ : state) {
    for (const Position& pos : positions) benchmark::DoNotOptimize(pos.compute_keys());
    computed += std::int64_t(positions.size());
  }
  state.SetItemsProcessed(computed);
}
BENCHMARK(BM_ComputeKeysOnly);

void BM_VerifiedPliesThroughInterface(benchmark::State& state) {
  const auto games = record_games(8, 120);
  auto incremental = make_reference_hash(polyglot_scheme());
  auto scratch = make_reference_hash(polyglot_scheme());
  Game reference;
  std::int64_t plies = 0, mismatches = 0;
  for (auto _ : state) {
    for (const RecordedGame& g : games) {
      (void)incremental->set_position(g.route.fen, false);
      (void)reference.set(g.route.fen, polyglot_scheme());
      for (const std::string& uci : g.route.moves) {
        (void)incremental->make_move(uci);
        (void)reference.play_uci(uci);
        (void)scratch->set_position(reference.position().fen(), false);
        mismatches += *incremental->key() != *scratch->key();
      }
      plies += std::int64_t(g.route.moves.size());
    }
  }
  if (mismatches) state.SkipWithError("incremental and from-scratch keys differ");
  state.SetItemsProcessed(plies);
  state.counters["verified_plies_per_s"] =
      benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_VerifiedPliesThroughInterface);

}  // namespace
