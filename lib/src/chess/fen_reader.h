// FenReader, the strict FEN parser behind Position::set. Its syntax reading is in fen.cpp, its
// position rules (kings, check, castling, en passant, reachability) in fen_rules.cpp.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "no_coverage.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

namespace fen_text {

// Room for the errors of a typical bad FEN, reserved at the first error so that a failing parse
// allocates once.
inline constexpr std::size_t ExpectedErrors = 8;

// Each FenField's name, the start of every message; a table rather than a switch, as messages
// are written often. (Each is a whole literal, so data() is a C string.)
inline constexpr std::array<std::string_view, 7> FieldNames = {
    "FEN",
    "FEN piece placement field",
    "FEN side-to-move field",
    "FEN castling field",
    "FEN en-passant field",
    "FEN halfmove clock field",
    "FEN fullmove number field",
};
static_assert(FieldNames.size() == std::size_t(FenField::FullmoveNumber) + 1);

// text[begin, end): substr without its bounds checks, for the positions a scan of text found.
inline std::string_view slice(std::string_view text, std::size_t begin, std::size_t end) {
  return {text.data() + begin, end - begin};
}

inline std::string_view color_name(Color c) {
  return c == White ? "white" : "black";
}

// Pieces of an error message besides plain text and unsigned numbers, written by write() below.
struct Quoted {  // input text in single quotes, escaped and cut after a few dozen characters
  std::string_view text;
};
struct SquareList {  // " a1 h8": each square of the bitboard, each after a space
  Bitboard squares;
};

void write(BoundedText& out, std::string_view text);
void write(BoundedText& out, Square s);
void write(BoundedText& out, SquareList list);
void write(BoundedText& out, Quoted quoted);

// Counts, ranks and columns, never negative. A char or a bool is not taken for a number.
template <typename T>
concept Number = std::integral<T> && !std::same_as<T, char> && !std::same_as<T, bool>;

template <Number T>
ZV_NO_COVERAGE void write(BoundedText& out, T number) {
  out.append_number(std::uint64_t(number));
}

}  // namespace fen_text

// Reads one FEN into a Position; a friend of Position so it can fill the board directly.
class FenReader {
 public:
  FenReader(Position& pos, StateInfo& st, const KeyScheme& scheme, FenOptions options,
            std::string_view fen, std::vector<FenError>* errors)
      : pos_(pos), st_(st), scheme_(scheme), options_(options), fen_(fen), errors_(errors) {}

  // Whether the FEN parsed; if not, and errors were asked for, they hold every problem found.
  bool run();

 private:
  struct Field {
    std::string_view text;
    std::size_t column;
  };

  // Adds "<field name>, character N: <reason>", the reason written piece by piece (text, unsigned
  // numbers, Quoted, Square, SquareList) straight into the error. The list is reserved at the
  // first error, so a failing parse allocates once (unless it finds more than ExpectedErrors).
  template <typename... Reason>
  ZV_NO_COVERAGE void error(FenErrorCode code, FenField field, std::size_t column,
                            const Reason&... reason) {
    using fen_text::write;
    ++error_count_;
    if (!errors_) return;
    if (errors_->empty()) errors_->reserve(fen_text::ExpectedErrors);
    BoundedText& message = errors_->emplace_back(code, field, column).message_;
    message.append(fen_text::FieldNames[static_cast<std::size_t>(field)]);
    message.append(", character ");
    message.append_number(column + 1);
    message.append(": ");
    (write(message, reason), ...);
  }
  void run_error(FenErrorCode code, FenField field, std::size_t column, std::string_view run,
                 std::string_view one, std::string_view many);

  // Syntax (fen.cpp).
  void split();
  void add_field(std::size_t start, std::size_t end);
  bool read_placement(Field f);
  bool read_side(Field f);
  bool read_castling_syntax(Field f);
  bool read_en_passant_syntax(Field f);
  void read_clock(Field f, FenField field, long long& out);
  void finish();

  // Position rules (fen_rules.cpp).
  bool check_pieces();
  bool check_opponent_not_in_check();
  bool read_castling_rights();
  bool check_en_passant();
  void check_checks();
  void check_double_push();
  void check_castling_start();
  void check_en_passant_clock();
  void check_promotions();
  // The castling letter of a right, quoted from the castling field.
  fen_text::Quoted castling_letter(CastlingRights cr) const;

  static constexpr std::size_t MaxFields = 6;

  Position& pos_;
  StateInfo& st_;
  const KeyScheme& scheme_;
  FenOptions options_;
  std::string_view fen_;
  Field fields_[MaxFields] = {};
  std::size_t field_count_ = 0;    // every field found, also those past MaxFields
  std::vector<FenError>* errors_;  // null when only validity is asked for
  std::size_t error_count_ = 0;
  long long halfmove_ = 0;
  long long fullmove_ = 1;
  bool chess960_from_castling_ = false;
  std::size_t castling_columns_[AnyCastling + 1] = {};  // the letter giving each right
};

}  // namespace zobrist_verify
