// FEN errors: the bounded inline text of their messages, the names of their codes, and the list
// written one error a line.
#include <string>

#include "no_coverage.h"
#include "zobrist_verify/chess/fen_error.h"

namespace zobrist_verify {

ZV_NO_COVERAGE void BoundedText::append(std::string_view text) {
  if (text.size() <= Capacity - size_) {  // never true for a non-empty text once cut
    std::char_traits<char>::copy(text_ + size_, text.data(), text.size());
    size_ = std::uint8_t(size_ + text.size());
  } else if (!cut_) {
    // Keep what fits in front of the mark, giving back already written characters if need be.
    const std::size_t room = Capacity - CutMark.size();
    if (size_ > room) size_ = std::uint8_t(room);
    std::char_traits<char>::copy(text_ + size_, text.data(), room - size_);
    std::char_traits<char>::copy(text_ + room, CutMark.data(), CutMark.size());
    size_ = Capacity;
    cut_ = true;
  }
}

ZV_NO_COVERAGE void BoundedText::append_number(std::uint64_t number) {
  char digits[20];
  char* first = digits + sizeof digits;
  do {
    *--first = char('0' + number % 10);
    number /= 10;
  } while (number != 0);
  append({first, std::size_t(digits + sizeof digits - first)});
}

const char* to_string(FenErrorCode code) {
  switch (code) {
    case FenErrorCode::Empty:
      return "empty";
    case FenErrorCode::FieldCount:
      return "field-count";
    case FenErrorCode::BadSpacing:
      return "bad-spacing";
    case FenErrorCode::BadCharacter:
      return "bad-character";
    case FenErrorCode::RankCount:
      return "rank-count";
    case FenErrorCode::RankLength:
      return "rank-length";
    case FenErrorCode::ConsecutiveDigits:
      return "consecutive-digits";
    case FenErrorCode::BadSideToMove:
      return "bad-side-to-move";
    case FenErrorCode::BadCastlingSyntax:
      return "bad-castling-syntax";
    case FenErrorCode::DuplicateCastling:
      return "duplicate-castling";
    case FenErrorCode::BadEnPassantSyntax:
      return "bad-en-passant-syntax";
    case FenErrorCode::BadNumber:
      return "bad-number";
    case FenErrorCode::NegativeNumber:
      return "negative-number";
    case FenErrorCode::NumberOverflow:
      return "number-overflow";
    case FenErrorCode::LeadingZero:
      return "leading-zero";
    case FenErrorCode::ZeroFullmove:
      return "zero-fullmove";
    case FenErrorCode::MissingKing:
      return "missing-king";
    case FenErrorCode::TooManyKings:
      return "too-many-kings";
    case FenErrorCode::PawnOnBackRank:
      return "pawn-on-back-rank";
    case FenErrorCode::TooManyPieces:
      return "too-many-pieces";
    case FenErrorCode::OpponentInCheck:
      return "opponent-in-check";
    case FenErrorCode::CastlingWithoutKing:
      return "castling-without-king";
    case FenErrorCode::CastlingWithoutRook:
      return "castling-without-rook";
    case FenErrorCode::EnPassantWrongRank:
      return "en-passant-wrong-rank";
    case FenErrorCode::EnPassantNoPawn:
      return "en-passant-no-pawn";
    case FenErrorCode::EnPassantNotEmpty:
      return "en-passant-not-empty";
    case FenErrorCode::TooManyCheckers:
      return "too-many-checkers";
    case FenErrorCode::ImpossibleDoubleCheck:
      return "impossible-double-check";
    case FenErrorCode::ImpossibleCheck:
      return "impossible-check";
    case FenErrorCode::EnPassantImpossibleCheck:
      return "en-passant-impossible-check";
    case FenErrorCode::EnPassantImpossiblePush:
      return "en-passant-impossible-push";
    case FenErrorCode::ImpossibleCastlingRights:
      return "impossible-castling-rights";
    case FenErrorCode::EnPassantHalfmoveClock:
      return "en-passant-halfmove-clock";
    case FenErrorCode::TooMuchMaterial:
      return "too-much-material";
  }
  return "unknown";
}

bool is_unreachable(FenErrorCode code) {
  switch (code) {
    case FenErrorCode::TooManyCheckers:
    case FenErrorCode::ImpossibleDoubleCheck:
    case FenErrorCode::ImpossibleCheck:
    case FenErrorCode::EnPassantImpossibleCheck:
    case FenErrorCode::EnPassantImpossiblePush:
    case FenErrorCode::ImpossibleCastlingRights:
    case FenErrorCode::EnPassantHalfmoveClock:
    case FenErrorCode::TooMuchMaterial:
      return true;
    default:
      return false;
  }
}

std::string format_errors(const std::vector<FenError>& errors) {
  std::string out;
  for (const auto& e : errors) {
    out += e.message();
    out += '\n';
  }
  return out;
}

}  // namespace zobrist_verify
