// The legal move generator.
#pragma once

#include <algorithm>
#include <cstddef>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

// No chess position has more than 218 legal moves.
constexpr std::size_t MaxMoves = 256;

class MoveList {
 public:
  const Move* begin() const { return moves_; }
  const Move* end() const { return last_; }
  std::size_t size() const { return std::size_t(last_ - moves_); }
  bool empty() const { return last_ == moves_; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
  Move*& cursor() { return last_; }

 private:
  Move moves_[MaxMoves];
  Move* last_ = moves_;
};

// Appends every legal move of the position: captures, quiets, promotions (all four pieces),
// en passant and castling (encoded king-takes-rook).
void generate_legal(const Position& pos, MoveList& list);
inline MoveList legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}
// The number of legal moves, without writing them (what bulk-counted perft needs).
std::size_t count_legal(const Position& pos);
// Whether the side to move has at least one legal move.
bool has_legal_move(const Position& pos);

}  // namespace zobrist_verify
