// A plugin's move generator as a perft divide, from its legal_moves (plugin.h): at depth 1 the
// legal moves themselves, deeper by playing each move on a fresh set_position of the route, so
// that the plugin's own make_move and legal_moves decide the whole tree.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/doors/plugin_hash.h"

namespace zobrist_verify {

// The divide at the end of `fen` + `moves` (UCI, in the position's own castling notation). Every
// error names the route: the plugin refusing the FEN (set_position) is of kind Refused; a move
// refused or a legal_moves that fails after it took the FEN is of kind AnsweredBadly (a fault).
[[nodiscard]] Expected<DivideCounts> plugin_perft_divide(PluginHash& plugin, std::string_view fen,
                                                         bool chess960,
                                                         const std::vector<std::string>& moves,
                                                         int depth);

}  // namespace zobrist_verify
