// Strict FEN parsing, its syntax half (writing is in fen_writer.cpp). Syntax is checked field by
// field; the position rules (fen_rules.cpp) are checked on every field that parsed, so one call
// reports as many independent problems as it can find.
#include <array>
#include <cstring>
#include <string>

#include "fen_reader.h"
#include "no_coverage.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {

namespace {

constexpr long long MaxClock = 1'000'000'000;
// Input text quoted in a message shows at most this many characters (escapes included), so a
// long run of garbage still leaves room for the reason.
constexpr std::size_t QuoteLimit = 32;
constexpr std::size_t NoRun = std::string_view::npos;

// Which bytes are white space: ' ', which separates fields, or other white space, which is
// reported. Looked up in a table, as PlacementSymbols below.
enum class Blank : std::uint8_t { None, Space, Other };
constexpr std::array<Blank, 256> Blanks = [] {
  std::array<Blank, 256> table{};
  table[' '] = Blank::Space;
  for (const char c : std::string_view("\t\n\v\f\r"))
    table[static_cast<unsigned char>(c)] = Blank::Other;
  return table;
}();

// The castling letters: K, Q, k, q and the rook files A-H, a-h (Shredder/X-FEN). Looked up in a
// table, as PlacementSymbols below.
constexpr std::string_view CastlingLetterList = "KQkqABCDEFGHabcdefgh";
constexpr std::array<bool, 256> CastlingLetters = [] {
  std::array<bool, 256> table{};
  for (const char c : CastlingLetterList) table[static_cast<unsigned char>(c)] = true;
  return table;
}();

// What a byte means in the piece placement field. A table, since the scan asks for every
// character (under the fuzzer every comparison is a call).
struct PlacementSymbol {
  enum Kind : std::uint8_t { Bad, Piece, Digit, RankEnd } kind = Bad;
  zobrist_verify::Piece piece = NoPiece;  // the piece a letter names
};
constexpr std::array<PlacementSymbol, 256> PlacementSymbols = [] {
  std::array<PlacementSymbol, 256> table{};
  for (std::size_t pc = 0; pc < PieceLetters.size(); ++pc)
    if (PieceLetters[pc] != ' ')
      table[static_cast<unsigned char>(PieceLetters[pc])] = {PlacementSymbol::Piece, Piece(pc)};
  for (char c = '1'; c <= '8'; ++c)
    table[static_cast<unsigned char>(c)] = {PlacementSymbol::Digit, NoPiece};
  table['/'] = {PlacementSymbol::RankEnd, NoPiece};
  return table;
}();

}  // namespace

namespace fen_text {

ZV_NO_COVERAGE void write(BoundedText& out, std::string_view text) {
  out.append(text);
}

ZV_NO_COVERAGE void write(BoundedText& out, Square s) {
  out.append(square_name(s));  // short enough to be held inline, not on the heap
}

ZV_NO_COVERAGE void write(BoundedText& out, SquareList list) {
  for (Bitboard b = list.squares; b;) {
    out.append(" ");
    write(out, pop_lsb(b));
  }
}

// As visible_text (core/visible_text.h) writes outside text: printable ASCII and valid UTF-8 as
// they are, tab and newline as \t and \n, every other byte as \xNN.
ZV_NO_COVERAGE void write(BoundedText& out, Quoted quoted) {
  constexpr std::string_view Hex = "0123456789abcdef";
  char text[1 + QuoteLimit + 1 + BoundedText::CutMark.size()];
  std::size_t size = 0, i = 0;
  text[size++] = '\'';
  for (; i < quoted.text.size(); ++i) {
    const auto c = static_cast<unsigned char>(quoted.text[i]);
    if (c >= 32 && c <= 126) {
      if (size == 1 + QuoteLimit) break;
      text[size++] = char(c);
      continue;
    }
    if (const std::size_t length = c >= 0x80 ? printable_utf8_length(quoted.text.substr(i)) : 0) {
      if (size + length > 1 + QuoteLimit) break;
      std::memcpy(text + size, quoted.text.data() + i, length);
      size += length;
      i += length - 1;
      continue;
    }
    char escaped[4] = {'\\', 'x', Hex[c >> 4], Hex[c & 15]};
    std::size_t width = 4;
    if (c == '\t' || c == '\n') {
      escaped[1] = c == '\t' ? 't' : 'n';
      width = 2;
    }
    if (size + width > 1 + QuoteLimit) break;
    std::memcpy(text + size, escaped, width);
    size += width;
  }
  text[size++] = '\'';
  if (i < quoted.text.size()) {
    std::memcpy(text + size, BoundedText::CutMark.data(), BoundedText::CutMark.size());
    size += BoundedText::CutMark.size();
  }
  out.append({text, size});
}

}  // namespace fen_text

