// fuzz_movegen: differential move generation. The input picks a start position and walks up to
// 16 plies (each byte a legal move by index); at every position on the way all implementations of
// move_generators.h must generate the same move set and Position::legal must judge every
// pseudo-legal move as the simple generator does; at the end they must count the same perft(2).
// A plugin's move generator and keys are checked on the same walk: the one linked in, or the one
// ZV_PLUGIN=PATH names (plugin_under_test.h); an input whose last byte is LongRouteMark then plays
// on by lengthening moves (long_route.h) past 4096 plies, the plugin checked every 256th ply and
// at the end.
#include <vector>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>

#include "byte_consumer.h"
#include "fuzz_support.h"
#include "move_generators.h"
#include "plugin_under_test.h"
#include "zobrist_verify/chess/long_route.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/chess/uci.h"

namespace {

using namespace zobrist_verify;

constexpr std::uint8_t LongRouteMark = 0xEF;
constexpr std::size_t LongRoutePlies = EngineHistoryPlies + 4, LongRouteChecks = 256;

// The long route: lengthening moves from `pos` (left where they end) on the reference and the
// plugin; false when the plugin refuses one.
bool lengthen(zv_fuzz::PluginUnderTest& plugin, Position& pos, const std::string& reproduction) {
  static std::vector<StateInfo> states(LongRoutePlies);  // kept from input to input
  for (std::size_t ply = 0; ply < LongRoutePlies; ++ply) {
    const Move m = lengthening_move(pos, ply);
    if (m == Move::none()) break;
    if (!plugin.play_on(move_to_uci(pos, m))) return false;
    pos.make_move(m, states[ply]);
    if (ply % LongRouteChecks == LongRouteChecks - 1 || ply + 1 == LongRoutePlies)
      plugin.check(pos, [&] { return reproduction + " (" + std::to_string(ply + 1) + ")"; });
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace zobrist_verify;
  using namespace zv_fuzz;
  constexpr std::string_view Harness = "fuzz_movegen";
  constexpr std::size_t MaxPlies = 16;
  constexpr int PerftDepth = 2;
  constexpr std::size_t MaxHeader = 2 + MaxHeaderFenLength + 1;  // start kind, length, FEN, scheme
  if (size > MaxHeader + MaxPlies) return 0;  // capped: at most 16 plies are read

  ByteConsumer in(data, size);
  const Start start = read_start(in);
  // Move generation does not depend on the scheme; the byte keeps the header of fuzz_moves, so
  // the two harnesses can share seeds.
  const KeyScheme& scheme = read_scheme(in);

  std::array<StateInfo, MaxPlies + 1> states;
  Position pos;
  if (const auto errors = pos.set(start.fen, states[0], scheme, start.options); !errors.empty()) {
    if (start.from_input) return 0;  // a fuzzed FEN that does not parse: fuzz_fen covers those
    fail(Harness, "a built-in start position does not parse:\n" + format_errors(errors),
         describe(start));
  }
  std::string path;  // UCI moves from the start, for the reproduction
  auto reproduction = [&] { return describe(start) + "\nmoves:" + path; };
  // The plugin plays the walk too (a position it cannot take ends its part).
  PluginUnderTest* plugin = PluginUnderTest::configured(Harness);
  if (plugin && !plugin->start(pos)) plugin = nullptr;

  for (std::size_t ply = 0;; ++ply) {
    const std::string repro = reproduction();
    require_same_moves(Harness, pos, repro);
    require_legal_agrees(Harness, pos, repro);
    if (plugin) plugin->check(pos, [&repro] { return repro; });
    if (ply == MaxPlies || in.empty()) break;  // the walk is over: compare perft here
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;  // mate or stalemate: no move to walk on with
    const Move m = moves[in.byte() % moves.size()];
    path += " " + move_to_uci(pos, m);
    if (plugin) plugin->play(move_to_uci(pos, m), pos, reproduction);
    pos.make_move(m, states[ply + 1]);
  }
  if (plugin && size > 0 && data[size - 1] == LongRouteMark) {
    const std::string repro = reproduction() + " then lengthening moves";
    if (!lengthen(*plugin, pos, repro)) plugin = nullptr;
  }
  require_same_perft(Harness, pos, PerftDepth, reproduction());
  return 0;
}
