// Errors from strict FEN parsing: what is wrong, in which field, at which character, and why.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace zobrist_verify {

enum class FenField : std::uint8_t {
  Whole,  // the string as a whole: field count, spacing, characters outside any field
  Placement,
  SideToMove,
  Castling,
  EnPassant,
  HalfmoveClock,
  FullmoveNumber,
};

enum class FenErrorCode : std::uint8_t {
  // Syntax.
  Empty,               // nothing to parse
  FieldCount,          // not exactly 4 or 6 space-separated fields
  BadSpacing,          // leading, trailing or doubled white space, or a tab
  BadCharacter,        // a character that has no meaning in this field
  RankCount,           // placement does not have exactly 8 ranks
  RankLength,          // a rank does not describe exactly 8 squares
  ConsecutiveDigits,   // "44" or "17" inside a rank
  BadSideToMove,       // not "w" or "b"
  BadCastlingSyntax,   // a letter that is not a castling letter, or "-" mixed with letters
  DuplicateCastling,   // the same right given twice
  BadEnPassantSyntax,  // not "-" or a square name
  BadNumber,           // a clock that is not a plain decimal number
  NegativeNumber,      // a clock with a minus sign
  NumberOverflow,      // a clock too large to represent
  LeadingZero,         // "05": clocks are written without leading zeros
  ZeroFullmove,        // the fullmove number starts at 1
  // Position.
  MissingKing,
  TooManyKings,
  PawnOnBackRank,
  TooManyPieces,        // more than 16 pieces of one colour
  OpponentInCheck,      // the side not to move is in check
  CastlingWithoutKing,  // a castling right whose king is not on its back rank
  CastlingWithoutRook,  // a castling right with no rook where the right needs one
  EnPassantWrongRank,   // the square is not on the rank a double push of the other side crosses
  EnPassantNoPawn,      // no enemy pawn stands where the double push would have landed
  EnPassantNotEmpty,    // the square, or the one the pawn came from, is occupied
};

struct FenError {
  FenErrorCode code;
  FenField field;
  std::size_t column;   // 0-based character offset into the FEN where the problem starts
  std::string message;  // the whole sentence: "FEN castling field, character 31: ..."
};

const char* to_string(FenField field);
const char* to_string(FenErrorCode code);
// All errors, one per line.
std::string format_errors(const std::vector<FenError>& errors);

}  // namespace zobrist_verify