using fen_text::Quoted;
using fen_text::slice;

const char* to_string(FenField field) {
  const auto i = static_cast<std::size_t>(field);
  return i < fen_text::FieldNames.size() ? fen_text::FieldNames[i].data() : "FEN";
}

bool FenReader::run() {
  if (errors_) errors_->clear();
  pos_.clear();
  std::memset(&st_, 0, sizeof st_);
  st_.ep_square = NoSquare;
  pos_.state_ = &st_;
  pos_.scheme_ = &scheme_;

  if (fen_.empty()) {
    error(FenErrorCode::Empty, FenField::Whole, 0, "the string is empty; expected 4 or 6 fields");
    return false;
  }
  split();
  if (field_count_ != 4 && field_count_ != 6) {
    error(FenErrorCode::FieldCount, FenField::Whole, 0, field_count_, " space-separated field",
          field_count_ == 1 ? "" : "s",
          " found; a FEN has 6 (placement, side, castling, en passant, halfmove clock, "
          "fullmove number) or 4 (without the clocks)");
    return false;
  }
  const bool placement_ok = read_placement(fields_[0]);
  const bool side_ok = read_side(fields_[1]);
  const bool castling_ok = read_castling_syntax(fields_[2]);
  const bool ep_ok = read_en_passant_syntax(fields_[3]);
  if (field_count_ == 6) {
    read_clock(fields_[4], FenField::HalfmoveClock, halfmove_);
    read_clock(fields_[5], FenField::FullmoveNumber, fullmove_);
  }

  bool kings_ok = false;
  if (placement_ok) kings_ok = check_pieces();
  const bool opponent_ok = kings_ok && side_ok && check_opponent_not_in_check();
  const bool rights_ok = kings_ok && castling_ok && read_castling_rights();
  const bool en_passant_ok = placement_ok && side_ok && ep_ok && check_en_passant();
  // The unreachable positions are judged only where the rules they build on hold: the checks
  // need the kings, the pawns, the other side's safety and the double push an en-passant square
  // implies.
  if (!options_.allow_unreachable) {
    const bool pawns_ok = !(pos_.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8)));
    if (opponent_ok && en_passant_ok && pawns_ok) {
      check_checks();
      check_double_push();
    }
    if (rights_ok) check_castling_start();
    if (en_passant_ok) check_en_passant_clock();
    if (placement_ok) check_promotions();
  }

  if (error_count_ != 0) {
    pos_.state_ = nullptr;
    return false;
  }
  finish();
  return true;
}

// One error for a run of characters that are each wrong in the same way: `one` follows the
// quoted character when the run is a single one, `many` follows the quoted run and its length.
ZV_NO_COVERAGE void FenReader::run_error(FenErrorCode code, FenField field, std::size_t column,
                                         std::string_view run, std::string_view one,
                                         std::string_view many) {
  if (run.size() == 1)
    error(code, field, column, Quoted{run}, one);
  else
    error(code, field, column, Quoted{run}, " (", run.size(), " characters)", many);
}

// Splits on single spaces, reporting any other white space, and runs of spaces once. One pass,
// with one look-up for most characters.
void FenReader::split() {
  std::size_t field_start = 0;
  for (std::size_t i = 0; i < fen_.size(); ++i) {
    const Blank blank = Blanks[static_cast<unsigned char>(fen_[i])];
    if (blank == Blank::None) continue;
    std::size_t end = i + 1;
    if (blank == Blank::Other) {  // it belongs to the field it is in
      while (end < fen_.size() && Blanks[static_cast<unsigned char>(fen_[end])] == Blank::Other)
        ++end;
      run_error(FenErrorCode::BadSpacing, FenField::Whole, i, slice(fen_, i, end),
                " is not allowed; fields are separated by single spaces",
                " are not allowed; fields are separated by single spaces");
    } else {
      while (end < fen_.size() && fen_[end] == ' ') ++end;
      if (i == 0)
        error(FenErrorCode::BadSpacing, FenField::Whole, 0, "leading space before the first field");
      else
        add_field(field_start, i);
      if (i != 0 && end == fen_.size())
        error(FenErrorCode::BadSpacing, FenField::Whole, i, "trailing space after the last field");
      else if (i != 0 && end - i > 1)
        error(FenErrorCode::BadSpacing, FenField::Whole, i, end - i,
              " spaces between fields; use exactly one");
      field_start = end;
    }
    i = end - 1;
  }
  if (field_start < fen_.size()) add_field(field_start, fen_.size());
}

