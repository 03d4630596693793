// Transposition classes: routes (a FEN and moves from it) that reach positions the reference calls
// equal or nearly equal. Property 3 checks that routes to equal positions get equal keys and that
// routes differing only in castling rights or the en-passant term get different keys.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "chess/generators.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/route.h"

namespace zobrist_verify::properties {

struct TranspositionClass {
  TranspositionClass() = default;
  TranspositionClass(std::string label_, std::vector<Route> routes_,
                     std::vector<Route> move_forms_ = {})
      : label(std::move(label_)), routes(std::move(routes_)), move_forms(std::move(move_forms_)) {}

  std::string label;
  std::vector<Route> routes;
  // Routes by moves from the start FENs of `routes` that reach the positions of its bare FENs
  // other than those: under --move-routes-only they stand in for them (from_start_fens).
  std::vector<Route> move_forms;
};

// Under --move-routes-only: the class's routes from its own start FENs (those its routes with
// moves start from), bare FENs of other positions replaced by its move forms; nothing when no two
// of them start from one FEN, which is then all a pair may share.
std::optional<TranspositionClass> from_start_fens(const TranspositionClass& cls);

// Built by hand: e2e4 against e2e3 ... e3e4 with waiting moves; capturable, pinned and
// check-evading double pushes against single pushes; castling rights lost by king and rook
// moves out and back against kept; rooks captured on their corners; Chess960 castling.
const std::vector<TranspositionClass>& designed_classes();

// Built from a generated game; nothing when the game offers no such class. `seed` picks where.
// Two moves of one side swapped (plies i and i+2) where both orders are legal.
std::optional<TranspositionClass> swapped_moves_class(const PlayedGame& game, unsigned seed);
// A double push against the same pawn pushed twice (from a FEN with it one square up), and the
// resulting FEN with and without its en-passant square.
std::optional<TranspositionClass> double_push_class(const PlayedGame& game, unsigned seed);
// A king or rook with a castling right moving out and back (the opponent waiting likewise)
// against the position before, and against its FEN with the right removed.
std::optional<TranspositionClass> out_and_back_class(const PlayedGame& game, unsigned seed);
// A position after a double push, reached by moves, against its FEN with and without the
// en-passant square.
std::optional<TranspositionClass> en_passant_field_class(const PlayedGame& game, unsigned seed);

// Plays a route on `game` (scheme: Polyglot); false if its FEN or a move is rejected.
bool replay(Game& game, const Route& route);

}  // namespace zobrist_verify::properties
