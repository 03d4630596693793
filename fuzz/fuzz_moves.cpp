// fuzz_moves: move application. The input picks a start position and a key scheme, then up to
// 200 actions (a legal move by index, a null move, an unmake). After every action check() must
// be clean, which includes the incremental keys equalling recomputation; unmaking everything at
// the end must restore each move's keys and finally the start position. A plugin (the one linked
// in, or the one ZV_PLUGIN=PATH names: plugin_under_test.h) takes every step too, and its keys
// must equal a fresh set_fen's after each. One in 32 of the inputs whose last byte is
// LongRouteMark plays on by lengthening moves (long_route.h) past 4096 plies, checked every 64th
// ply and over its last 64, before it is all taken back (the reference alone: fuzz_movegen plays
// long routes on a plugin).
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "byte_consumer.h"
#include "fuzz_support.h"
#include "plugin_under_test.h"
#include "zobrist_verify/chess/long_route.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/chess/uci.h"

namespace {

using namespace zobrist_verify;
using namespace zv_fuzz;

constexpr std::string_view Harness = "fuzz_moves";
// Action bytes: below 0xE0 a legal move (value % number of legal moves), 0xE0-0xEF a null move,
// 0xF0-0xFF an unmake.
constexpr std::uint8_t FirstNullMove = 0xE0, FirstUnmake = 0xF0;
constexpr std::size_t MaxActions = 200;
constexpr std::size_t MaxHeader = 2 + MaxHeaderFenLength + 1;  // start kind, length, FEN, scheme
// A last byte that is a null move's (any null move byte would mark too many inputs) marks a long
// route: after the actions, lengthening moves to LongRoutePlies in all, for one marked input in 32
// (those whose bytes hash to a number with the top five bits clear). A long route costs about 30
// times a 200-action input (10 ms under the sanitizers against 0.3 ms) and adds features that
// libFuzzer keeps: with every marked input long, a 30-minute campaign's corpus ended with 363 long
// routes in 1,268 inputs, a third of the executions and nearly all of the time (285 exec/s). With
// the hash, a mutant of a long route is long once in 32, whichever byte the mutation changed.
constexpr std::uint8_t LongRouteMark = 0xEF;
constexpr int LongRouteHashBits = 5;
constexpr std::size_t LongRoutePlies = EngineHistoryPlies + 4, LongRouteChecks = 64;
constexpr std::size_t MaxDepth = MaxActions + LongRoutePlies;

// The records of the deepest walk, kept from input to input (too large for the stack).
struct Records {
  std::array<StateInfo, MaxDepth + 1> states;  // states[0] holds the start position
  std::array<Move, MaxDepth> made;             // the move under each state (null moves too)
  std::array<Keys, MaxDepth> keys_before;      // the keys each made move must restore
};

// The position as the actions leave it, with what each move must restore and every action taken.
struct Walk {
  Walk(const Start& from, const KeyScheme& keys) : start(from), scheme(keys) {}

  const Start& start;
  const KeyScheme& scheme;
  Position pos;
  Records& records = *new_records();
  std::array<StateInfo, MaxDepth + 1>& states = records.states;
  std::array<Move, MaxDepth>& made = records.made;
  std::array<Keys, MaxDepth>& keys_before = records.keys_before;
  std::size_t depth = 0;
  std::size_t lengthened = 0;  // plies of the long route played after the actions
  // Every action taken, for the reproduction; Move::none() stands for an unmake.
  std::array<Move, 2 * MaxActions> log;
  std::size_t log_size = 0;
  // The plugin taking the same steps, while it can (null when there is none).
  PluginUnderTest* plugin = nullptr;

  std::string reproduction() const {
    std::string actions;
    for (std::size_t i = 0; i < log_size; ++i)
      actions += log[i] == Move::none() ? " undo" : " " + move_to_uci(log[i], pos.is_chess960());
    if (lengthened) actions += " then " + std::to_string(lengthened) + " lengthening moves";
    return describe(start) + "\nscheme: " + scheme.name + "\nactions:" + actions +
           "\nnow: " + describe(pos);
  }

  [[noreturn]] void fail_here(const std::string& what) const {
    fail(Harness, what, reproduction());
  }

  static Records* new_records() {
    static Records* records = new Records;
    return records;
  }

  // The plugin's step after the reference's: a null move, or a take-back, to `pos`.
  void plugin_follows(bool took_back) {
    if (!plugin) return;
    const Reproduction reproduce = [this] { return reproduction(); };
    const bool on =
        took_back ? plugin->take_back(pos, reproduce) : plugin->play_null(pos, reproduce);
    if (on)
      plugin->check(pos, reproduce);
    else
      plugin = nullptr;  // a position it cannot play ends its part of the walk
  }