// Fields past the sixth are only counted: the FEN is rejected for their number.
void FenReader::add_field(std::size_t start, std::size_t end) {
  if (field_count_ < MaxFields) fields_[field_count_] = {slice(fen_, start, end), start};
  ++field_count_;
}

bool FenReader::read_placement(Field f) {
  const std::size_t before = error_count_;
  int rank = 7, file = 0, ranks_seen = 1;
  std::size_t rank_start = 0;
  // Bad characters and digits are reported a run at a time, a run being characters of one kind.
  std::size_t run_start = 0;
  PlacementSymbol::Kind run_kind = PlacementSymbol::RankEnd;
  auto end_run = [&](std::size_t at) {
    const std::string_view run = slice(f.text, run_start, at);
    if (run_kind == PlacementSymbol::Bad)
      run_error(FenErrorCode::BadCharacter, FenField::Placement, f.column + run_start, run,
                " is not a piece letter (PNBRQK, pnbrqk), a digit 1-8 or '/'",
                " are not piece letters (PNBRQK, pnbrqk), digits 1-8 or '/'");
    else if (run_kind == PlacementSymbol::Digit && run.size() > 1)
      error(FenErrorCode::ConsecutiveDigits, FenField::Placement, f.column + run_start, Quoted{run},
            ": ", run.size(), " digits in a row; empty squares are counted by a single digit 1-8");
  };
  auto end_rank = [&](std::size_t at) {
    if (file != 8 && rank >= 0)
      error(FenErrorCode::RankLength, FenField::Placement, f.column + rank_start, "rank ", rank + 1,
            " ", Quoted{slice(f.text, rank_start, at)}, " describes ", file,
            " squares; each rank needs exactly 8");
  };
  for (std::size_t i = 0; i < f.text.size(); ++i) {
    const char c = f.text[i];
    const PlacementSymbol symbol = PlacementSymbols[static_cast<unsigned char>(c)];
    if (symbol.kind != run_kind) {
      end_run(i);
      run_start = i;
      run_kind = symbol.kind;
    }
    switch (symbol.kind) {
      case PlacementSymbol::Bad:
        ++file;
        break;
      case PlacementSymbol::Digit:
        file += c - '0';
        break;
      case PlacementSymbol::Piece:
        if (rank >= 0 && file < 8)
          pos_.put_piece(symbol.piece, make_square(File(file), Rank(rank)));
        ++file;
        break;
      case PlacementSymbol::RankEnd:
        end_rank(i);
        --rank;
        ++ranks_seen;
        file = 0;
        rank_start = i + 1;
        break;
    }
  }
  end_run(f.text.size());
  end_rank(f.text.size());
  if (ranks_seen != 8)
    error(FenErrorCode::RankCount, FenField::Placement, f.column, ranks_seen,
          " ranks found; the placement needs exactly 8, separated by '/'");
  return error_count_ == before;
}

bool FenReader::read_side(Field f) {
  if (f.text == "w" || f.text == "b") {
    pos_.side_to_move_ = f.text == "w" ? White : Black;
    return true;
  }
  error(FenErrorCode::BadSideToMove, FenField::SideToMove, f.column, Quoted{f.text},
        " is not a side to move; expected 'w' or 'b'");
  return false;
}

