// Strict FEN parsing, its position rules: kings and pieces, the side not to move, castling rights,
// the en-passant square, and the positions no legal game reaches (check_history.h,
// reachability.h), each turned into a message naming the squares.
#include <array>
#include <cctype>
#include <string_view>

#include "check_history.h"
#include "fen_reader.h"
#include "reachability.h"
#include "zobrist_verify/chess/bitboard.h"

namespace zobrist_verify {

namespace {

std::string_view double_check_name(DoubleCheckKind kind) {
  switch (kind) {
    case DoubleCheckKind::TwoPawns:
      return "two pawns";
    case DoubleCheckKind::TwoKnights:
      return "two knights";
    case DoubleCheckKind::PawnAndKnight:
      return "a pawn and a knight";
    case DoubleCheckKind::AlignedSliders:
      return "two sliders on one line through the king";
    case DoubleCheckKind::TwoContactChecks:
      return "two contact checks";
    case DoubleCheckKind::Other:
      break;
  }
  return "two pieces";
}

}  // namespace

namespace fen_text {
namespace {

// A message piece: ", 2 queens on d1 d4 and 3 rooks on a1 b1 h1", each group holding more than a
// side starts with (reachability.h).
struct PieceGroups {
  std::array<Bitboard, MaterialGroupCount> over;
};
constexpr std::array<std::string_view, MaterialGroupCount> MaterialGroupNames = {
    "queens", "rooks", "knights", "light-squared bishops", "dark-squared bishops"};

ZV_NO_COVERAGE void write(BoundedText& out, PieceGroups groups) {
  std::size_t left = 0;
  for (const Bitboard b : groups.over) left += b != 0;
  for (std::size_t g = 0; g < MaterialGroupCount; ++g) {
    if (!groups.over[g]) continue;
    out.append(--left == 0 ? " and " : ", ");
    out.append_number(std::uint64_t(popcount(groups.over[g])));
    out.append(" ");
    out.append(MaterialGroupNames[g]);
    out.append(" on");
    write(out, SquareList{groups.over[g]});
  }
}

}  // namespace
}  // namespace fen_text

using fen_text::color_name;
using fen_text::PieceGroups;
using fen_text::Quoted;
using fen_text::slice;
using fen_text::SquareList;

// One king a side, at most 16 pieces a side, no pawn on a back rank; whether the kings are right.
bool FenReader::check_pieces() {
  bool kings_ok = true;
  for (Color c : {White, Black}) {
    const int kings = popcount(pos_.pieces(c, King));
    if (kings == 0) {
      error(FenErrorCode::MissingKing, FenField::Placement, fields_[0].column, "there is no ",
            color_name(c), " king; each side needs exactly one");
      kings_ok = false;
    } else if (kings > 1) {
      error(FenErrorCode::TooManyKings, FenField::Placement, fields_[0].column, kings, " ",
            color_name(c), " kings; each side needs exactly one");
      kings_ok = false;
    }
    if (popcount(pos_.pieces(c)) > 16)
      error(FenErrorCode::TooManyPieces, FenField::Placement, fields_[0].column,
            popcount(pos_.pieces(c)), " ", color_name(c), " pieces; a side has at most 16");
  }
  const Bitboard back_rank_pawns = pos_.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8));
  if (back_rank_pawns)
    error(FenErrorCode::PawnOnBackRank, FenField::Placement, fields_[0].column, "pawn on",
          SquareList{back_rank_pawns}, "; pawns cannot stand on the first or last rank");
  return kings_ok;
}

bool FenReader::check_opponent_not_in_check() {
  const Color them = ~pos_.side_to_move_;
  const Bitboard attackers = pos_.attackers_to(pos_.king_square(them)) & pos_.pieces(~them);
  if (!attackers) return true;
  error(FenErrorCode::OpponentInCheck, FenField::SideToMove, fields_[1].column,
        "the side not to move (", color_name(them), ") is in check from", SquareList{attackers},
        ", so this position cannot arise");
  return false;
}

