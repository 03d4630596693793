// FEN writing: the normal form Position::fen() and write_fen() produce, and the placement field
// of any board.
#include <cctype>
#include <span>
#include <string>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

namespace {

// The string grows once and is written by index rather than by +=, whose capacity check is a
// call under the fuzzer (which writes four FENs for every valid input).
void append_placement(std::string& out, std::span<const Piece, SquareCount> board) {
  constexpr std::size_t MaxLength = 64 + 7;  // a letter for every square, and the slashes
  std::size_t size = out.size();
  out.resize(size + MaxLength);
  for (int r = Rank8; r >= Rank1; --r) {
    int empty_run = 0;
    for (int f = FileA; f <= FileH; ++f) {
      const Piece pc = board[make_square(File(f), Rank(r))];
      if (pc == NoPiece) {
        ++empty_run;
        continue;
      }
      if (empty_run) out[size++] = char('0' + empty_run);
      empty_run = 0;
      out[size++] = PieceLetters[pc];
    }
    if (empty_run) out[size++] = char('0' + empty_run);
    if (r > Rank1) out[size++] = '/';
  }
  out.resize(size);
}

}  // namespace

std::string placement_field(std::span<const Piece, SquareCount> board) {
  std::string out;
  append_placement(out, board);
  return out;
}

std::string Position::fen() const {
  std::string out;
  out.reserve(90);
  write_fen(out);
  return out;
}

void Position::write_fen(std::string& out) const {
  out.clear();
  append_placement(out, board_);
  out += side_to_move_ == White ? " w " : " b ";
  if (!castling_rights()) out += '-';
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!can_castle(cr)) continue;
    const bool white = cr & WhiteCastling;
    char c = chess960_ ? char('a' + file_of(castling_rook_square_[cr]))
                       : ((cr & (WhiteOO | BlackOO)) ? 'k' : 'q');
    out += white ? char(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  out += ' ';
  out += square_name(ep_square());  // (these short strings are held inline, not on the heap)
  out += ' ';
  out += std::to_string(rule50());
  out += ' ';
  out += std::to_string(fullmove_number());
}

}  // namespace zobrist_verify
