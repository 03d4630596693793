// Strict FEN parsing and normal-form writing. Syntax is checked field by field; the position
// rules (kings, pawns, check, castling, en passant) are checked on every field that parsed, so
// one call reports as many independent problems as it can find.
#include <cctype>
#include <cstdio>
#include <cstring>
#include <string>

#include "zobrist_verify/fen_error.h"
#include "zobrist_verify/position.h"

namespace zobrist_verify {

namespace {

constexpr long long MaxClock = 1'000'000'000;
constexpr const char* PieceLetters = " PNBRQK  pnbrqk";

// The piece a FEN letter names, or NoPiece. (strchr would also "find" the terminating NUL.)
Piece piece_from_letter(char c) {
  const std::size_t i = std::string_view(PieceLetters).find(c);
  return c != ' ' && i != std::string_view::npos ? Piece(i) : NoPiece;
}

std::string quoted(std::string_view s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\t')
      out += "\\t";
    else if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 32 || static_cast<unsigned char>(c) > 126) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(c));
      out += buf;
    } else
      out += c;
  }
  return out + "'";
}

struct Field {
  std::string_view text;
  std::size_t column;
};

}  // namespace

const char* to_string(FenField field) {
  switch (field) {
    case FenField::Whole:
      return "FEN";
    case FenField::Placement:
      return "FEN piece placement field";
    case FenField::SideToMove:
      return "FEN side-to-move field";
    case FenField::Castling:
      return "FEN castling field";
    case FenField::EnPassant:
      return "FEN en-passant field";
    case FenField::HalfmoveClock:
      return "FEN halfmove clock field";
    case FenField::FullmoveNumber:
      return "FEN fullmove number field";
  }
  return "FEN";
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
  }
  return "unknown";
}

std::string format_errors(const std::vector<FenError>& errors) {
  std::string out;
  for (const auto& e : errors) out += e.message + "\n";
  return out;
}

// Reads one FEN into a Position; a friend of Position so it can fill the board directly.
class FenReader {
 public:
  FenReader(Position& pos, StateInfo& st, const KeyScheme& scheme, FenOptions options,
            std::string_view fen)
      : pos_(pos), st_(st), scheme_(scheme), options_(options), fen_(fen) {}

  std::vector<FenError> run() {
    pos_.clear();
    std::memset(&st_, 0, sizeof st_);
    st_.ep_square = NoSquare;
    pos_.state_ = &st_;
    pos_.scheme_ = &scheme_;

    if (fen_.empty()) {
      error(FenErrorCode::Empty, FenField::Whole, 0, "the string is empty; expected 4 or 6 fields");
      return errors_;
    }
    split();
    if (fields_.size() != 4 && fields_.size() != 6) {
      error(FenErrorCode::FieldCount, FenField::Whole, 0,
            std::to_string(fields_.size()) + " space-separated field" +
                (fields_.size() == 1 ? "" : "s") +
                " found; a FEN has 6 (placement, side, castling, en passant, halfmove clock, "
                "fullmove number) or 4 (without the clocks)");
      return errors_;
    }
    const bool placement_ok = read_placement(fields_[0]);
    const bool side_ok = read_side(fields_[1]);
    const bool castling_ok = read_castling_syntax(fields_[2]);
    const bool ep_ok = read_en_passant_syntax(fields_[3]);
    if (fields_.size() == 6) {
      read_clock(fields_[4], FenField::HalfmoveClock, halfmove_);
      read_clock(fields_[5], FenField::FullmoveNumber, fullmove_);
    }

    bool kings_ok = false;
    if (placement_ok) kings_ok = check_material();
    if (kings_ok && side_ok) check_opponent_not_in_check();
    if (kings_ok && castling_ok) read_castling_rights();
    if (placement_ok && side_ok && ep_ok) check_en_passant();

    if (!errors_.empty()) {
      pos_.state_ = nullptr;
      return errors_;
    }
    finish();
    return {};
  }

 private:
  void error(FenErrorCode code, FenField field, std::size_t column, const std::string& why) {
    std::string message =
        std::string(to_string(field)) + ", character " + std::to_string(column + 1) + ": " + why;
    errors_.push_back({code, field, column, std::move(message)});
  }

