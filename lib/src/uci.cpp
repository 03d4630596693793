// UCI move notation.
#include "zobrist_verify/uci.h"

#include "zobrist_verify/movegen.h"

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

Expected<Move> parse_uci_move(const Position& pos, std::string_view text) {
  const std::string where = " in position " + pos.fen();
  const std::string move = "'" + std::string(text) + "'";
  auto is_square = [](std::string_view s) {
    return s[0] >= 'a' && s[0] <= 'h' && s[1] >= '1' && s[1] <= '8';
  };
  if (text.size() < 4 || text.size() > 5 || !is_square(text.substr(0, 2)) ||
      !is_square(text.substr(2, 2)))
    return Error{"malformed move " + move + where +
                 ": expected UCI notation, two squares and an optional promotion letter "
                 "(e2e4, e7e8q)"};
  if (text.size() == 5 && std::string_view("nbrq").find(text[4]) == std::string_view::npos)
    return Error{"malformed move " + move + where + ": '" + std::string(1, text[4]) +
                 "' is not a promotion piece (n, b, r or q)"};

  const MoveList moves = legal_moves(pos);
  for (Move m : moves) {
    if (move_to_uci(m, pos.is_chess960()) == text) return m;
    // Standard chess also accepts castling written king-takes-rook, as Polyglot books store it.
    if (m.kind() == MoveKind::Castling && !pos.is_chess960() && move_to_uci(m, true) == text)
      return m;
  }
  const Square from = Square((text[1] - '1') * 8 + (text[0] - 'a'));
  std::string why;
  if (pos.empty(from))
    why = "there is no piece on " + std::string(text.substr(0, 2));
  else if (color_of(pos.piece_on(from)) != pos.side_to_move())
    why = "the piece on " + std::string(text.substr(0, 2)) + " belongs to the side not to move";
  else if (text.size() == 4 &&
           moves.contains(Move::make(MoveKind::Promotion, from,
                                     Square((text[3] - '1') * 8 + (text[2] - 'a')), Queen)))
    why = "a promotion needs a piece letter (q, r, b or n)";
  else if (pos.checkers())
    why = "it is not legal here (the side to move is in check)";
  else
    why = "it is not legal here";
  return Error{"illegal move " + move + where + ": " + why};
}

}  // namespace zobrist_verify
