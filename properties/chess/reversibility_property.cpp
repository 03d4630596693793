// Property 2: make then unmake restores every key, and the line replayed after a full unwind gives
// the same keys. The shape is the game suite's; chess brings its session (chess_game.cpp), whose
// unmake also runs the reference's full check() report.
#include "chess/property_definitions.h"

namespace zobrist_verify::properties {

void reversibility(const PropertyContext& context) {
  games::reversibility(chess_game(context));
}

}  // namespace zobrist_verify::properties
