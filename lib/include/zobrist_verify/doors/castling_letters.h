// Chess960 castling rights as a door writes them for its target: Shredder letters (the castling
// rook's file, "HAha") by default, X-FEN letters on request (K/Q where the rook is the outermost
// one on its wing, the file otherwise). A door sends one form for a whole run, whatever form the
// suite wrote, so that a target that reads only one form is not failed on the other.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

enum class CastlingLetters : std::uint8_t { Shredder, XFen };

// The castling field of `pos` in `letters` ("-" without rights). Meant for a Chess960 position;
// for a standard one it gives the same letters a Chess960 reading would.
std::string chess960_castling_field(const Position& pos, CastlingLetters letters);

// `fen` with its castling field written in `letters` when `pos`, the position it describes, is
// Chess960; `fen` unchanged otherwise (standard chess keeps KQkq).
std::string with_chess960_castling(std::string_view fen, const Position& pos,
                                   CastlingLetters letters);

}  // namespace zobrist_verify
