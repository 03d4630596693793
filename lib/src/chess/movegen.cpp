// Fully legal move generation: king moves to unattacked squares, other pieces restricted to the
// check mask (capture or block the single checker) and to their pin line; en passant and
// castling are checked in full by Position::legal.
#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify {

namespace {

// Where generated moves go: written to a list, or only counted (for bulk-counted perft).
template <bool CountOnly>
struct Sink {
  Move* out = nullptr;
  std::size_t count = 0;

  void add(Move m) {
    if constexpr (CountOnly)
      ++count;
    else
      *out++ = m;
  }
  void add_promotions(Square from, Square to) {
    if constexpr (CountOnly) {
      count += 4;
    } else {
      *out++ = Move::make(MoveKind::Promotion, from, to, Queen);
      *out++ = Move::make(MoveKind::Promotion, from, to, Rook);
      *out++ = Move::make(MoveKind::Promotion, from, to, Bishop);
      *out++ = Move::make(MoveKind::Promotion, from, to, Knight);
    }
  }
  // One move from each target square back along Delta.
  template <int Delta>
  void add_pawn_moves(Bitboard targets) {
    if constexpr (CountOnly) {
      count += std::size_t(popcount(targets));
    } else {
      while (targets) {
        const Square to = pop_lsb(targets);
        *out++ = Move(to - Delta, to);
      }
    }
  }
  template <int Delta>
  void add_pawn_promotions(Bitboard targets) {
    if constexpr (CountOnly) {
      count += 4 * std::size_t(popcount(targets));
    } else {
      while (targets) {
        const Square to = pop_lsb(targets);
        add_promotions(to - Delta, to);
      }
    }
  }
  void add_piece_moves(Square from, Bitboard targets) {
    if constexpr (CountOnly) {
      count += std::size_t(popcount(targets));
    } else {
      while (targets) *out++ = Move(from, pop_lsb(targets));
    }
  }
};

template <Color Us, class S>
void generate_pawn_moves(const Position& pos, S& sink, Bitboard movable, Bitboard target) {
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
  sink.template add_pawn_moves<Up>(single & target);
  sink.template add_pawn_moves<2 * Up>(twice);
  sink.template add_pawn_moves<UpRight>(shift<UpRight>(lower) & enemies);
  sink.template add_pawn_moves<UpLeft>(shift<UpLeft>(lower) & enemies);

  const Bitboard upper = pawns & Rank7BB;
  if (upper) {
    sink.template add_pawn_promotions<Up>(shift<Up>(upper) & push_target);
    sink.template add_pawn_promotions<UpRight>(shift<UpRight>(upper) & enemies);
    sink.template add_pawn_promotions<UpLeft>(shift<UpLeft>(upper) & enemies);
  }
}

// Moves of a pawn pinned to its king: only along the pin line, never while in check.
template <Color Us, class S>
void generate_pinned_pawn(const Position& pos, S& sink, Square from, Bitboard pin_line) {
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
  if (relative_rank(Us, from) != Rank7) {
    sink.add_piece_moves(from, targets);
    return;
  }
  while (targets) sink.add_promotions(from, pop_lsb(targets));
}

template <Color Us, class S>
void generate(const Position& pos, S& sink) {
  constexpr Color Them = ~Us;
  const Square ksq = pos.king_square(Us);
  const Bitboard own = pos.pieces(Us);
  const Bitboard checkers = pos.checkers();

  // King: every destination checked with the king lifted, so it cannot hide behind itself.
  const Bitboard occupied_without_king = pos.pieces() ^ square_bb(ksq);
  for (Bitboard b = king_attacks(ksq) & ~own; b;) {
    const Square to = pop_lsb(b);
    if (!pos.attacked_by(Them, to, occupied_without_king)) sink.add(Move(ksq, to));
  }
  if (more_than_one(checkers)) return;

  const Bitboard target = (checkers ? between_bb(ksq, lsb(checkers)) : ~Bitboard(0)) & ~own;
  const Bitboard pinned = pos.blockers_for_king(Us) & own;
  const Bitboard occupied = pos.pieces();

  generate_pawn_moves<Us>(pos, sink, ~pinned, target);
  for (Bitboard b = pos.pieces(Us, Knight) & ~pinned; b;) {
    const Square from = pop_lsb(b);
    sink.add_piece_moves(from, knight_attacks(from) & target);
  }
  for (Bitboard b = pos.pieces(Us, Bishop, Queen); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = bishop_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_piece_moves(from, t);
  }
  for (Bitboard b = pos.pieces(Us, Rook, Queen); b;) {
    const Square from = pop_lsb(b);
    Bitboard t = rook_attacks(from, occupied) & target;
    if (pinned & square_bb(from)) t &= line_bb(ksq, from);
    sink.add_piece_moves(from, t);
  }
  if (!checkers) {
    for (Bitboard b = pos.pieces(Us, Pawn) & pinned; b;) {
      const Square from = pop_lsb(b);
      generate_pinned_pawn<Us>(pos, sink, from, line_bb(ksq, from));
    }
  }

  if (const Square ep = pos.ep_square(); ep != NoSquare) {
    for (Bitboard b = pawn_attacks(Them, ep) & pos.pieces(Us, Pawn); b;) {
      const Move m = Move::make(MoveKind::EnPassant, pop_lsb(b), ep);
      if (pos.legal(m)) sink.add(m);
    }
  }

  if (!checkers) {
    constexpr CastlingRights Rights[2] = {Us == White ? WhiteOO : BlackOO,
                                          Us == White ? WhiteOOO : BlackOOO};
    for (CastlingRights cr : Rights) {
      if (!pos.can_castle(cr) || pos.castling_impeded(cr)) continue;
      const Move m = Move::make(MoveKind::Castling, ksq, pos.castling_rook_square(cr));
      if (pos.legal(m)) sink.add(m);
    }
  }
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  Sink<false> sink{list.cursor()};
  if (pos.side_to_move() == White)
    generate<White>(pos, sink);
  else
    generate<Black>(pos, sink);
  list.cursor() = sink.out;
}

std::size_t count_legal(const Position& pos) {
  Sink<true> sink;
  if (pos.side_to_move() == White)
    generate<White>(pos, sink);
  else
    generate<Black>(pos, sink);
  return sink.count;
}

bool has_legal_move(const Position& pos) {
  return count_legal(pos) != 0;
}

}  // namespace zobrist_verify
