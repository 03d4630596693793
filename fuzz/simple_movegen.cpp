// The simple move generator: mailbox, offsets and ray walks, make-and-test legality.
#include "simple_movegen.h"

#include <algorithm>

namespace zv_fuzz {

using namespace zobrist_verify;

namespace {

struct Step {
  int file, rank;
};
constexpr Step KnightSteps[] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Step KingSteps[] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Step RookSteps[] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
constexpr Step BishopSteps[] = {{1, 1}, {-1, 1}, {-1, -1}, {1, -1}};
constexpr PieceType PromotionTypes[] = {Queen, Rook, Bishop, Knight};

bool on_board(int file, int rank) {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}
Square square_at(int file, int rank) {
  return Square(rank * 8 + file);
}

Piece piece_at(const SimpleBoard& b, int file, int rank) {
  return on_board(file, rank) ? b.squares[square_at(file, rank)] : NoPiece;
}

bool is(Piece pc, Color c, PieceType pt) {
  return pc != NoPiece && pc == make_piece(c, pt);
}

Square find_king(const SimpleBoard& b, Color c) {
  for (int s = 0; s < 64; ++s)
    if (is(b.squares[s], c, King)) return Square(s);
  return NoSquare;
}

// A slider of colour `by` on the first occupied square along each ray, of a type that moves so.
bool ray_attacked(const SimpleBoard& b, int file, int rank, Color by, const Step (&steps)[4],
                  PieceType slider) {
  for (const Step d : steps) {
    for (int f = file + d.file, r = rank + d.rank; on_board(f, r); f += d.file, r += d.rank) {
      const Piece pc = b.squares[square_at(f, r)];
      if (pc == NoPiece) continue;
      if (is(pc, by, slider) || is(pc, by, Queen)) return true;
      break;
    }
  }
  return false;
}

void add_pawn_move(std::vector<Move>& out, Square from, Square to, bool promotes) {
  if (!promotes) {
    out.push_back(Move(from, to));
    return;
  }
  for (PieceType pt : PromotionTypes) out.push_back(Move::make(MoveKind::Promotion, from, to, pt));
}

void pawn_moves(const SimpleBoard& b, Square from, std::vector<Move>& out) {
  const Color us = b.side_to_move;
  const int f = file_of(from), r = rank_of(from);
  const int forward = us == White ? 1 : -1;
  const int start_rank = us == White ? 1 : 6, last_rank = us == White ? 7 : 0;
  const bool promotes = r + forward == last_rank;
  if (on_board(f, r + forward) && piece_at(b, f, r + forward) == NoPiece) {
    add_pawn_move(out, from, square_at(f, r + forward), promotes);
    if (r == start_rank && piece_at(b, f, r + 2 * forward) == NoPiece)
      out.push_back(Move(from, square_at(f, r + 2 * forward)));
  }
  for (int side : {-1, 1}) {
    if (!on_board(f + side, r + forward)) continue;
    const Square to = square_at(f + side, r + forward);
    const Piece target = b.squares[to];
    if (target != NoPiece && color_of(target) != us)
      add_pawn_move(out, from, to, promotes);
    else if (target == NoPiece && to == b.ep_square)
      out.push_back(Move::make(MoveKind::EnPassant, from, to));
  }
}

void step_moves(const SimpleBoard& b, Square from, const Step (&steps)[8], std::vector<Move>& out) {
  for (const Step d : steps) {
    const int f = file_of(from) + d.file, r = rank_of(from) + d.rank;
    if (!on_board(f, r)) continue;
    const Piece target = b.squares[square_at(f, r)];
    if (target == NoPiece || color_of(target) != b.side_to_move)
      out.push_back(Move(from, square_at(f, r)));
  }
}

void slide_moves(const SimpleBoard& b, Square from, const Step (&steps)[4],
                 std::vector<Move>& out) {
  for (const Step d : steps) {
    for (int f = file_of(from) + d.file, r = rank_of(from) + d.rank; on_board(f, r);
         f += d.file, r += d.rank) {
      const Piece target = b.squares[square_at(f, r)];
      if (target == NoPiece || color_of(target) != b.side_to_move)
        out.push_back(Move(from, square_at(f, r)));
      if (target != NoPiece) break;
    }
  }
}

// Castling candidates: the right is held, the rook is in place, and every square king and rook
// cross or land on is empty but for the two of them. Attacks are simple_is_legal's business.
void castling_moves(const SimpleBoard& b, std::vector<Move>& out) {
  const Color us = b.side_to_move;
  const Square king = find_king(b, us);
  if (king == NoSquare) return;  // no king to castle with
  const int back = us == White ? 0 : 7;
  for (const CastlingRights cr : {us & WhiteOO, us & WhiteOOO, us & BlackOO, us & BlackOOO}) {
    if (cr == NoCastling || !b.can_castle[cr]) continue;
    const Square rook = b.castling_rook[cr];
    if (!is(b.squares[rook], us, Rook) || rank_of(king) != back) continue;
    const bool king_side = (cr & (WhiteOO | BlackOO)) != 0;
    const int king_to = king_side ? 6 : 2, rook_to = king_side ? 5 : 3;
    auto path_clear = [&](int a, int z) {
      for (int f = std::min(a, z); f <= std::max(a, z); ++f) {
        const Square s = square_at(f, back);
        if (s != king && s != rook && b.squares[s] != NoPiece) return false;
      }
      return true;
    };
    if (path_clear(file_of(king), king_to) && path_clear(file_of(rook), rook_to))
      out.push_back(Move::make(MoveKind::Castling, king, rook));
  }
}

}  // namespace

SimpleBoard simple_board(const Position& pos) {
  SimpleBoard b;
  for (int s = 0; s < 64; ++s) b.squares[s] = pos.piece_on(Square(s));
  b.side_to_move = pos.side_to_move();
  b.ep_square = pos.ep_square();
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    b.can_castle[cr] = pos.can_castle(cr);
    b.castling_rook[cr] = pos.castling_rook_square(cr);
  }
  return b;
}

