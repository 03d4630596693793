// Position::check(): every derived field recomputed from the board and compared with the state
// held incrementally, as Stockfish's old pos_is_ok() did, but reported rather than asserted.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <sstream>
#include <string_view>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/hex.h"

namespace zobrist_verify {

namespace {

// Collects mismatches. check() runs after every action of a fuzzer and every ply of a property,
// so the clean path is a bare comparison; names and values are written out (and allocated) only
// in the out-of-line add() when a field differs.
class Reporter {
 public:
  explicit Reporter(CheckReport& report) : report_(report) {}
  void bitboard(std::string_view field, Bitboard expected, Bitboard actual) {
    if (expected != actual) [[unlikely]]
      add(field, NoDetail, expected, actual, hex_key);
  }
  void number(std::string_view field, long long expected, long long actual) {
    if (expected != actual) [[unlikely]]
      add(field, NoDetail, expected, actual, decimal);
  }
  // A field of a family: "name(detail)", the detail made only on a mismatch.
  template <class Detail>
  void number(std::string_view family, const Detail& detail, long long expected, long long actual) {
    if (expected != actual) [[unlikely]]
      add(family, detail, expected, actual, decimal);
  }
  template <class Detail>
  void bitboard(std::string_view family, const Detail& detail, Bitboard expected, Bitboard actual) {
    if (expected != actual) [[unlikely]]
      add(family, detail, expected, actual, hex_key);
  }

 private:
  static std::string NoDetail() { return {}; }
  static std::string decimal(long long v) { return std::to_string(v); }
  template <class Detail, class Value, class Format>
  [[gnu::noinline, gnu::cold]] void add(std::string_view family, const Detail& detail,
                                        Value expected, Value actual, Format format) {
    std::string field(family);
    if (std::string d = detail(); !d.empty()) field += "(" + d + ")";
    report_.mismatches.push_back({std::move(field), format(expected), format(actual)});
  }
  CheckReport& report_;
};

// A table of 64 one-byte entries (a board, castling masks) packed eight squares to a word, so two
// tables compare in eight word comparisons: a1..h1 in word 0, lowest byte first.
using PackedSquares = std::array<std::uint64_t, 8>;

template <class Entry>
PackedSquares pack(const Entry (&table)[SquareCount]) {
  static_assert(sizeof(Entry) == 1);
  PackedSquares packed;
  // Word by word: eight-byte copies compile to plain loads, where one 64-byte copy would be a
  // memcpy call (and, under ASan, a checked interceptor call).
  for (std::size_t i = 0; i < packed.size(); ++i) std::memcpy(&packed[i], &table[8 * i], 8);
  return packed;
}

// (std::array's == would call memcmp, which ASan intercepts at a cost above the comparison.)
bool same(const PackedSquares& a, const PackedSquares& b) {
  std::uint64_t difference = 0;
  for (std::size_t i = 0; i < a.size(); ++i) difference |= a[i] ^ b[i];
  return difference == 0;
}

void set_entry(PackedSquares& packed, Square s, unsigned value) {
  packed[s / 8] |= std::uint64_t(value) << (8 * (s % 8));
}

}  // namespace

std::string CheckReport::to_string() const {
  if (ok()) return "ok";
  std::ostringstream out;
  for (const auto& m : mismatches)
    out << m.field << ": recomputed " << m.expected << ", held " << m.actual << "\n";
  return out.str();
}

// check()'s parts, each a friend's view of one part of the state. board() comes first: the others
// assume a consistent board with both kings.
class PositionAudit {
 public:
  PositionAudit(const Position& pos, Reporter& r) : pos_(pos), r_(r) {}
  void board() const;
  void keys_and_checks() const;
  void castling() const;
  void en_passant() const;