  // Splits on single spaces, reporting any other white space, and runs of spaces once.
  void split() {
    for (std::size_t i = 0; i < fen_.size(); ++i) {
      const char c = fen_[i];
      if (c != ' ' && std::isspace(static_cast<unsigned char>(c))) {
        error(FenErrorCode::BadSpacing, FenField::Whole, i,
              quoted(std::string_view(&fen_[i], 1)) +
                  " is not allowed; fields are separated by single spaces");
      }
    }
    std::size_t i = 0;
    if (fen_[0] == ' ')
      error(FenErrorCode::BadSpacing, FenField::Whole, 0, "leading space before the first field");
    while (i < fen_.size()) {
      while (i < fen_.size() && fen_[i] == ' ') ++i;
      if (i >= fen_.size()) break;
      std::size_t j = i;
      while (j < fen_.size() && fen_[j] != ' ') ++j;
      fields_.push_back({fen_.substr(i, j - i), i});
      if (j < fen_.size()) {
        std::size_t k = j;
        while (k < fen_.size() && fen_[k] == ' ') ++k;
        if (k == fen_.size())
          error(FenErrorCode::BadSpacing, FenField::Whole, j,
                "trailing space after the last field");
        else if (k - j > 1)
          error(FenErrorCode::BadSpacing, FenField::Whole, j,
                std::to_string(k - j) + " spaces between fields; use exactly one");
      }
      i = j;
    }
  }

