// The reachability rules of reachability.h, computed from bitboards.
#include "reachability.h"

#include "zobrist_verify/chess/bitboard.h"

namespace zobrist_verify {

namespace {

constexpr Bitboard DarkSquares = 0xAA55AA55AA55AA55ULL;  // a1, c1, ..., h8

// How many pieces of each group a side starts with.
constexpr std::array<int, MaterialGroupCount> StartCounts = {1, 2, 2, 1, 1};

bool on_edge(Square s) {
  return file_of(s) == FileA || file_of(s) == FileH;
}

}  // namespace

DoublePushUndo undo_double_push(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  DoublePushUndo undo;
  undo.to = pos.ep_square() - pawn_push(us);
  undo.from = pos.ep_square() + pawn_push(us);
  const Square king = pos.king_square(us);
  const Bitboard before = pos.pieces() ^ square_bb(undo.to) ^ square_bb(undo.from);
  undo.attackers = (pos.attackers_to(king, before) & pos.pieces(them) & ~square_bb(undo.to)) |
                   (pawn_attacks(us, king) & square_bb(undo.from));
  return undo;
}

CastlingStartConflicts find_castling_start_conflicts(const Position& pos) {
  CastlingStartConflicts conflicts;
  for (const Color c : {White, Black})
    if (pos.can_castle(c & AnyCastling) && on_edge(pos.king_square(c)))
      conflicts.kings_on_edge |= square_bb(pos.king_square(c));
  const bool both = pos.can_castle(WhiteCastling) && pos.can_castle(BlackCastling);
  conflicts.king_files_differ = both && !conflicts.kings_on_edge &&
                                file_of(pos.king_square(White)) != file_of(pos.king_square(Black));
  for (const CastlingRights black : {BlackOO, BlackOOO}) {
    const auto white = CastlingRights(black >> 2);  // the same wing
    if (pos.can_castle(white) && pos.can_castle(black) &&
        file_of(pos.castling_rook_square(white)) != file_of(pos.castling_rook_square(black)))
      conflicts.rook_files_differ = conflicts.rook_files_differ | black;
  }
  return conflicts;
}

MaterialCount count_material(const Position& pos, Color c) {
  const Bitboard bishops = pos.pieces(c, Bishop);
  const std::array<Bitboard, MaterialGroupCount> groups = {
      pos.pieces(c, Queen), pos.pieces(c, Rook), pos.pieces(c, Knight), bishops & ~DarkSquares,
      bishops & DarkSquares};
  MaterialCount count;
  count.pawns = popcount(pos.pieces(c, Pawn));
  for (std::size_t g = 0; g < MaterialGroupCount; ++g) {
    const int extra = popcount(groups[g]) - StartCounts[g];
    if (extra <= 0) continue;
    count.promotions += extra;
    count.over[g] = groups[g];
  }
  return count;
}

}  // namespace zobrist_verify
