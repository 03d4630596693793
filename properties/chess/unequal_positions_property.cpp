// Property 4: no two of at least 10^5 distinct positions share a 64-bit key. The shape is the game
// suite's sweep; chess brings where sampled lines start (the start position, the corpus, fuzzed
// FENs), which positions may share a key (a clock-keyed target's), and how a failure is shown
// (chess_game.cpp). The sweep scales with the case budget: 10^5 positions per 100 cases. Under
// --move-routes-only every line starts at the start position, so that every two positions are
// compared as reached by moves from one FEN.
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

void unequal_positions_unequal_keys(const PropertyContext& context) {
  // Under --move-routes-only every line starts at the start position (chess_game.cpp).
  if (context.move_routes_only) tag_case("every line from the start position");
  games::unequal_positions_unequal_keys(chess_game(context), context.cases);
}

}  // namespace zobrist_verify::properties