  bool read_placement(Field f) {
    const std::size_t before = errors_.size();
    int rank = 7, file = 0, ranks_seen = 1;
    std::size_t rank_start = 0;
    bool last_digit = false;
    auto end_rank = [&](std::size_t at) {
      if (file != 8 && rank >= 0)
        error(FenErrorCode::RankLength, FenField::Placement, f.column + rank_start,
              "rank " + std::to_string(rank + 1) + " " +
                  quoted(f.text.substr(rank_start, at - rank_start)) + " describes " +
                  std::to_string(file) + " squares; each rank needs exactly 8");
    };
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      const char c = f.text[i];
      if (c == '/') {
        end_rank(i);
        --rank;
        ++ranks_seen;
        file = 0;
        rank_start = i + 1;
        last_digit = false;
      } else if (c >= '1' && c <= '8') {
        if (last_digit)
          error(FenErrorCode::ConsecutiveDigits, FenField::Placement, f.column + i,
                "two digits in a row; empty squares are counted by a single digit 1-8");
        file += c - '0';
        last_digit = true;
      } else if (Piece pc = piece_from_letter(c); pc != NoPiece) {
        if (rank >= 0 && file < 8) pos_.put_piece(pc, make_square(File(file), Rank(rank)));
        ++file;
        last_digit = false;
      } else {
        error(FenErrorCode::BadCharacter, FenField::Placement, f.column + i,
              quoted(std::string_view(&f.text[i], 1)) +
                  " is not a piece letter (PNBRQK, pnbrqk), a digit 1-8 or '/'");
        ++file;
        last_digit = false;
      }
    }
    end_rank(f.text.size());
    if (ranks_seen != 8)
      error(FenErrorCode::RankCount, FenField::Placement, f.column,
            std::to_string(ranks_seen) +
                " ranks found; the placement needs exactly 8, "
                "separated by '/'");
    return errors_.size() == before;
  }

  bool read_side(Field f) {
    if (f.text == "w" || f.text == "b") {
      pos_.side_to_move_ = f.text == "w" ? White : Black;
      return true;
    }
    error(FenErrorCode::BadSideToMove, FenField::SideToMove, f.column,
          quoted(f.text) + " is not a side to move; expected 'w' or 'b'");
    return false;
  }

  bool read_castling_syntax(Field f) {
    if (f.text == "-") return true;
    const std::size_t before = errors_.size();
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      const char c = f.text[i];
      const bool letter = c == 'K' || c == 'Q' || c == 'k' || c == 'q' || (c >= 'A' && c <= 'H') ||
                          (c >= 'a' && c <= 'h');
      if (!letter) {
        error(FenErrorCode::BadCastlingSyntax, FenField::Castling, f.column + i,
              quoted(std::string_view(&f.text[i], 1)) +
                  (c == '-' ? " cannot be combined with castling letters"
                            : " is not a castling letter; expected K, Q, k, q, a rook file "
                              "A-H or a-h (Shredder/X-FEN), or '-' alone"));
      } else if (f.text.find(c) != i) {
        error(FenErrorCode::DuplicateCastling, FenField::Castling, f.column + i,
              quoted(std::string_view(&f.text[i], 1)) + " appears twice");
      }
    }
    return errors_.size() == before;
  }

  bool read_en_passant_syntax(Field f) {
    if (f.text == "-") return true;
    if (f.text.size() == 2 && f.text[0] >= 'a' && f.text[0] <= 'h' && f.text[1] >= '1' &&
        f.text[1] <= '8') {
      st_.ep_square = make_square(File(f.text[0] - 'a'), Rank(f.text[1] - '1'));
      return true;
    }
    error(FenErrorCode::BadEnPassantSyntax, FenField::EnPassant, f.column,
          quoted(f.text) + " is not an en-passant square; expected '-' or a square such as e3");
    return false;
  }

  void read_clock(Field f, FenField field, long long& out) {
    const std::string_view t = f.text;
    if (t[0] == '-') {
      error(FenErrorCode::NegativeNumber, field, f.column,
            quoted(t) +
                " is negative; "
                "clocks count moves and cannot be below " +
                (field == FenField::HalfmoveClock ? "0" : "1"));
      return;
    }
    for (std::size_t i = 0; i < t.size(); ++i) {
      if (t[i] < '0' || t[i] > '9') {
        error(FenErrorCode::BadNumber, field, f.column + i,
              quoted(t) + " is not a decimal number (only digits 0-9 are allowed)");
        return;
      }
    }
    if (t.size() > 1 && t[0] == '0') {
      error(FenErrorCode::LeadingZero, field, f.column,
            quoted(t) + " has a leading zero; write the number without it");
      return;
    }
    long long value = 0;
    for (char c : t) {
      value = value * 10 + (c - '0');
      if (value > MaxClock) {
        error(FenErrorCode::NumberOverflow, field, f.column,
              quoted(t) + " is too large; at most " + std::to_string(MaxClock) + " is supported");
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

  bool check_material() {
    bool kings_ok = true;
    for (Color c : {White, Black}) {
      const char* name = c == White ? "white" : "black";
      const int kings = popcount(pos_.pieces(c, King));
      if (kings == 0) {
        error(FenErrorCode::MissingKing, FenField::Placement, fields_[0].column,
              std::string("there is no ") + name + " king; each side needs exactly one");
        kings_ok = false;
      } else if (kings > 1) {
        error(FenErrorCode::TooManyKings, FenField::Placement, fields_[0].column,
              std::to_string(kings) + " " + name + " kings; each side needs exactly one");
        kings_ok = false;
      }
      if (popcount(pos_.pieces(c)) > 16)
        error(FenErrorCode::TooManyPieces, FenField::Placement, fields_[0].column,
              std::to_string(popcount(pos_.pieces(c))) + " " + name +
                  " pieces; a side has at most 16");
    }
    const Bitboard back_rank_pawns = pos_.pieces(Pawn) & (rank_bb(Rank1) | rank_bb(Rank8));
    if (back_rank_pawns) {
      std::string squares;
      for (Bitboard b = back_rank_pawns; b;) squares += " " + square_name(pop_lsb(b));
      error(FenErrorCode::PawnOnBackRank, FenField::Placement, fields_[0].column,
            "pawn on" + squares + "; pawns cannot stand on the first or last rank");
    }
    return kings_ok;
  }

  void check_opponent_not_in_check() {
    const Color them = ~pos_.side_to_move_;
    const Bitboard attackers = pos_.attackers_to(pos_.king_square(them)) & pos_.pieces(~them);
    if (!attackers) return;
    std::string squares;
    for (Bitboard b = attackers; b;) squares += " " + square_name(pop_lsb(b));
    error(FenErrorCode::OpponentInCheck, FenField::SideToMove, fields_[1].column,
          std::string("the side not to move (") + (them == White ? "white" : "black") +
              ") is in check from" + squares + ", so this position cannot arise");
  }

  // Turns castling letters into rights; K/Q pick the outermost rook on that wing (X-FEN).
  void read_castling_rights() {
    const Field f = fields_[2];
    if (f.text == "-") return;
    bool needs_chess960 = false;
    for (std::size_t i = 0; i < f.text.size(); ++i) {
      const char c = f.text[i];
      const Color color = std::isupper(static_cast<unsigned char>(c)) ? White : Black;
      const char lower = char(std::tolower(static_cast<unsigned char>(c)));
      const Rank back = relative_rank(color, Rank1);
      const Square ksq = pos_.king_square(color);
      const std::string letter = quoted(std::string_view(&f.text[i], 1));
      if (rank_of(ksq) != back) {
        error(FenErrorCode::CastlingWithoutKing, FenField::Castling, f.column + i,
              letter + " needs the " + (color == White ? "white" : "black") + " king on rank " +
                  std::to_string(back + 1) + ", but it stands on " + square_name(ksq));
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
        const std::string where = lower == 'k' ? "on the king side of the king"
                                  : lower == 'q'
                                      ? "on the queen side of the king"
                                      : "on " + square_name(make_square(File(lower - 'a'), back));
        error(FenErrorCode::CastlingWithoutRook, FenField::Castling, f.column + i,
              letter + " needs a " + (color == White ? "white" : "black") + " rook " + where +
                  " on rank " + std::to_string(back + 1) + ", and there is none");
        continue;
      }
      const CastlingRights cr = color & (rsq > ksq ? (WhiteOO | BlackOO) : (WhiteOOO | BlackOOO));
      if (pos_.can_castle(cr)) {
        error(FenErrorCode::DuplicateCastling, FenField::Castling, f.column + i,
              letter + " names a right already given by another letter");
        continue;
      }
      if (file_of(ksq) != FileE || (file_of(rsq) != FileA && file_of(rsq) != FileH))
        needs_chess960 = true;
      pos_.set_castling_right(color, rsq);
    }
    chess960_from_castling_ = needs_chess960;
  }

  void check_en_passant() {
    const Square ep = st_.ep_square;
    if (ep == NoSquare) return;
    const Color us = pos_.side_to_move_;
    const Field f = fields_[3];
    const std::string sq = quoted(f.text);
    if (relative_rank(us, ep) != Rank6) {
      error(FenErrorCode::EnPassantWrongRank, FenField::EnPassant, f.column,
            sq + " is on the wrong rank: with " + (us == White ? "white" : "black") +
                " to move the en-passant square must be on rank " + (us == White ? "6" : "3"));
      return;
    }
    const Square pawn = ep - pawn_push(us);
    if (pos_.piece_on(pawn) != make_piece(~us, Pawn)) {
      error(FenErrorCode::EnPassantNoPawn, FenField::EnPassant, f.column,
            sq + " has no " + (us == White ? "black" : "white") + " pawn on " + square_name(pawn) +
                " that could just have made a double push");
    }
    const Square origin = ep + pawn_push(us);
    if (!pos_.empty(ep) || !pos_.empty(origin)) {
      error(FenErrorCode::EnPassantNotEmpty, FenField::EnPassant, f.column,
            sq + " and " + square_name(origin) + " must be empty after a double push, but " +
                square_name(!pos_.empty(ep) ? ep : origin) + " is occupied");
    }
  }

  void finish() {
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
  }

  Position& pos_;
  StateInfo& st_;
  const KeyScheme& scheme_;
  FenOptions options_;
  std::string_view fen_;
  std::vector<Field> fields_;
  std::vector<FenError> errors_;
  long long halfmove_ = 0;
  long long fullmove_ = 1;
  bool chess960_from_castling_ = false;
};

std::vector<FenError> Position::set(std::string_view fen, StateInfo& state, const KeyScheme& scheme,
                                    FenOptions options) {
  init_bitboards();
  return FenReader(*this, state, scheme, options, fen).run();
}

std::string placement_field(std::span<const Piece, SquareCount> board) {
  std::string out;
  out.reserve(90);
  for (int r = Rank8; r >= Rank1; --r) {
    int empty_run = 0;
    for (int f = FileA; f <= FileH; ++f) {
      const Piece pc = board[make_square(File(f), Rank(r))];
      if (pc == NoPiece) {
        ++empty_run;
        continue;
      }
      if (empty_run) out += char('0' + empty_run);
      empty_run = 0;
      out += PieceLetters[pc];
    }
    if (empty_run) out += char('0' + empty_run);
    if (r > Rank1) out += '/';
  }
  return out;
}

std::string Position::fen() const {
  std::string out = placement_field(board_);
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
  out += square_name(ep_square());
  out += ' ';
  out += std::to_string(rule50());
  out += ' ';
  out += std::to_string(fullmove_number());
  return out;
}

}  // namespace zobrist_verify
