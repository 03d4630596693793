// UCI move notation: "e2e4", "e7e8q"; castling as e1g1, or king-takes-rook (e1h1) in Chess960.
#pragma once

#include <string>
#include <string_view>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

std::string move_to_uci(Move m, bool chess960);
inline std::string move_to_uci(const Position& pos, Move m) {
  return move_to_uci(m, pos.is_chess960());
}
// Parses a UCI move and checks that it is legal. In standard chess castling may be written
// e1g1 or e1h1. The error names the move, the position (FEN) and the reason.
[[nodiscard]] Expected<Move> parse_uci_move(const Position& pos, std::string_view text);

}  // namespace zobrist_verify
