// Fully legal move generation: king moves to unattacked squares, other pieces restricted to the
// check mask (capture or block the single checker) and to their pin line; en passant and
// castling are checked in full by Position::legal.
#include "zobrist_verify/movegen.h"

namespace zobrist_verify {

namespace {

inline Move* add_promotions(Move* out, Square from, Square to) {
  *out++ = Move::make(MoveKind::Promotion, from, to, Queen);
  *out++ = Move::make(MoveKind::Promotion, from, to, Rook);
  *out++ = Move::make(MoveKind::Promotion, from, to, Bishop);
  *out++ = Move::make(MoveKind::Promotion, from, to, Knight);
  return out;
}

template <int Delta>
inline Move* add_pawn_moves(Move* out, Bitboard targets) {
  while (targets) {
    const Square to = pop_lsb(targets);
    *out++ = Move(to - Delta, to);
  }
  return out;
}

template <int Delta>
inline Move* add_pawn_promotions(Move* out, Bitboard targets) {
  while (targets) {
    const Square to = pop_lsb(targets);
    out = add_promotions(out, to - Delta, to);
  }
  return out;
}

template <Color Us>
Move* generate_pawn_moves(const Position& pos, Move* out, Bitboard movable, Bitboard target) {
  constexpr Color Them = ~Us;
  constexpr int Up = Us == White ? 8 : -8;
  constexpr int UpRight = Us == White ? 9 : -7;
  constexpr int UpLeft = Us == White ? 7 : -9;
  constexpr Bitboard Rank7BB = rank_bb(relative_rank(Us, Rank7));
  constexpr Bitboard Rank3BB = rank_bb(relative_rank(Us, Rank3));

  const Bitboard pawns = pos.pieces(Us, Pawn) & movable;
  const Bitboard empty = ~pos.pieces();
  const Bitboard enemies = pos.pieces(Them) & target;
  const Bitboard push_target = empty & target;

  const Bitboard lower = pawns & ~Rank7BB;
  const Bitboard single = shift<Up>(lower) & empty;
  const Bitboard twice = shift<Up>(single & Rank3BB) & push_target;
  out = add_pawn_moves<Up>(out, single & target);
  out = add_pawn_moves<2 * Up>(out, twice);
  out = add_pawn_moves<UpRight>(out, shift<UpRight>(lower) & enemies);
  out = add_pawn_moves<UpLeft>(out, shift<UpLeft>(lower) & enemies);

  const Bitboard upper = pawns & Rank7BB;
  if (upper) {
    out = add_pawn_promotions<Up>(out, shift<Up>(upper) & push_target);
    out = add_pawn_promotions<UpRight>(out, shift<UpRight>(upper) & enemies);
    out = add_pawn_promotions<UpLeft>(out, shift<UpLeft>(upper) & enemies);
  }
  return out;
}

// Moves of a pawn pinned to its king: only along the pin line, never while in check.
template <Color Us>
Move* generate_pinned_pawn(const Position& pos, Move* out, Square from, Bitboard pin_line) {
  constexpr int Up = Us == White ? 8 : -8;
  const Bitboard empty = ~pos.pieces();
  Bitboard targets = pawn_attacks(Us, from) & pos.pieces(~Us);
  const Square one = from + Up;
  if (empty & square_bb(one)) {
    targets |= square_bb(one);
    if (relative_rank(Us, from) == Rank2 && (empty & square_bb(one + Up)))
      targets |= square_bb(one + Up);
  }
  targets &= pin_line;
  const bool promotes = relative_rank(Us, from) == Rank7;
  while (targets) {
    const Square to = pop_lsb(targets);
    if (promotes) out = add_promotions(out, from, to);
    else *out++ = Move(from, to);
  }
  return out;
}

template <Color Us>
Move* generate(const Position& pos, Move* out) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard own = pos.pieces(Us);
  const Bitboard checkers = pos.checkers();

  // King: every destination checked with the king lifted, so it cannot hide behind itself.
  const Bitboard occupied_without_king = pos.pieces() ^ square_bb(ksq);
  for (Bitboard b = king_attacks(ksq) & ~own; b;) {
    const Square to = pop_lsb(b);
    if (!pos.attacked_by(Them, to, occupied_without_king)) *out++ = Move(ksq, to);
  }
  if (more_than_one(checkers)) return out;

  const Bitboard target = (checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0)) & ~own;
  const Bitboard pinned = pos.blockers_for_king(Us) & own;
  const Bitboard occupied = pos.pieces();

  out = generate_pawn_moves<Us>(pos, out, ~pinned, target);
  for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
    const Square from = pop_lsb(b);
    for (Bitboard t = knight_attacks(from) & target; t;) *out++ = Move(from, pop_lsb(t));
  }
  for (PieceType pt : {Bishop, Rook, Queen}) {
    for (Bitboard b = pos.pieces(Us, pt); b;) {
      const Square from = pop_lsb(b);
      Bitboard t = attacks_bb(pt, from, occupied) & target;
      if (pinned & square_bb(from)) t &= line_bb(ksq, from);
      while (t) *out++ = Move(from, pop_lsb(t));
    }
  }
  if (!checkers) {
    for (Bitboard b = pos.pieces(Us, Pawn) & pinned; b;) {
      const Square from = pop_lsb(b);
      out = generate_pinned_pawn<Us>(pos, out, from, line_bb(ksq, from));
    }
  }

  if (const Square ep = pos.ep_square(); ep != NoSquare) {
    for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, Pawn); b;) {
      const Move m = Move::make(MoveKind::EnPassant, pop_lsb(b), ep);
      if (pos.legal(m)) *out++ = m;
    }
  }

  if (!checkers) {
    constexpr CastlingRights Rights[2] = {Us == White ? WhiteOO : BlackOO,
                                          Us == White ? WhiteOOO : BlackOOO};
    for (CastlingRights cr : Rights) {
      if (!pos.can_castle(cr) || pos.castling_impeded(cr)) continue;
      const Move m = Move::make(MoveKind::Castling, ksq, pos.castling_rook_square(cr));
      if (pos.legal(m)) *out++ = m;
    }
  }
  return out;
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  list.cursor() = pos.side_to_move() == White ? generate<White>(pos, list.cursor())
                                              : generate<Black>(pos, list.cursor());
}

bool has_legal_move(const Position& pos) { return !legal_moves(pos).empty(); }

}  // namespace zobrist_verify