bool simple_attacked(const SimpleBoard& b, Square s, Color by) {
  const int f = file_of(s), r = rank_of(s);
  // A pawn attacks one rank forward, so the attacker stands one rank behind s from its side.
  const int pawn_rank = by == White ? r - 1 : r + 1;
  if (is(piece_at(b, f - 1, pawn_rank), by, Pawn) || is(piece_at(b, f + 1, pawn_rank), by, Pawn))
    return true;
  for (const Step d : KnightSteps)
    if (is(piece_at(b, f + d.file, r + d.rank), by, Knight)) return true;
  for (const Step d : KingSteps)
    if (is(piece_at(b, f + d.file, r + d.rank), by, King)) return true;
  return ray_attacked(b, f, r, by, RookSteps, Rook) ||
         ray_attacked(b, f, r, by, BishopSteps, Bishop);
}

void simple_make(SimpleBoard& b, Move m) {
  const Color us = b.side_to_move;
  const Square from = m.from(), to = m.to();
  const Piece moving = b.squares[from];
  Square ep = NoSquare;
  if (m.kind() == MoveKind::Castling) {
    const bool king_side = to > from;
    const int back = us == White ? 0 : 7;
    b.squares[from] = NoPiece;
    b.squares[to] = NoPiece;
    b.squares[square_at(king_side ? 6 : 2, back)] = make_piece(us, King);
    b.squares[square_at(king_side ? 5 : 3, back)] = make_piece(us, Rook);
  } else {
    if (m.kind() == MoveKind::EnPassant) b.squares[square_at(file_of(to), rank_of(from))] = NoPiece;
    b.squares[to] = m.kind() == MoveKind::Promotion ? make_piece(us, m.promotion_type()) : moving;
    b.squares[from] = NoPiece;
    if (type_of(moving) == Pawn &&
        (rank_of(to) - rank_of(from) == 2 || rank_of(from) - rank_of(to) == 2))
      ep = square_at(file_of(from), (rank_of(from) + rank_of(to)) / 2);
  }
  // A king move (castling included) gives up both rights; touching a castling rook's square
  // gives up that right.
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    const bool owner_king_moved =
        type_of(moving) == King && color_of(moving) == ((cr & WhiteCastling) ? White : Black);
    if (owner_king_moved || from == b.castling_rook[cr] || to == b.castling_rook[cr])
      b.can_castle[cr] = false;
  }
  b.ep_square = ep;
  b.side_to_move = ~us;
}

void simple_pseudo_legal_moves(const SimpleBoard& b, std::vector<Move>& pseudo) {
  for (int s = 0; s < 64; ++s) {
    const Piece pc = b.squares[s];
    if (pc == NoPiece || color_of(pc) != b.side_to_move) continue;
    switch (type_of(pc)) {
      case Pawn:
        pawn_moves(b, Square(s), pseudo);
        break;
      case Knight:
        step_moves(b, Square(s), KnightSteps, pseudo);
        break;
      case Bishop:
        slide_moves(b, Square(s), BishopSteps, pseudo);
        break;
      case Rook:
        slide_moves(b, Square(s), RookSteps, pseudo);
        break;
      case Queen:
        slide_moves(b, Square(s), BishopSteps, pseudo);
        slide_moves(b, Square(s), RookSteps, pseudo);
        break;
      case King:
        step_moves(b, Square(s), KingSteps, pseudo);
        break;
      default:
        break;
    }
  }
  castling_moves(b, pseudo);
}

bool simple_is_legal(const SimpleBoard& b, Move m) {
  const Color us = b.side_to_move;
  if (m.kind() == MoveKind::Castling) {
    // The king may not castle out of or through check; the landing square is tested below, after
    // the rook has moved too. (With king and rook still in place no attack on the king's path is
    // hidden: a rank attacker behind either would already hit the king or its destination.)
    const int back = rank_of(m.from()), king_to = m.to() > m.from() ? 6 : 2;
    const int low = std::min<int>(file_of(m.from()), king_to);
    const int high = std::max<int>(file_of(m.from()), king_to);
    for (int f = low; f <= high; ++f)
      if (simple_attacked(b, square_at(f, back), ~us)) return false;
  }
  SimpleBoard after = b;
  simple_make(after, m);
  const Square king = find_king(after, us);
  return king != NoSquare && !simple_attacked(after, king, ~us);
}

void simple_legal_moves(const SimpleBoard& b, std::vector<Move>& out) {
  std::vector<Move> pseudo;
  simple_pseudo_legal_moves(b, pseudo);
  for (const Move m : pseudo)
    if (simple_is_legal(b, m)) out.push_back(m);
}

std::uint64_t simple_perft(const SimpleBoard& board, int depth) {
  if (depth <= 0) return 1;
  std::vector<Move> moves;
  simple_legal_moves(board, moves);
  if (depth == 1) return moves.size();
  std::uint64_t nodes = 0;
  for (const Move m : moves) {
    SimpleBoard after = board;
    simple_make(after, m);
    nodes += simple_perft(after, depth - 1);
  }
  return nodes;
}

}  // namespace zv_fuzz
