#include "zobrist_verify/doors/castling_letters.h"

#include <cctype>

namespace zobrist_verify {

std::string chess960_castling_field(const Position& pos, CastlingLetters letters) {
  std::string out;
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!pos.can_castle(cr)) continue;
    const bool white = cr & WhiteCastling;
    const bool king_side = cr & (WhiteOO | BlackOO);
    const Square rook = pos.castling_rook_square(cr);
    // X-FEN's K/Q name the outermost rook of the wing: any own rook beyond it needs the file.
    bool outermost = letters == CastlingLetters::XFen;
    const Piece own_rook = make_piece(white ? White : Black, Rook);
    for (int f = int(file_of(rook)) + (king_side ? 1 : -1); outermost && f >= 0 && f < 8;
         f += king_side ? 1 : -1)
      if (pos.piece_on(make_square(File(f), rank_of(rook))) == own_rook) outermost = false;
    const char letter = outermost ? (king_side ? 'k' : 'q') : char('a' + file_of(rook));
    out += white ? char(std::toupper(static_cast<unsigned char>(letter))) : letter;
  }
  return out.empty() ? "-" : out;
}

std::string with_chess960_castling(std::string_view fen, const Position& pos,
                                   CastlingLetters letters) {
  std::string out(fen);
  if (!pos.is_chess960()) return out;
  // Fields: placement side castling en-passant halfmove fullmove.
  const std::size_t side = out.find(' ');
  const std::size_t castling = side == std::string::npos ? side : out.find(' ', side + 1);
  if (castling == std::string::npos) return out;
  const std::size_t end = out.find(' ', castling + 1);
  out.replace(castling + 1, (end == std::string::npos ? out.size() : end) - castling - 1,
              chess960_castling_field(pos, letters));
  return out;
}

}  // namespace zobrist_verify