// Checks on the side to move that the opponent's last move cannot have given (check_history.h).
void FenReader::check_checks() {
  const CheckAnalysis checks = analyse_checks(pos_);
  if (checks.verdict == CheckVerdict::Possible) return;
  const Color us = pos_.side_to_move_;
  const Square king = pos_.king_square(us);
  const SquareList checkers{checks.checkers};
  const std::size_t column = fields_[0].column;
  switch (checks.verdict) {
    case CheckVerdict::TooManyCheckers:
      error(FenErrorCode::TooManyCheckers, FenField::Placement, column, "the ", color_name(us),
            " king on ", king, " is in check from ", popcount(checks.checkers), " pieces, on",
            checkers, "; a single move gives at most two checks");
      break;
    case CheckVerdict::ImpossibleDoubleCheck:
      if (checks.double_check == DoubleCheckKind::Other)
        error(FenErrorCode::ImpossibleDoubleCheck, FenField::Placement, column, "the ",
              color_name(us), " king on ", king, " is in double check from", checkers,
              ": no single move gives check from both");
      else
        error(FenErrorCode::ImpossibleDoubleCheck, FenField::Placement, column, "the ",
              color_name(us), " king on ", king, " is in double check from", checkers, ", ",
              double_check_name(checks.double_check), ": no single move gives check from both");
      break;
    case CheckVerdict::ImpossibleCheck:
      error(FenErrorCode::ImpossibleCheck, FenField::Placement, column, "the ", color_name(us),
            " king on ", king, " is in check from", checkers, ", which no ", color_name(~us),
            " move can have given: the king was in check before any of them");
      break;
    case CheckVerdict::EnPassantImpossibleCheck:
      error(FenErrorCode::EnPassantImpossibleCheck, FenField::EnPassant, fields_[3].column,
            Quoted{fields_[3].text}, " makes the last move the double push ", checks.push_from,
            checks.push_to, ", which cannot have given the check on the ", color_name(us),
            " king on ", king, " from", checkers,
            ": each checker must be the pushed pawn or a slider the push uncovered");
      break;
    case CheckVerdict::Possible:
      break;
  }
}

// Turns castling letters into rights; K/Q pick the outermost rook on that wing (X-FEN). Whether
// every letter gave a right.
bool FenReader::read_castling_rights() {
  const Field f = fields_[2];
  if (f.text == "-") return true;
  const std::size_t before = error_count_;
  bool needs_chess960 = false;
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char c = f.text[i];
    const Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
    const char lower = char(std::tolower(static_cast<unsigned char>(c)));
    const Rank back = relative_rank(color, Rank1);
    const Square ksq = pos_.king_square(color);
    const Quoted letter{slice(f.text, i, i + 1)};
    if (rank_of(ksq) != back) {
      error(FenErrorCode::CastlingWithoutKing, FenField::Castling, f.column + i, letter,
            " needs the ", color_name(color), " king on rank ", back + 1, ", but it stands on ",
            ksq);
      continue;
    }
    const Piece rook = make_piece(color, Rook);
    Square rsq = NoSquare;
    if (lower == 'k') {
      for (int fl = FileH; fl > file_of(ksq) && rsq == NoSquare; --fl)
        if (pos_.piece_on(make_square(File(fl), back)) == rook) rsq = make_square(File(fl), back);
    } else if (lower == 'q') {
      for (int fl = FileA; fl < file_of(ksq) && rsq == NoSquare; ++fl)
        if (pos_.piece_on(make_square(File(fl), back)) == rook) rsq = make_square(File(fl), back);
    } else {
      needs_chess960 = true;
      const Square s = make_square(File(lower - 'a'), back);
      if (pos_.piece_on(s) == rook && s != ksq) rsq = s;
    }
    if (rsq == NoSquare) {
      if (lower == 'k' || lower == 'q')
        error(FenErrorCode::CastlingWithoutRook, FenField::Castling, f.column + i, letter,
              " needs a ", color_name(color), " rook on the ", lower == 'k' ? "king" : "queen",
              " side of the king on rank ", back + 1, ", and there is none");
      else
        error(FenErrorCode::CastlingWithoutRook, FenField::Castling, f.column + i, letter,
              " needs a ", color_name(color), " rook on ", make_square(File(lower - 'a'), back),
              " on rank ", back + 1, ", and there is none");
      continue;
    }
    const CastlingRights cr = color & (rsq > ksq ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
    if (pos_.can_castle(cr)) {
      error(FenErrorCode::DuplicateCastling, FenField::Castling, f.column + i, letter,
            " names a right already given by another letter");
      continue;
    }
    if (file_of(ksq) != FileE || (file_of(rsq) != FileA && file_of(rsq) != FileH))
      needs_chess960 = true;
    pos_.set_castling_right(color, rsq);
    castling_columns_[cr] = f.column + i;
  }
  chess960_from_castling_ = needs_chess960;
  return error_count_ == before;
}

// Whether the en-passant square (if any) fits the board.
bool FenReader::check_en_passant() {
  const Square ep = st_.ep_square;
  if (ep == NoSquare) return true;
  const std::size_t before = error_count_;
  const Color us = pos_.side_to_move_;
  const Field f = fields_[3];
  const Quoted square{f.text};
  if (relative_rank(us, ep) != Rank6) {
    error(FenErrorCode::EnPassantWrongRank, FenField::EnPassant, f.column, square,
          " is on the wrong rank: with ", color_name(us),
          " to move the en-passant square must be on rank ", us == White ? "6" : "3");
    return false;
  }
  const Square pawn = ep - pawn_push(us);
  if (pos_.piece_on(pawn) != make_piece(~us, Pawn)) {
    error(FenErrorCode::EnPassantNoPawn, FenField::EnPassant, f.column, square, " has no ",
          color_name(~us), " pawn on ", pawn, " that could just have made a double push");
  }
  const Square origin = ep + pawn_push(us);
  if (!pos_.empty(ep) || !pos_.empty(origin)) {
    error(FenErrorCode::EnPassantNotEmpty, FenField::EnPassant, f.column, square, " and ", origin,
          " must be empty after a double push, but ", !pos_.empty(ep) ? ep : origin,
          " is occupied");
  }
  return error_count_ == before;
}

