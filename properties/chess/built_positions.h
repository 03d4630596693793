// Boards built by a property's choices (core/choices.h), so that a failing case shrinks to a
// simpler board of the same kind: the choices RapidCheck shrinks, kept apart from
// position_tools.h, which the mutant plugins compile without RapidCheck.
#pragma once

#include <optional>
#include <string>

#include "chess/position_tools.h"
#include "core/choices.h"

namespace zobrist_verify::properties {

// An empty square of `board` chosen with `rng`, off the back ranks when `for_pawn`; the board must
// have one.
Square random_empty(const Board& board, Choices& rng, bool for_pawn);
// A valid FEN for `board` with no castling and no en passant: the side to move drawn with `rng`
// (the other one when the drawn side cannot be to move), or only `side` when given. Nothing when
// no side gives a valid position.
std::optional<std::string> some_fen(const Board& board, Choices& rng,
                                    std::optional<Color> side = std::nullopt);

}  // namespace zobrist_verify::properties
