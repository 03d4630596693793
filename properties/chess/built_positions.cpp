#include "chess/built_positions.h"

#include <array>

namespace zobrist_verify::properties {

Square random_empty(const Board& board, Choices& rng, bool for_pawn) {
  // One choice among the squares that may take it, a1 first: it shrinks towards the lowest.
  std::array<Square, SquareCount> free{};
  unsigned count = 0;
  for (Square s = A1; s < SquareCount; ++s)
    if (board[s] == NoPiece && (!for_pawn || (rank_of(s) != Rank1 && rank_of(s) != Rank8)))
      free[count++] = s;
  return free[rng.below(count)];
}

std::optional<std::string> some_fen(const Board& board, Choices& rng, std::optional<Color> side) {
  const Color first = side ? *side : rng.chance(50) ? White : Black;
  for (Color c : {first, ~first}) {
    const std::string fen = join_fen({placement_field(board), c == White ? "w" : "b", "-", "-"});
    if (fen_is_valid(fen)) return fen;
    if (side) break;
  }
  return std::nullopt;
}

}  // namespace zobrist_verify::properties