  // check() recomputes everything from scratch, the three keys included, and names each field
  // whose incremental value differs.
  void verify() const {
    if (const CheckReport report = pos.check(); !report.ok())
      fail_here("check() after the last action:\n" + report.to_string());
  }

  void make(Move m, bool then_check = true) {
    keys_before[depth] = pos.keys();
    made[depth] = m;
    ++depth;
    if (m == Move::null()) {
      pos.make_null_move(states[depth]);
      if (then_check) verify();
      plugin_follows(false);
      return;
    }
    if (plugin) plugin->play(move_to_uci(pos, m), pos, [this] { return reproduction(); });
    pos.make_move(m, states[depth]);
    if (then_check) verify();
    if (plugin) plugin->check(pos, [this] { return reproduction(); });
  }

  // The long route: lengthening moves to LongRoutePlies (fewer if the game ends), not logged. The
  // plugin's part of the walk ends here (fuzz_movegen plays long routes on a plugin).
  void lengthen() {
    plugin = nullptr;
    while (depth < LongRoutePlies) {
      const Move m = lengthening_move(pos, depth);
      if (m == Move::none()) return;
      ++lengthened;
      make(m, depth % LongRouteChecks == 0 || depth + LongRouteChecks >= LongRoutePlies);
    }
  }

  // Every unmake must restore the keys held before its move; `then_check` adds the full check().
  void unmake(bool then_check) {
    --depth;
    if (made[depth] == Move::null())
      pos.unmake_null_move();
    else
      pos.unmake_move(made[depth]);
    if (log_size < log.size()) log[log_size++] = Move::none();  // a long route's are not all
    if (pos.keys() != keys_before[depth])
      fail_here("unmake restored " + describe(pos.keys()) + ", expected " +
                describe(keys_before[depth]));
    if (then_check) verify();
    plugin_follows(true);
  }

  // One action byte; an action that cannot be taken here does nothing.
  void act(std::uint8_t action) {
    if (action >= FirstUnmake) {
      if (depth > 0) unmake(true);  // with nothing to take back, nothing happens
      return;
    }
    if (action >= FirstNullMove) {
      if (!pos.checkers()) logged(Move::null());  // a null move is not legal in check
      return;
    }
    const MoveList moves = legal_moves(pos);
    if (!moves.empty()) logged(moves[action % moves.size()]);  // else mate or stalemate
  }
  void logged(Move m) {
    log[log_size++] = m;
    make(m);
  }
};

// Whether the input plays a long route: its mark, and its FNV-1a hash's top bits clear (the low
// bits of FNV-1a depend only on the low bits of the bytes).
bool plays_long_route(const std::uint8_t* data, std::size_t size) {
  if (size == 0 || data[size - 1] != LongRouteMark) return false;
  std::uint32_t hash = 2166136261u;
  for (std::size_t i = 0; i < size; ++i) hash = (hash ^ data[i]) * 16777619u;
  return hash >> (32 - LongRouteHashBits) == 0;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > MaxHeader + MaxActions) return 0;  // capped: at most 200 actions are read

  ByteConsumer in(data, size);
  const Start start = read_start(in);
  Walk walk(start, read_scheme(in));
  Position& pos = walk.pos;
  if (const auto errors = pos.set(start.fen, walk.states[0], walk.scheme, start.options);
      !errors.empty()) {
    if (start.from_input) return 0;  // a fuzzed FEN that does not parse: fuzz_fen covers those
    fail(Harness, "a built-in start position does not parse:\n" + format_errors(errors),
         describe(start));
  }
  walk.plugin = PluginUnderTest::configured(Harness);
  if (walk.plugin && walk.plugin->start(pos))
    walk.plugin->check(pos, [&walk] { return walk.reproduction(); });
  else
    walk.plugin = nullptr;
  const Keys start_keys = pos.keys();
  // Reused from input to input, so that writing the FENs does not allocate.
  static std::string start_fen, end_fen;
  pos.write_fen(start_fen);
  for (std::size_t i = 0; i < MaxActions && !in.empty(); ++i) walk.act(in.byte());
  if (plays_long_route(data, size)) walk.lengthen();

  // Taking everything back is not an action of the input: each step must restore its keys, and
  // the position reached must pass check() and be the start position again.
  while (walk.depth > 0) walk.unmake(false);
  walk.verify();
  pos.write_fen(end_fen);
  if (pos.keys() != start_keys || end_fen != start_fen)
    walk.fail_here("unmaking every action left " + describe(pos) + ", expected FEN " + start_fen +
                   " with " + describe(start_keys));
  return 0;
}