 private:
  const Position& pos_;
  Reporter& r_;
};

CheckReport Position::check() const {
  CheckReport report;
  Reporter r(report);
  const PositionAudit audit(*this, r);
  audit.board();
  if (!report.ok()) return report;  // the rest assumes a consistent board with both kings
  audit.keys_and_checks();
  audit.castling();
  audit.en_passant();
  return report;
}

// Occupancy: the board array, the per-type and per-colour bitboards must describe one board.
// Usually they do: the piece bitboards do not overlap and draw exactly the board array, which
// eight word comparisons show. Only otherwise is the array scanned square by square to say
// which piece differs where. (check() runs after every fuzzer action and property ply.)
void PositionAudit::board() const {
  const Position& p = pos_;
  Reporter& r = r_;
  Bitboard from_board[PieceCount] = {};  // the squares the board array gives each piece code
  PackedSquares drawn{};
  Bitboard drawn_squares = 0;
  bool overlap = false;
  for (Piece pc : EveryPiece) {
    const Bitboard b = p.by_color_[color_of(pc)] & p.by_type_[type_of(pc)];
    overlap |= (drawn_squares & b) != 0;
    drawn_squares |= b;
    for (Bitboard rest = b; rest;) set_entry(drawn, pop_lsb(rest), pc);
    from_board[pc] = b;
  }
  if (overlap || !same(drawn, pack(p.board_))) {
    Bitboard invalid = 0;  // squares holding a value that is no piece code
    std::fill(std::begin(from_board), std::end(from_board), Bitboard(0));
    for (Square s = A1; s <= H8; ++s) {
      const Piece pc = p.board_[s];
      if (std::find(std::begin(EveryPiece), std::end(EveryPiece), pc) != std::end(EveryPiece))
        from_board[pc] |= square_bb(s);
      else if (pc != NoPiece)
        invalid |= square_bb(s);
    }
    r.bitboard("board(invalid piece codes)", 0, invalid);
    for (Piece pc : EveryPiece)
      r.bitboard(
          "pieces", [pc] { return std::string(1, PieceLetters[pc]); }, from_board[pc],
          p.by_color_[color_of(pc)] & p.by_type_[type_of(pc)]);
  }
  Bitboard all = 0, white = 0, black = 0;
  for (Piece pc : EveryPiece) {
    r.number(
        "count", [pc] { return std::string(1, PieceLetters[pc]); }, popcount(from_board[pc]),
        p.piece_count_[pc]);
    all |= from_board[pc];
    (color_of(pc) == White ? white : black) |= from_board[pc];
  }
  r.bitboard("occupancy", all, p.pieces());
  r.bitboard("occupancy(white)", white, p.pieces(White));
  r.bitboard("occupancy(black)", black, p.pieces(Black));
  r.bitboard("occupancy(by type)", all,
             p.pieces(Pawn) | p.pieces(Knight) | p.pieces(Bishop) | p.pieces(Rook) |
                 p.pieces(Queen) | p.pieces(King));
  r.number("count(white)", popcount(white), p.piece_count_[make_piece(White, AllPieces)]);
  r.number("count(black)", popcount(black), p.piece_count_[make_piece(Black, AllPieces)]);
  r.number("kings(white)", 1, popcount(p.pieces(White, King)));
  r.number("kings(black)", 1, popcount(p.pieces(Black, King)));
}

// The keys recomputed from scratch, and the check information recomputed from the board.
void PositionAudit::keys_and_checks() const {
  const Position& p = pos_;
  Reporter& r = r_;
  const Keys k = p.compute_keys();
  r.bitboard("key", k.key, p.key());
  r.bitboard("pawn_key", k.pawn_key, p.pawn_key());
  r.bitboard("material_key", k.material_key, p.material_key());
  static constexpr const char* AuxNames[AuxKeyCount] = {
      "non_pawn_key(white)", "non_pawn_key(black)", "minor_piece_key", "major_piece_key"};
  for (int i = 0; i < AuxKeyCount; ++i)
    r.bitboard(AuxNames[i], k.aux[i], p.aux_key(AuxKeyIndex(i)));
  r.number("ep_hashed", p.compute_ep_hashed(), p.state_->ep_hashed);

  StateInfo fresh = *p.state_;
  p.set_check_info(fresh);
  r.bitboard("checkers", fresh.checkers, p.checkers());
  r.bitboard("blockers_for_king", fresh.blockers_for_king, p.state_->blockers_for_king);
  r.bitboard("pinners", fresh.pinners, p.state_->pinners);
  r.bitboard("opponent_in_check", 0,
             p.attackers_to(p.king_square(~p.side_to_move_)) & p.pieces(p.side_to_move_));
}

// Castling: the per-square masks follow from the configured rook and king squares, and every
// right still held needs its king and rook in place.
void PositionAudit::castling() const {
  const Position& p = pos_;
  Reporter& r = r_;
  PackedSquares mask{};
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!(p.castling_configured_ & cr)) continue;
    set_entry(mask, p.castling_king_from_[cr], cr);
    set_entry(mask, p.castling_rook_square_[cr], cr);
  }
  if (!same(mask, pack(p.castling_rights_mask_))) {  // say where only when it differs
    for (Square s = A1; s <= H8; ++s) {
      const auto expected = (mask[s / 8] >> (8 * (s % 8))) & 0xff;
      r.number(
          "castling_rights_mask", [s] { return square_name(s); }, expected,
          p.castling_rights_mask_[s]);
    }
  }
  r.number("castling_rights(configured)", p.castling_rights() & ~p.castling_configured_, 0);
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!p.can_castle(cr)) continue;
    const Color c = cr & WhiteCastling ? White : Black;
    const auto right = [cr] { return std::to_string(int(cr)); };
    r.number("castling_king", right, make_piece(c, King), p.piece_on(p.castling_king_from_[cr]));
    r.number("castling_rook", right, make_piece(c, Rook), p.piece_on(p.castling_rook_square_[cr]));
  }
}

// En passant: a set square must sit behind an enemy pawn that just double-pushed.
void PositionAudit::en_passant() const {
  const Position& p = pos_;
  if (p.ep_square() == NoSquare) return;
  const Color us = p.side_to_move_;
  r_.number("ep_square(rank)", Rank6, relative_rank(us, p.ep_square()));
  r_.number("ep_square(pawn)", make_piece(~us, Pawn), p.piece_on(p.ep_square() - pawn_push(us)));
}

}  // namespace zobrist_verify
