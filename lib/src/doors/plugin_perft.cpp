#include "zobrist_verify/doors/plugin_perft.h"

#include "zobrist_verify/chess/route.h"

namespace zobrist_verify {

namespace {

// The plugin's legal moves at the end of the route, from a fresh set_position. Only the first
// set_position of a divide (`root`) may refuse the FEN; anything after it is a fault.
Expected<std::vector<std::string>> moves_at(PluginHash& plugin, const Route& route, bool root) {
  const auto at = [&](const Error& error, ErrorKind kind) {
    return Error{error.message + " (at " + route_text(route) + ")", kind};
  };
  if (auto set = plugin.set_position(route.fen, route.chess960); !set)
    return at(set.failure(), root ? ErrorKind::Refused : ErrorKind::AnsweredBadly);
  for (const std::string& m : route.moves)
    if (auto made = plugin.make_move(m); !made) return at(made.failure(), ErrorKind::AnsweredBadly);
  auto moves = plugin.legal_moves();
  if (!moves) return at(moves.failure(), ErrorKind::AnsweredBadly);
  return moves;
}

// Leaves `depth` plies below the end of the route, by the plugin's own moves.
Expected<std::uint64_t> count_leaves(PluginHash& plugin, Route& route, int depth) {
  if (depth == 0) return std::uint64_t{1};
  auto moves = moves_at(plugin, route, false);
  if (!moves) return moves.failure();
  if (depth == 1) return std::uint64_t(moves->size());
  std::uint64_t leaves = 0;
  for (const std::string& m : *moves) {
    route.moves.push_back(m);
    auto below = count_leaves(plugin, route, depth - 1);
    route.moves.pop_back();
    if (!below) return below;
    leaves += *below;
  }
  return leaves;
}

}  // namespace

Expected<DivideCounts> plugin_perft_divide(PluginHash& plugin, std::string_view fen, bool chess960,
                                           const std::vector<std::string>& moves, int depth) {
  Route route{std::string(fen), chess960, moves};
  auto root_moves = moves_at(plugin, route, true);
  if (!root_moves) return root_moves.failure();
  DivideCounts divide;
  for (const std::string& m : *root_moves) {
    route.moves.push_back(m);
    auto leaves = count_leaves(plugin, route, depth - 1);
    route.moves.pop_back();
    if (!leaves) return leaves.failure();
    divide.moves.emplace_back(m, *leaves);
    divide.nodes += *leaves;
  }
  return divide;
}

}  // namespace zobrist_verify