fen_text::Quoted FenReader::castling_letter(CastlingRights cr) const {
  return Quoted{slice(fen_, castling_columns_[cr], castling_columns_[cr] + 1)};
}

// Without a check to explain, the double push must still leave the position before it legal.
void FenReader::check_double_push() {
  const Color us = pos_.side_to_move_;
  if (st_.ep_square == NoSquare || pos_.attacked_by(~us, pos_.king_square(us), pos_.pieces()))
    return;  // a check is judged by check_checks
  const DoublePushUndo undo = undo_double_push(pos_);
  if (!undo.attackers) return;
  error(FenErrorCode::EnPassantImpossiblePush, FenField::EnPassant, fields_[3].column,
        Quoted{fields_[3].text}, " makes the last move the double push ", undo.from, undo.to,
        ", but before it the ", color_name(us), " king on ", pos_.king_square(us),
        " stood in check from", SquareList{undo.attackers}, " with ", color_name(~us), " to move");
}

// All the rights must fit one start: kings on files b to g, and for both colours the same king
// file and the same rook file on each wing.
void FenReader::check_castling_start() {
  const CastlingStartConflicts conflicts = find_castling_start_conflicts(pos_);
  for (const Color c : {White, Black}) {
    const Square king = pos_.king_square(c);
    if (!(conflicts.kings_on_edge & square_bb(king))) continue;
    const CastlingRights cr = pos_.can_castle(c & (WhiteOO | BlackOO)) ? c & (WhiteOO | BlackOO)
                                                                       : c & (WhiteOOO | BlackOOO);
    error(FenErrorCode::ImpossibleCastlingRights, FenField::Castling, castling_columns_[cr],
          castling_letter(cr), " keeps a castling right of the ", color_name(c), " king on ", king,
          ", but every start has the king between its rooks, on files b to g");
  }
  if (conflicts.king_files_differ) {
    const CastlingRights white = pos_.can_castle(WhiteOO) ? WhiteOO : WhiteOOO;
    const CastlingRights black = pos_.can_castle(BlackOO) ? BlackOO : BlackOOO;
    error(FenErrorCode::ImpossibleCastlingRights, FenField::Castling, castling_columns_[black],
          castling_letter(black), " keeps a castling right of the black king on ",
          pos_.king_square(Black), " and ", castling_letter(white), " one of the white king on ",
          pos_.king_square(White), ", but every start has both kings on one file");
  }
  for (const CastlingRights black : {BlackOO, BlackOOO}) {
    if (!(conflicts.rook_files_differ & black)) continue;
    const CastlingRights white = black == BlackOO ? WhiteOO : WhiteOOO;
    error(FenErrorCode::ImpossibleCastlingRights, FenField::Castling, castling_columns_[black],
          castling_letter(black), " keeps the black rook on ", pos_.castling_rook_square(black),
          " and ", castling_letter(white), " the white rook on ", pos_.castling_rook_square(white),
          ", but every start has both ", black == BlackOO ? "king" : "queen",
          "-side rooks on one file");
  }
}

void FenReader::check_en_passant_clock() {
  if (clock_fits_en_passant(st_.ep_square, halfmove_)) return;
  const Color us = pos_.side_to_move_;
  error(FenErrorCode::EnPassantHalfmoveClock, FenField::HalfmoveClock, fields_[4].column,
        Quoted{fields_[4].text}, " is not 0, but the en-passant square ", st_.ep_square,
        " makes the last move the double push ", st_.ep_square + pawn_push(us),
        st_.ep_square - pawn_push(us), ", which resets the clock");
}

// Pieces beyond a side's start set are promoted pawns, one pawn each.
void FenReader::check_promotions() {
  for (const Color c : {White, Black}) {
    if (popcount(pos_.pieces(c)) > 16) continue;  // already reported
    const MaterialCount count = count_material(pos_, c);
    if (count.reachable()) continue;
    const std::size_t column = fields_[0].column;
    if (count.pawns > 8) {
      error(FenErrorCode::TooMuchMaterial, FenField::Placement, column, color_name(c), " has ",
            count.pawns, " pawns, but a side starts with 8");
      continue;
    }
    error(FenErrorCode::TooMuchMaterial, FenField::Placement, column, color_name(c), " has ",
          count.pawns, count.pawns == 1 ? " pawn" : " pawns", PieceGroups{count.over},
          ": at least ", count.promotions, count.promotions == 1 ? " promotion" : " promotions",
          ", but ", count.pawns, count.pawns == 1 ? " pawn leaves" : " pawns leave", " room for ",
          8 - count.pawns);
  }
}

}  // namespace zobrist_verify
