// Position::check(): every derived field recomputed from the board and compared with the state
// held incrementally, as Stockfish's old pos_is_ok() did, but reported rather than asserted.
#include <cstdio>
#include <sstream>
#include <string_view>

#include "zobrist_verify/position.h"

namespace zobrist_verify {

namespace {

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// Collects mismatches. Field names are built only when a field differs: check() runs after every
// action of a fuzzer and every ply of a property, so the clean path must not allocate.
class Reporter {
 public:
  explicit Reporter(CheckReport& report) : report_(report) {}
  void bitboard(std::string_view field, Bitboard expected, Bitboard actual) {
    if (expected != actual)
      report_.mismatches.push_back({std::string(field), hex(expected), hex(actual)});
  }
  void number(std::string_view field, long long expected, long long actual) {
    if (expected != actual) add_number(std::string(field), expected, actual);
  }
  // A field of a family: "name(detail)", the detail made only on a mismatch.
  template <class Detail>
  void number(std::string_view family, Detail detail, long long expected, long long actual) {
    if (expected != actual)
      add_number(std::string(family) + "(" + detail() + ")", expected, actual);
  }
  template <class Detail>
  void bitboard(std::string_view family, Detail detail, Bitboard expected, Bitboard actual) {
    if (expected != actual)
      report_.mismatches.push_back(
          {std::string(family) + "(" + detail() + ")", hex(expected), hex(actual)});
  }

 private:
  void add_number(std::string field, long long expected, long long actual) {
    report_.mismatches.push_back(
        {std::move(field), std::to_string(expected), std::to_string(actual)});
  }
  CheckReport& report_;
};

constexpr Piece AllPieceCodes[] = {WhitePawn,   WhiteKnight, WhiteBishop, WhiteRook,
                                   WhiteQueen,  WhiteKing,   BlackPawn,   BlackKnight,
                                   BlackBishop, BlackRook,   BlackQueen,  BlackKing};

}  // namespace

std::string CheckReport::to_string() const {
  if (ok()) return "ok";
  std::ostringstream out;
  for (const auto& m : mismatches)
    out << m.field << ": recomputed " << m.expected << ", held " << m.actual << "\n";
  return out.str();
}

CheckReport Position::check() const {
  CheckReport report;
  Reporter r(report);

  // Occupancy: the board array, the per-type and per-colour bitboards must describe one board.
  Bitboard from_board[PieceCount] = {};
  for (Square s = A1; s <= H8; ++s)
    if (board_[s] != NoPiece) from_board[board_[s]] |= square_bb(s);
  Bitboard all = 0, white = 0, black = 0;
  for (Piece pc : AllPieceCodes) {
    const auto letter = [pc] { return std::string(1, " PNBRQK  pnbrqk"[pc]); };
    r.bitboard("pieces", letter, from_board[pc], pieces(color_of(pc), type_of(pc)));
    r.number("count", letter, popcount(from_board[pc]), piece_count_[pc]);
    all |= from_board[pc];
    (color_of(pc) == White ? white : black) |= from_board[pc];
  }
  r.bitboard("occupancy", all, pieces());
  r.bitboard("occupancy(white)", white, pieces(White));
  r.bitboard("occupancy(black)", black, pieces(Black));
  r.bitboard(
      "occupancy(by type)", all,
      pieces(Pawn) | pieces(Knight) | pieces(Bishop) | pieces(Rook) | pieces(Queen) | pieces(King));
  r.number("count(white)", popcount(white), piece_count_[make_piece(White, AllPieces)]);
  r.number("count(black)", popcount(black), piece_count_[make_piece(Black, AllPieces)]);
  r.number("kings(white)", 1, popcount(pieces(White, King)));
  r.number("kings(black)", 1, popcount(pieces(Black, King)));
  if (!report.ok()) return report;  // the rest assumes a consistent board with both kings

  // Keys.
  const Keys k = compute_keys();
  r.bitboard("key", k.key, key());
  r.bitboard("pawn_key", k.pawn_key, pawn_key());
  r.bitboard("material_key", k.material_key, material_key());
  r.number("ep_hashed", compute_ep_hashed(), state_->ep_hashed);

  // Check information.
  StateInfo fresh = *state_;
  set_check_info(fresh);
  r.bitboard("checkers", fresh.checkers, checkers());
  for (Color c : {White, Black}) {
    const auto side = [c] { return std::string(c == White ? "white" : "black"); };
    r.bitboard("blockers_for_king", side, fresh.blockers_for_king[c], blockers_for_king(c));
    r.bitboard("pinners", side, fresh.pinners[c], pinners(c));
  }
  r.bitboard("opponent_in_check", 0,
             attackers_to(king_square(~side_to_move_)) & pieces(side_to_move_));

  // Castling: the per-square masks follow from the configured rook and king squares, and every
  // right still held needs its king and rook in place.
  CastlingRights mask[SquareCount] = {};
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!(castling_configured_ & cr)) continue;
    mask[castling_king_from_[cr]] = mask[castling_king_from_[cr]] | cr;
    mask[castling_rook_square_[cr]] = mask[castling_rook_square_[cr]] | cr;
  }
  for (Square s = A1; s <= H8; ++s)
    r.number(
        "castling_rights_mask", [s] { return square_name(s); }, mask[s], castling_rights_mask_[s]);
  r.number("castling_rights(configured)", castling_rights() & ~castling_configured_, 0);
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!can_castle(cr)) continue;
    const Color c = cr & WhiteCastling ? White : Black;
    const auto right = [cr] { return std::to_string(int(cr)); };
    r.number("castling_king", right, make_piece(c, King), piece_on(castling_king_from_[cr]));
    r.number("castling_rook", right, make_piece(c, Rook), piece_on(castling_rook_square_[cr]));
  }

  // En passant: a set square must sit behind an enemy pawn that just double-pushed.
  if (ep_square() != NoSquare) {
    const Color us = side_to_move_;
    r.number("ep_square(rank)", Rank6, relative_rank(us, ep_square()));
    r.number("ep_square(pawn)", make_piece(~us, Pawn), piece_on(ep_square() - pawn_push(us)));
  }
  return report;
}

}  // namespace zobrist_verify
