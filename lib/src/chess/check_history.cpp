// The one-ply retro-analysis of check_history.h. A taken-back move is applied to bitboards only
// (the opponent's pieces and the occupancy), so the analysis allocates nothing.
#include "check_history.h"

#include "zobrist_verify/chess/bitboard.h"

namespace zobrist_verify {

namespace {

// The opponent's pieces and the occupancy: all the attack test needs.
struct Attackers {
  Bitboard occupied;
  Bitboard pawns, knights, diagonal, orthogonal, king;  // diagonal and orthogonal hold queens
};

void toggle(Attackers& a, PieceType pt, Square s) {
  const Bitboard b = square_bb(s);
  switch (pt) {
    case Pawn:
      a.pawns ^= b;
      break;
    case Knight:
      a.knights ^= b;
      break;
    case Bishop:
      a.diagonal ^= b;
      break;
    case Rook:
      a.orthogonal ^= b;
      break;
    case Queen:
      a.diagonal ^= b;
      a.orthogonal ^= b;
      break;
    case King:
      a.king ^= b;
      break;
    default:
      break;
  }
}

// Takes back the opponent's moves one candidate at a time and asks whether our king was safe
// before. Candidates are a superset of the real last moves: checks the board cannot rule out
// (such as whether a capture's victim existed) are left out, which can only accept more.
class LastMoveSearch {
 public:
  explicit LastMoveSearch(const Position& pos)
      : pos_(pos),
        us_(pos.side_to_move()),
        them_(~us_),
        king_(pos.king_square(us_)),
        push_(pawn_push(them_)),
        now_{pos.pieces(),
             pos.pieces(them_, Pawn),
             pos.pieces(them_, Knight),
             pos.pieces(them_, Bishop, Queen),
             pos.pieces(them_, Rook, Queen),
             pos.pieces(them_, King)} {}

  // Whether the double push that ends on `to` leaves our king safe before it.
  bool double_push_possible(Square to) const {
    return safe_before(Pawn, to, Pawn, to - 2 * push_, false);
  }

  // Whether any candidate last move leaves our king safe before it.
  bool some_move_possible() const {
    for (Bitboard pieces = pos_.pieces(them_); pieces;) {
      const Square to = pop_lsb(pieces);
      const PieceType pt = type_of(pos_.piece_on(to));
      if (pt == Pawn ? pawn_move_possible(to) : piece_move_possible(pt, to)) return true;
    }
    return castling_possible(/*king_side=*/true) || castling_possible(/*king_side=*/false);
  }

 private:
  bool empty(Square s) const { return !(now_.occupied & square_bb(s)); }

  // Our king is unattacked when the `now` piece on `to` stood on `from` as a `before` piece (a
  // pawn, for a promotion). `to` then held one of our pieces if `captured`; `restored` adds our
  // pawn an en-passant capture took. Our pieces never attack our king: they only block.
  bool safe_before(PieceType now, Square to, PieceType before, Square from, bool captured,
                   Bitboard restored = 0) const {
    Attackers a = now_;
    toggle(a, now, to);
    toggle(a, before, from);
    if (!captured) a.occupied ^= square_bb(to);
    a.occupied |= square_bb(from) | restored;
    return !attacked(a);
  }

  bool attacked(const Attackers& a) const {
    return (pawn_attacks(us_, king_) & a.pawns) | (knight_attacks(king_) & a.knights) |
           (king_attacks(king_) & a.king) | (bishop_attacks(king_, a.occupied) & a.diagonal) |
           (rook_attacks(king_, a.occupied) & a.orthogonal);
  }

  // A knight, bishop, rook, queen or king came from an empty square it reaches `to` from (which
  // held our piece, if anything: the blocking choice), or a pawn promoted on `to`.
  bool piece_move_possible(PieceType pt, Square to) const {
    for (Bitboard from = attacks_bb(pt, to, now_.occupied) & ~now_.occupied; from;)
      if (safe_before(pt, to, pt, pop_lsb(from), true)) return true;
    if (pt == King || relative_rank(them_, to) != Rank8) return false;
    const Square behind = to - push_;
    if (empty(behind) && safe_before(pt, to, Pawn, behind, false)) return true;
    for (Bitboard from = pawn_attacks(us_, to) & ~now_.occupied; from;)
      if (safe_before(pt, to, Pawn, pop_lsb(from), true)) return true;
    return false;
  }

