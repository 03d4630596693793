// Errors from strict FEN parsing: what is wrong, in which field, at which character, and why.
// An error holds its message inline, so reporting one never touches the heap: the FEN fuzzer
// rejects most of its inputs, and allocating messages once dominated its run time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
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
  // Positions no legal game reaches (FenOptions::allow_unreachable accepts them). Checks:
  TooManyCheckers,           // the side to move is in check from three or more pieces
  ImpossibleDoubleCheck,     // two checkers that no single move gives together
  ImpossibleCheck,           // one checker that no move can have given
  EnPassantImpossibleCheck,  // a checker the double push behind the en-passant square did not give
  // and the rest:
  EnPassantImpossiblePush,   // before the double push the side to move now stood in check
  ImpossibleCastlingRights,  // rights that no start allows together (king or rook files)
  EnPassantHalfmoveClock,    // an en-passant square with a halfmove clock above 0
  TooMuchMaterial,           // more promoted pieces than missing pawns
};

// Text of bounded length held inline. What does not fit is cut and the text then ends with "...";
// anything appended after a cut is dropped, so writing can neither allocate nor overflow.
class BoundedText {
 public:
  static constexpr std::size_t Capacity = 254;  // the whole object is 256 bytes
  static constexpr std::string_view CutMark = "...";

  void append(std::string_view text);
  void append_number(std::uint64_t number);
  std::string_view view() const { return {text_, size_}; }
  bool cut() const { return cut_; }

 private:
  static_assert(Capacity <= UINT8_MAX, "size_ is one byte");
  char text_[Capacity] = {};
  std::uint8_t size_ = 0;
  bool cut_ = false;
};

struct FenError {
  FenErrorCode code;
  FenField field;
  std::size_t column;  // 0-based character offset into the FEN where the problem starts
  // The whole sentence: "FEN castling field, character 31: ...". Input text it quotes is cut
  // after a few dozen characters, so the sentence always fits.
  std::string_view message() const { return message_.view(); }

  // An error whose message is still empty: FenReader, the only code that writes messages,
  // builds each error in place.
  FenError(FenErrorCode error_code, FenField error_field, std::size_t error_column)
      : code(error_code), field(error_field), column(error_column) {}

 private:
  friend class FenReader;
  BoundedText message_;
};

const char* to_string(FenField field);
const char* to_string(FenErrorCode code);
// Whether the code is one of the positions no legal game reaches (impossible checks included),
// which FenOptions::allow_unreachable accepts.
bool is_unreachable(FenErrorCode code);
// All errors, one per line.
std::string format_errors(const std::vector<FenError>& errors);

}  // namespace zobrist_verify
