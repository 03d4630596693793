// Property 1: after every ply the incremental keys equal the keys the same target computes from
// scratch. The shape is the game suite's (core/game_suite.h); chess brings its session
// (chess_game.cpp): generated games with every move kind, null moves included, the three keys,
// and a fresh instance for the from-scratch keys. It is the FEN reader's row under
// --move-routes-only too: the comparison with a fresh set_position is what it checks.
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

void incremental_equals_full(const PropertyContext& context) {
  tag_fen_reader_row(context, "incremental-equals-full");
  games::incremental_equals_full(chess_game(context));
}

}  // namespace zobrist_verify::properties