  // A single or double push, a capture, or an en-passant capture. A pawn on its own second rank
  // never moved. FENs may leave out the en-passant square, so double pushes count here too.
  bool pawn_move_possible(Square to) const {
    const Rank rank = relative_rank(them_, to);
    if (rank == Rank2) return false;
    const Square behind = to - push_;
    if (empty(behind)) {
      if (safe_before(Pawn, to, Pawn, behind, false)) return true;
      if (rank == Rank4 && empty(behind - push_) && double_push_possible(to)) return true;
    }
    const Bitboard diagonal_origins = pawn_attacks(us_, to) & ~now_.occupied;
    for (Bitboard from = diagonal_origins; from;)
      if (safe_before(Pawn, to, Pawn, pop_lsb(from), true)) return true;
    // En passant: our pawn stood behind `to`, on the square beside the capturer's origin.
    if (rank == Rank6 && empty(behind))
      for (Bitboard from = diagonal_origins; from;)
        if (safe_before(Pawn, to, Pawn, pop_lsb(from), false, square_bb(behind))) return true;
    return false;
  }

  // Castling left the king on g1 or c1 (relative) and the rook on f1 or d1. Any king and rook
  // origins on the back rank with the rook on the castling side count, as in Chess960; each
  // origin is empty now or one of the two destinations.
  bool castling_possible(bool king_side) const {
    const Square king_to = relative_square(them_, king_side ? G1 : C1);
    const Square rook_to = relative_square(them_, king_side ? F1 : D1);
    if (!(now_.king & square_bb(king_to)) || pos_.piece_on(rook_to) != make_piece(them_, Rook))
      return false;
    const Bitboard destinations = square_bb(king_to) | square_bb(rook_to);
    const Bitboard origins = (rank_bb(relative_rank(them_, Rank1)) & ~now_.occupied) | destinations;
    for (Bitboard kings = origins; kings;) {
      const Square king_from = pop_lsb(kings);
      for (Bitboard rooks = origins & ~square_bb(king_from); rooks;) {
        const Square rook_from = pop_lsb(rooks);
        if (king_from == king_to && rook_from == rook_to) continue;  // nothing moved
        if ((file_of(rook_from) > file_of(king_from)) != king_side) continue;
        Attackers a = now_;
        a.king = square_bb(king_from);
        a.orthogonal = (a.orthogonal & ~square_bb(rook_to)) | square_bb(rook_from);
        a.occupied = (a.occupied & ~destinations) | square_bb(king_from) | square_bb(rook_from);
        if (!attacked(a)) return true;
      }
    }
    return false;
  }

  const Position& pos_;
  Color us_, them_;
  Square king_;
  int push_;  // the opponent's pawn push
  Attackers now_;
};

DoubleCheckKind classify_double_check(const Position& pos, Bitboard checkers, Square king) {
  const int pawns = popcount(checkers & pos.pieces(Pawn));
  const int knights = popcount(checkers & pos.pieces(Knight));
  if (pawns == 2) return DoubleCheckKind::TwoPawns;
  if (knights == 2) return DoubleCheckKind::TwoKnights;
  if (pawns == 1 && knights == 1) return DoubleCheckKind::PawnAndKnight;
  const Square first = lsb(checkers), second = lsb(checkers & (checkers - 1));
  const bool sliders = !(checkers & ~pos.pieces(Bishop, Rook) & ~pos.pieces(Queen));
  if (sliders && aligned(first, second, king)) return DoubleCheckKind::AlignedSliders;
  if (!(checkers & ~king_attacks(king))) return DoubleCheckKind::TwoContactChecks;
  return DoubleCheckKind::Other;
}

}  // namespace

CheckAnalysis analyse_checks(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  CheckAnalysis result;
  result.checkers = pos.attackers_to(king) & pos.pieces(~us);
  if (!result.checkers) return result;
  const LastMoveSearch search(pos);
  const Square ep = pos.ep_square();
  // With an en-passant square the last move was that double push: nothing else is tried.
  const bool possible = ep == NoSquare ? search.some_move_possible()
                                       : search.double_push_possible(ep - pawn_push(us));
  if (possible) return result;
  const int count = popcount(result.checkers);
  if (count > 2) {
    result.verdict = CheckVerdict::TooManyCheckers;
  } else if (ep != NoSquare) {
    result.verdict = CheckVerdict::EnPassantImpossibleCheck;
    result.push_from = ep + pawn_push(us);
    result.push_to = ep - pawn_push(us);
  } else if (count == 2) {
    result.verdict = CheckVerdict::ImpossibleDoubleCheck;
    result.double_check = classify_double_check(pos, result.checkers, king);
  } else {
    result.verdict = CheckVerdict::ImpossibleCheck;
  }
  return result;
}

}  // namespace zobrist_verify
