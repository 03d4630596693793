// Perft speed in nodes per second: bulk-counted (the last ply counted by the size of the move
// list) and with make/unmake at every leaf, so keys are updated at every node.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using namespace zobrist_verify;

constexpr const char* StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr const char* KiwipeteFen =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Node counts from corpus/perft/standard.epd, so a wrong generator shows up as an error rather
// than as a fast benchmark.
struct PerftRun {
  const char* fen;
  int depth;
  std::uint64_t expected_nodes;
};

constexpr PerftRun StartDepth6{StartFen, 6, 119060324};
constexpr PerftRun StartDepth5{StartFen, 5, 4865609};
constexpr PerftRun KiwipeteDepth5{KiwipeteFen, 5, 193690690};
constexpr PerftRun KiwipeteDepth4{KiwipeteFen, 4, 4085603};

// Stockfish's tables with castling keyed by rook square, its single-right keys on the corner
// squares: the same work through the rook-square branch of the castling term.
const KeyScheme& rook_square_scheme() {
  static const KeyScheme scheme = [] {
    KeyScheme s = stockfish_scheme();
    s.name = "stockfish-by-rook-square";
    s.castling_keying = CastlingKeying::RookSquare;
    s.castling_rook[H1] = s.castling[WhiteOO];
    s.castling_rook[A1] = s.castling[WhiteOOO];
    s.castling_rook[H8] = s.castling[BlackOO];
    s.castling_rook[A8] = s.castling[BlackOOO];
    s.castling = {};
    return s;
  }();
  return scheme;
}

using PerftFunction = std::uint64_t (*)(Position&, int);
using SchemeGetter = const KeyScheme& (*)();

void bm_perft(benchmark::State& state, PerftFunction count, PerftRun run, SchemeGetter scheme) {
  Position pos;
  StateInfo root;
  if (auto errors = pos.set(run.fen, root, scheme()); !errors.empty()) {
    state.SkipWithError(format_errors(errors).c_str());
    return;
  }
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = count(pos, run.depth);
    benchmark::DoNotOptimize(nodes);
  }
  if (nodes != run.expected_nodes) {
    std::string message = "perft " + std::to_string(run.depth) + " gave " + std::to_string(nodes) +
                          " nodes, expected " + std::to_string(run.expected_nodes);
    state.SkipWithError(message.c_str());
    return;
  }
  state.counters["nodes/s"] =
      benchmark::Counter(double(nodes) * double(state.iterations()), benchmark::Counter::kIsRate);
}

// Depths chosen so one iteration takes roughly 0.1-0.5 s on a current x86-64 core.
BENCHMARK_CAPTURE(bm_perft, bulk_startpos_d6, perft, StartDepth6, polyglot_scheme)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_perft, bulk_kiwipete_d5, perft, KiwipeteDepth5, polyglot_scheme)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_perft, full_startpos_d5_polyglot, perft_full, StartDepth5, polyglot_scheme)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_perft, full_kiwipete_d4_polyglot, perft_full, KiwipeteDepth4, polyglot_scheme)
    ->Unit(benchmark::kMillisecond);
// Stockfish's tables through the same incremental code path: expected to cost what Polyglot's do.
BENCHMARK_CAPTURE(bm_perft, full_startpos_d5_stockfish, perft_full, StartDepth5, stockfish_scheme)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_perft, full_kiwipete_d4_stockfish, perft_full, KiwipeteDepth4,
                  stockfish_scheme)
    ->Unit(benchmark::kMillisecond);
// Castling keyed by rook square: expected to cost what the rights-mask table does.
BENCHMARK_CAPTURE(bm_perft, full_startpos_d5_rook_square, perft_full, StartDepth5,
                  rook_square_scheme)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(bm_perft, full_kiwipete_d4_rook_square, perft_full, KiwipeteDepth4,
                  rook_square_scheme)
    ->Unit(benchmark::kMillisecond);

}  // namespace
