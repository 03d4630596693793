// Routes longer than engines keep a history for. Fruit 2.1 writes each ply of a game into a
// 4096-entry history without a bound check; the property generators and the fuzzers send a route
// past that now and then, lengthened by moves that keep the game going.
#pragma once

#include <cstddef>
#include <cstdint>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

// The longest game history an engine is known to keep unchecked (Fruit 2.1's); a long route is
// longer.
constexpr std::size_t EngineHistoryPlies = 4096;

// A move that lengthens the game at `pos` without ending it: a quiet move of a piece (not a pawn's,
// not a capture, not castling: the material stays, so such moves can go on for thousands of plies)
// that gives no check (a check may leave only a capture) and after which the opponent has a legal
// move, the `choice`-th of them counted round; failing that, any legal move after which the
// opponent has one; Move::none() when no move keeps the game going. The halfmove clock grows past
// 100 on the way, which hashing ignores.
Move lengthening_move(const Position& pos, std::uint64_t choice);

}  // namespace zobrist_verify
