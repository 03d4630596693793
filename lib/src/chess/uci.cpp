// UCI move notation.
#include "zobrist_verify/chess/uci.h"

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

std::string move_to_uci(Move m, bool chess960) {
  if (m == Move::null()) return "0000";
  if (m == Move::none()) return "(none)";
  Square to = m.to();
  if (m.kind() == MoveKind::Castling && !chess960)
    to = make_square(to > m.from() ? FileG : FileC, rank_of(m.from()));
  std::string s = square_name(m.from()) + square_name(to);
  if (m.kind() == MoveKind::Promotion) s += " pnbrqk"[m.promotion_type()];
  return s;
}

namespace {

bool is_square(std::string_view s) {
  return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
}

Square parse_square(std::string_view s) {
  return make_square(File(s[0] - 'a'), Rank(s[1] - '1'));
}

// Whether legal move m is written from-to (+promo) in UCI. In standard chess castling may be
// written with the king's destination (e1g1) or king-takes-rook (e1h1, as Polyglot books do).
bool matches(const Position& pos, Move m, Square from, Square to, PieceType promo) {
  if (m.from() != from) return false;
  if (m.kind() == MoveKind::Promotion) return m.to() == to && m.promotion_type() == promo;
  if (promo != NoPieceType) return false;
  if (m.kind() != MoveKind::Castling) return m.to() == to;
  if (m.to() == to) return true;  // king takes rook
  const Square king_to = make_square(m.to() > m.from() ? FileG : FileC, rank_of(m.from()));
  return !pos.is_chess960() && king_to == to;
}

}  // namespace

Expected<Move> parse_uci_move(const Position& pos, std::string_view text) {
  auto fail = [&](const std::string& what, const std::string& why) {
    return Error{what + " " + quoted_input(text) + " in position " + pos.fen() + ": " + why};
  };
  if (text.size() < 4 || text.size() > 5 || !is_square(text.substr(0, 2)) ||
      !is_square(text.substr(2, 2)))
    return fail("malformed move",
                "expected UCI notation, two squares and an optional promotion letter "
                "(e2e4, e7e8q)");
  PieceType promo = NoPieceType;
  if (text.size() == 5) {
    const std::size_t i = std::string_view("nbrq").find(text[4]);
    if (i == std::string_view::npos)
      return fail("malformed move",
                  "'" + std::string(1, text[4]) + "' is not a promotion piece (n, b, r or q)");
    promo = PieceType(Knight + i);
  }
  const Square from = parse_square(text.substr(0, 2));
  const Square to = parse_square(text.substr(2, 2));

  const MoveList moves = legal_moves(pos);
  for (Move m : moves)
    if (matches(pos, m, from, to, promo)) return m;

  std::string why;
  if (pos.empty(from))
    why = "there is no piece on " + square_name(from);
  else if (color_of(pos.piece_on(from)) != pos.side_to_move())
    why = "the piece on " + square_name(from) + " belongs to the side not to move";
  else if (promo == NoPieceType && moves.contains(Move::make(MoveKind::Promotion, from, to, Queen)))
    why = "a promotion needs a piece letter (q, r, b or n)";
  else if (pos.checkers())
    why = "it is not legal here (the side to move is in check)";
  else
    why = "it is not legal here";
  return fail("illegal move", why);
}

}  // namespace zobrist_verify