// Non-letters are reported a run at a time, and a repeated letter once, with its count.
bool FenReader::read_castling_syntax(Field f) {
  if (f.text == "-") return true;
  const std::size_t before = error_count_;
  std::size_t bad_run_start = NoRun;         // first of the non-letters read since the last letter
  std::size_t times[128] = {};               // how often each letter appears (all are ASCII)
  char repeated[CastlingLetterList.size()];  // letters that appear again, in that order
  std::size_t repeated_count = 0;
  for (std::size_t i = 0; i <= f.text.size(); ++i) {
    const char c = i < f.text.size() ? f.text[i] : '\0';
    const bool letter = CastlingLetters[static_cast<unsigned char>(c)];
    if (!letter && i < f.text.size()) {
      if (bad_run_start == NoRun) bad_run_start = i;
      continue;
    }
    if (bad_run_start != NoRun) {
      const std::string_view run = slice(f.text, bad_run_start, i);
      run_error(FenErrorCode::BadCastlingSyntax, FenField::Castling, f.column + bad_run_start, run,
                run == "-" ? " cannot be combined with castling letters"
                           : " is not a castling letter; expected K, Q, k, q, a rook file "
                             "A-H or a-h (Shredder/X-FEN), or '-' alone",
                " are not castling letters; expected K, Q, k, q, a rook file A-H or a-h "
                "(Shredder/X-FEN), or '-' alone");
      bad_run_start = NoRun;
    }
    if (letter && ++times[static_cast<unsigned char>(c)] == 2) repeated[repeated_count++] = c;
  }
  for (const char c : std::string_view(repeated, repeated_count)) {
    const std::size_t second = f.text.find(c, f.text.find(c) + 1);
    const Quoted letter{slice(f.text, second, second + 1)};
    const std::size_t count = times[static_cast<unsigned char>(c)];
    if (count == 2)
      error(FenErrorCode::DuplicateCastling, FenField::Castling, f.column + second, letter,
            " appears twice");
    else
      error(FenErrorCode::DuplicateCastling, FenField::Castling, f.column + second, letter,
            " appears ", count, " times");
  }
  return error_count_ == before;
}

bool FenReader::read_en_passant_syntax(Field f) {
  if (f.text == "-") return true;
  if (f.text.size() == 2 && f.text[0] >= 'a' && f.text[0] <= 'h' && f.text[1] >= '1' &&
      f.text[1] <= '8') {
    st_.ep_square = make_square(File(f.text[0] - 'a'), Rank(f.text[1] - '1'));
    return true;
  }
  error(FenErrorCode::BadEnPassantSyntax, FenField::EnPassant, f.column, Quoted{f.text},
        " is not an en-passant square; expected '-' or a square such as e3");
  return false;
}

void FenReader::read_clock(Field f, FenField field, long long& out) {
  const std::string_view t = f.text;
  if (t[0] == '-') {
    error(FenErrorCode::NegativeNumber, field, f.column, Quoted{t},
          " is negative; clocks count moves and cannot be below ",
          field == FenField::HalfmoveClock ? "0" : "1");
    return;
  }
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] < '0' || t[i] > '9') {
      error(FenErrorCode::BadNumber, field, f.column + i, Quoted{t},
            " is not a decimal number (only digits 0-9 are allowed)");
      return;
    }
  }
  if (t.size() > 1 && t[0] == '0') {
    error(FenErrorCode::LeadingZero, field, f.column, Quoted{t},
          " has a leading zero; write the number without it");
    return;
  }
  long long value = 0;
  for (char c : t) {
    value = value * 10 + (c - '0');
    if (value > MaxClock) {
      error(FenErrorCode::NumberOverflow, field, f.column, Quoted{t}, " is too large; at most ",
            MaxClock, " is supported");
      return;
    }
  }
  if (field == FenField::FullmoveNumber && value == 0) {
    error(FenErrorCode::ZeroFullmove, field, f.column,
          "'0' is not a fullmove number; the count starts at 1");
    return;
  }
  out = value;
}

void FenReader::finish() {
  pos_.chess960_ = options_.chess960 || chess960_from_castling_;
  st_.rule50 = int(halfmove_);
  pos_.game_ply_ = int(2 * (fullmove_ - 1) + (pos_.side_to_move_ == Black));
  st_.previous = nullptr;
  st_.captured = NoPiece;
  pos_.set_check_info(st_);
  st_.ep_hashed = pos_.compute_ep_hashed();
  const Keys k = pos_.compute_keys();
  st_.key = k.key;
  st_.pawn_key = k.pawn_key;
  st_.material_key = k.material_key;
  st_.aux = k.aux;
}

std::vector<FenError> Position::set(std::string_view fen, StateInfo& state, const KeyScheme& scheme,
                                    FenOptions options) {
  std::vector<FenError> errors;
  (void)set(fen, state, scheme, options, &errors);
  return errors;
}

bool Position::set(std::string_view fen, StateInfo& state, const KeyScheme& scheme,
                   FenOptions options, std::vector<FenError>* errors) {
  init_bitboards();
  return FenReader(*this, state, scheme, options, fen, errors).run();
}

}  // namespace zobrist_verify
