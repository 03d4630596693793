// Per-move costs over a fixed set of positions: make+unmake (with the incremental key update),
// the same plus a from-scratch compute_keys(), compute_keys() alone, check(), legal move
// generation and legal move counting.
#include <benchmark/benchmark.h>

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using namespace zobrist_verify;

struct NamedFen {
  const char* name;
  const char* fen;
};

// Openings, middlegames with castling and promotions, and endgames with en passant.
constexpr std::array<NamedFen, 7> PositionSet{{
    {"startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"cpw3_rook_endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"cpw4_promotions", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"cpw5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
    {"en_passant_and_promotion", "8/8/8/8/2k1pP2/8/1p6/4K3 b - f3 0 1"},
    {"en_passant_kings", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"},
}};

// A position with its root state and legal moves. Held by pointer: Position points at `root`.
struct Prepared {
  Position pos;
  StateInfo root;
  MoveList moves;
};

using SchemeGetter = const KeyScheme& (*)();
using PreparedSet = std::vector<std::unique_ptr<Prepared>>;

// Parses the FENs with `scheme`; on a parse error marks the benchmark as failed and returns false.
bool prepare(benchmark::State& state, const std::vector<NamedFen>& fens, const KeyScheme& scheme,
             PreparedSet& out) {
  for (const NamedFen& named : fens) {
    auto prepared = std::make_unique<Prepared>();
    // CPW position 4 has a check no legal game gives; timing moves does not care.
    const FenOptions options{.allow_unreachable = true};
    if (auto errors = prepared->pos.set(named.fen, prepared->root, scheme, options);
        !errors.empty()) {
      state.SkipWithError((std::string(named.name) + ": " + format_errors(errors)).c_str());
      return false;
    }
    generate_legal(prepared->pos, prepared->moves);
    out.push_back(std::move(prepared));
  }
  return true;
}

std::vector<NamedFen> whole_set() {
  return {PositionSet.begin(), PositionSet.end()};
}

std::size_t count_moves(const PreparedSet& set) {
  std::size_t moves = 0;
  for (const auto& prepared : set) moves += prepared->moves.size();
  return moves;
}

// A rate counter that reads "items per second".
benchmark::Counter per_second(std::size_t items_per_iteration, benchmark::State& state) {
  return benchmark::Counter(double(items_per_iteration) * double(state.iterations()),
                            benchmark::Counter::kIsRate);
}

// The inverse, seconds per item; the reporter prints it with an SI prefix and "s" ("18.7ns").
benchmark::Counter time_each(std::size_t items_per_iteration, benchmark::State& state) {
  return benchmark::Counter(double(items_per_iteration) * double(state.iterations()),
                            benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void bm_make_unmake(benchmark::State& state, SchemeGetter scheme) {
  PreparedSet set;
  if (!prepare(state, whole_set(), scheme(), set)) return;
  StateInfo child;
  for (auto _ : state) {
    for (auto& prepared : set) {
      for (Move m : prepared->moves) {
        prepared->pos.make_move(m, child);
        benchmark::DoNotOptimize(prepared->pos.key());
        prepared->pos.unmake_move(m);
      }
    }
  }
  state.counters["moves/s"] = per_second(count_moves(set), state);
  state.counters["per_move"] = time_each(count_moves(set), state);
}

BENCHMARK_CAPTURE(bm_make_unmake, polyglot, polyglot_scheme);
BENCHMARK_CAPTURE(bm_make_unmake, stockfish, stockfish_scheme);
BENCHMARK_CAPTURE(bm_make_unmake, rustic, rustic_scheme);

// make+unmake and, in between, the three keys recomputed from the board: the difference from
// bm_make_unmake is the from-scratch cost that the incremental update saves.
void bm_make_compute_keys_unmake(benchmark::State& state, SchemeGetter scheme) {
  PreparedSet set;
  if (!prepare(state, whole_set(), scheme(), set)) return;
  StateInfo child;
  for (auto _ : state) {
    for (auto& prepared : set) {
      for (Move m : prepared->moves) {
        prepared->pos.make_move(m, child);
        benchmark::DoNotOptimize(prepared->pos.key());
        benchmark::DoNotOptimize(prepared->pos.compute_keys());
        prepared->pos.unmake_move(m);
      }
    }
  }
  state.counters["moves/s"] = per_second(count_moves(set), state);
  state.counters["per_move"] = time_each(count_moves(set), state);
}

BENCHMARK_CAPTURE(bm_make_compute_keys_unmake, polyglot, polyglot_scheme);
BENCHMARK_CAPTURE(bm_make_compute_keys_unmake, stockfish, stockfish_scheme);
BENCHMARK_CAPTURE(bm_make_compute_keys_unmake, rustic, rustic_scheme);

// compute_keys() alone, on the positions one move after the set (the same positions the two
// benchmarks above reach), each set up from its FEN so it owns its state.
// Every position one move from the set, parsed afresh (the FENs are kept alive in `fens`).
bool prepare_children(benchmark::State& state, const KeyScheme& scheme,
                      std::vector<std::string>& fens, PreparedSet& children) {
  PreparedSet roots;
  if (!prepare(state, whole_set(), scheme, roots)) return false;
  for (auto& prepared : roots) {
    for (Move m : prepared->moves) {
      StateInfo child;
      prepared->pos.make_move(m, child);
      fens.push_back(prepared->pos.fen());
      prepared->pos.unmake_move(m);
    }
  }
  std::vector<NamedFen> named;
  for (const std::string& fen : fens) named.push_back({"child", fen.c_str()});
  return prepare(state, named, scheme, children);
}

void bm_compute_keys(benchmark::State& state, SchemeGetter scheme) {
  std::vector<std::string> fens;
  PreparedSet children;
  if (!prepare_children(state, scheme(), fens, children)) return;

  for (auto _ : state) {
    for (auto& prepared : children) benchmark::DoNotOptimize(prepared->pos.compute_keys());
  }
  state.counters["positions/s"] = per_second(children.size(), state);
  state.counters["per_position"] = time_each(children.size(), state);
}

BENCHMARK_CAPTURE(bm_compute_keys, polyglot, polyglot_scheme);
BENCHMARK_CAPTURE(bm_compute_keys, stockfish, stockfish_scheme);
BENCHMARK_CAPTURE(bm_compute_keys, rustic, rustic_scheme);

// check(): every derived field recomputed and compared, as the fuzzers and properties run it
// after each action.
void bm_check(benchmark::State& state) {
  std::vector<std::string> fens;
  PreparedSet children;
  if (!prepare_children(state, polyglot_scheme(), fens, children)) return;

  for (auto _ : state) {
    for (auto& prepared : children) benchmark::DoNotOptimize(prepared->pos.check().ok());
  }
  state.counters["positions/s"] = per_second(children.size(), state);
  state.counters["per_position"] = time_each(children.size(), state);
}

BENCHMARK(bm_check);

// Legal move generation alone, on one position of the set (index into PositionSet).
void bm_generate_legal(benchmark::State& state, std::size_t index) {
  PreparedSet set;
  if (!prepare(state, {PositionSet[index]}, polyglot_scheme(), set)) return;
  const Position& pos = set.front()->pos;
  for (auto _ : state) {
    MoveList list;
    generate_legal(pos, list);
    benchmark::DoNotOptimize(list.size());
    benchmark::ClobberMemory();
  }
  state.counters["positions/s"] = per_second(1, state);
  state.counters["moves/s"] = per_second(set.front()->moves.size(), state);
}

BENCHMARK_CAPTURE(bm_generate_legal, startpos, 0);
BENCHMARK_CAPTURE(bm_generate_legal, kiwipete, 1);
BENCHMARK_CAPTURE(bm_generate_legal, cpw3_rook_endgame, 2);
BENCHMARK_CAPTURE(bm_generate_legal, cpw4_promotions, 3);
BENCHMARK_CAPTURE(bm_generate_legal, cpw5, 4);
BENCHMARK_CAPTURE(bm_generate_legal, en_passant_and_promotion, 5);
BENCHMARK_CAPTURE(bm_generate_legal, en_passant_kings, 6);

// count_legal, the move count without the list, as bulk-counted perft uses it at the last ply.
void bm_count_legal(benchmark::State& state, std::size_t index) {
  PreparedSet set;
  if (!prepare(state, {PositionSet[index]}, polyglot_scheme(), set)) return;
  const Position& pos = set.front()->pos;
  const std::size_t listed = set.front()->moves.size();
  if (std::size_t counted = count_legal(pos); counted != listed) {
    state.SkipWithError(("count_legal gave " + std::to_string(counted) + ", generate_legal " +
                         std::to_string(listed))
                            .c_str());
    return;
  }
  for (auto _ : state) benchmark::DoNotOptimize(count_legal(pos));
  state.counters["positions/s"] = per_second(1, state);
  state.counters["moves/s"] = per_second(listed, state);
}

BENCHMARK_CAPTURE(bm_count_legal, startpos, 0);
BENCHMARK_CAPTURE(bm_count_legal, kiwipete, 1);
BENCHMARK_CAPTURE(bm_count_legal, cpw3_rook_endgame, 2);
BENCHMARK_CAPTURE(bm_count_legal, cpw4_promotions, 3);
BENCHMARK_CAPTURE(bm_count_legal, cpw5, 4);
BENCHMARK_CAPTURE(bm_count_legal, en_passant_and_promotion, 5);
BENCHMARK_CAPTURE(bm_count_legal, en_passant_kings, 6);

}  // namespace
