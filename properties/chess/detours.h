// Detours: moves that leave a position and come back to the same placement and side to move, a
// piece going out and straight back while the other side waits likewise. Property 3 builds its
// out-and-back classes from them, and property 6 under --move-routes-only reaches a position
// whose castling rights were lost by other moves than the game's (rights_detour).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::properties {

// Whether the position a trip ends in is one its caller wants (the castling rights it lost).
using TripAccepted = std::function<bool(const Position& after)>;

// The first trip, in the order of legal moves, of the piece that `out` (a normal move to an empty
// square, by the side to move) takes out: `out`, the other side's wait, `out` reversed, the wait
// reversed, as UCI moves. A wait is a normal non-pawn move to an empty square; with
// `keep_waiter_rights` it moves no piece the waiter's castling rights hang on. `game` is left as
// it was. Nothing when no wait makes all four moves legal with `accepted` holding at the end.
std::optional<std::vector<std::string>> out_and_back(Game& game, Move out, bool keep_waiter_rights,
                                                     const TripAccepted& accepted = {});

// The same trip for the piece on `from` when the other side is to move: it waits first, then the
// piece goes out, the wait is reversed, and the piece comes back.
std::optional<std::vector<std::string>> wait_then_out_and_back(Game& game, Square from,
                                                               bool keep_waiter_rights,
                                                               const TripAccepted& accepted = {});

// Moves from `game`'s position (left as it was) after which the position has the same placement
// and side to move and the castling rights without `lost`, every other right kept: per right, its
// rook out and back, or the king out and back when `lost` holds every right its side has. A
// mechanism other than `move`'s is tried first (`move` being the move that lost the rights in a
// game: a king move, a rook move from its square, a capture of a rook on its square).
struct RightsDetour {
  std::vector<std::string> moves;
  std::string how;  // "the a8 rook out and back", "the e1 king out and back", joined by " and "
};
std::optional<RightsDetour> rights_detour(Game& game, CastlingRights lost, Move move);

}  // namespace zobrist_verify::properties
