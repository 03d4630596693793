// A deliberately simple move generator, the independent side of fuzz_movegen's comparison. It
// copies the board into a 64-square mailbox through Position's public accessors, generates
// pseudo-legal moves square by square, makes each on a copy of the mailbox and keeps it when the
// own king is not attacked, by walking rays. It shares no code with the library's generator,
// its attack tables, Position::legal or make_move; only the Move encoding is common.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/types.h"

namespace zv_fuzz {

struct SimpleBoard {
  std::array<zobrist_verify::Piece, 64> squares{};
  zobrist_verify::Color side_to_move = zobrist_verify::White;
  zobrist_verify::Square ep_square = zobrist_verify::NoSquare;  // after any double push
  // Indexed by a single right (WhiteOO = 1, WhiteOOO = 2, BlackOO = 4, BlackOOO = 8).
  std::array<bool, 16> can_castle{};
  std::array<zobrist_verify::Square, 16> castling_rook{};
};

SimpleBoard simple_board(const zobrist_verify::Position& pos);

// Whether any piece of colour `by` attacks square s.
bool simple_attacked(const SimpleBoard& board, zobrist_verify::Square s, zobrist_verify::Color by);

// Every pseudo-legal move: the pieces' moves without regard to the own king, and castling whose
// right is held and whose path is empty. Castling as king-takes-rook; promotions to all four.
void simple_pseudo_legal_moves(const SimpleBoard& board, std::vector<zobrist_verify::Move>& out);

// Whether a pseudo-legal move is legal: castling must not start on, cross or land on an attacked
// square; every move must leave the own king unattacked after it is made on a copy.
bool simple_is_legal(const SimpleBoard& board, zobrist_verify::Move m);

// Every legal move: the pseudo-legal moves that simple_is_legal keeps.
void simple_legal_moves(const SimpleBoard& board, std::vector<zobrist_verify::Move>& out);

// Plays a move on the mailbox: captures, en passant, promotion, castling, rights and ep square.
void simple_make(SimpleBoard& board, zobrist_verify::Move m);

// Leaf count at `depth` using only the functions above.
std::uint64_t simple_perft(const SimpleBoard& board, int depth);

}  // namespace zv_fuzz
