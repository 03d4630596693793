// FEN speed: strict parsing with Position::set (which also computes the keys from scratch), and
// writing with Position::fen().
#include <benchmark/benchmark.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using namespace zobrist_verify;

struct FenCase {
  const char* fen;
  bool chess960;
};

// Standard openings and middlegames, Chess960 starts with Shredder castling, and endgames.
constexpr std::array<FenCase, 8> FenSet{{
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", false},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
    {"2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", true},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
    {"8/8/8/8/2k1pP2/8/1p6/4K3 b - f3 0 1", false},
    {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", false},
}};

benchmark::Counter fens_per_second(benchmark::State& state) {
  return benchmark::Counter(double(FenSet.size()) * double(state.iterations()),
                            benchmark::Counter::kIsRate);
}

void bm_fen_parse(benchmark::State& state) {
  Position pos;
  StateInfo root;
  const KeyScheme& scheme = polyglot_scheme();
  for (auto _ : state) {
    for (const FenCase& c : FenSet) {
      auto errors = pos.set(c.fen, root, scheme, FenOptions{c.chess960});
      if (!errors.empty()) {
        state.SkipWithError((std::string(c.fen) + ": " + format_errors(errors)).c_str());
        return;
      }
      benchmark::DoNotOptimize(errors);
      benchmark::DoNotOptimize(pos.key());
    }
  }
  state.counters["fens/s"] = fens_per_second(state);
}
BENCHMARK(bm_fen_parse);

void bm_fen_write(benchmark::State& state) {
  // Position points at its StateInfo, so both live together on the heap.
  struct Parsed {
    Position pos;
    StateInfo root;
  };
  std::vector<std::unique_ptr<Parsed>> parsed;
  for (const FenCase& c : FenSet) {
    auto p = std::make_unique<Parsed>();
    if (auto errors = p->pos.set(c.fen, p->root, polyglot_scheme(), FenOptions{c.chess960});
        !errors.empty()) {
      state.SkipWithError((std::string(c.fen) + ": " + format_errors(errors)).c_str());
      return;
    }
    // Every FEN of the set is already in normal form, so writing must give it back unchanged.
    if (std::string written = p->pos.fen(); written != c.fen) {
      state.SkipWithError(("fen() wrote '" + written + "' for '" + c.fen + "'").c_str());
      return;
    }
    parsed.push_back(std::move(p));
  }
  for (auto _ : state) {
    for (const auto& p : parsed) {
      std::string fen = p->pos.fen();
      benchmark::DoNotOptimize(fen.data());
    }
  }
  state.counters["fens/s"] = fens_per_second(state);
}
BENCHMARK(bm_fen_write);

}  // namespace
