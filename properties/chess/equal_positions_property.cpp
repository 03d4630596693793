// Property 3: routes to the same position give one key, routes that differ in castling rights or
// the en-passant term do not. The shape is the game suite's equivalence; chess brings the related
// routes: the designed and generated transposition classes (transpositions.h). Under
// --move-routes-only only routes from one FEN are compared (from_start_fens).
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

void equal_positions_equal_keys(const PropertyContext& context) {
  games::equivalence(chess_game(context));
}

}  // namespace zobrist_verify::properties
