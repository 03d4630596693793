#include "chess/position_tools.h"

#include "zobrist_verify/core/hex.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ostream>
#include <vector>

#include "zobrist_verify/chess/bitboard.h"

namespace zobrist_verify::properties {

namespace {

std::vector<std::string> words(std::string_view text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find(' ', i);
    if (j == std::string_view::npos) j = text.size();
    if (j > i) out.emplace_back(text.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

}  // namespace

FenFields split_fen(std::string_view fen) {
  std::vector<std::string> w = words(fen);
  w.resize(std::max<std::size_t>(w.size(), 4));
  FenFields f{w[0], w[1], w[2], w[3]};
  if (w.size() >= 6) {
    f.halfmove = w[4];
    f.fullmove = w[5];
  }
  return f;
}

std::string join_fen(const FenFields& f) {
  return f.placement + ' ' + f.side + ' ' + f.castling + ' ' + f.en_passant + ' ' + f.halfmove +
         ' ' + f.fullmove;
}

std::string with_en_passant(std::string_view fen, std::string_view square) {
  FenFields f = split_fen(fen);
  f.en_passant = square;
  return join_fen(f);
}

std::string with_side(std::string_view fen, Color side) {
  FenFields f = split_fen(fen);
  f.side = side == White ? "w" : "b";
  return join_fen(f);
}

std::string with_castling(std::string_view fen, std::string_view field) {
  FenFields f = split_fen(fen);
  f.castling = field.empty() ? "-" : std::string(field);
  return join_fen(f);
}

std::string castling_field(const Position& pos, CastlingRights rights) {
  std::string out;
  for (CastlingRights cr : {WhiteOO, WhiteOOO, BlackOO, BlackOOO}) {
    if (!(rights & cr)) continue;
    const bool white = cr & WhiteCastling;
    char c = pos.is_chess960() ? char('a' + file_of(pos.castling_rook_square(cr)))
                               : ((cr & (WhiteOO | BlackOO)) ? 'k' : 'q');
    out += white ? char(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  return out.empty() ? "-" : out;
}

bool en_passant_term_applies(const Position& pos, EnPassantRule rule) {
  const Square ep = pos.ep_square();
  if (ep == NoSquare) return false;
  const Color us = pos.side_to_move();
  switch (rule) {
    case EnPassantRule::Always:
      return true;
    case EnPassantRule::PseudoLegal:
      return pawn_attacks(~us, ep) & pos.pieces(us, Pawn);
    case EnPassantRule::Legal:
      return pos.en_passant_capture_legal();
    case EnPassantRule::Never:
      return false;
  }
  return false;
}

PositionIdentity position_identity(const Position& pos, EnPassantRule rule, bool with_clock) {
  PositionIdentity id;
  // Every clock a FEN may give (at most 10^9) and the plies after it fit; none is cut short, as
  // two clocks cut to one bound would be taken for one position.
  if (with_clock) id.halfmove_clock = std::uint32_t(std::max(pos.rule50(), 0));
  for (Square s = A1; s < SquareCount; ++s)
    id.board[s / 2] |= std::uint8_t(pos.piece_on(s) << (4 * (s % 2)));
  id.side = std::uint8_t(pos.side_to_move());
  const CastlingRights rights[] = {WhiteOO, WhiteOOO, BlackOO, BlackOOO};
  for (std::size_t i = 0; i < 4; ++i)
    id.castling_rooks[i] =
        pos.can_castle(rights[i]) ? pos.castling_rook_square(rights[i]) : NoSquare;
  if (en_passant_term_applies(pos, rule)) id.en_passant = pos.ep_square();
  return id;
}

namespace {

std::string castling_text(const PositionIdentity& id) {
  Board board{};
  for (Square s = A1; s < SquareCount; ++s)
    board[s] = Piece((id.board[s / 2] >> (4 * (s % 2))) & 15);
  std::string out;
  const char standard[] = {'K', 'Q', 'k', 'q'};
  for (std::size_t i = 0; i < 4; ++i) {
    const auto rook = Square(id.castling_rooks[i]);
    if (rook == NoSquare) continue;
    const bool white = i < 2;
    const Square king_home = white ? E1 : E8;
    const Square corner = i == 0 ? H1 : i == 1 ? A1 : i == 2 ? H8 : A8;
    const bool plain =
        board[king_home] == make_piece(white ? White : Black, King) && rook == corner;
    const char letter = plain ? standard[i] : char('a' + file_of(rook));
    out += white ? char(std::toupper(static_cast<unsigned char>(letter))) : letter;
  }
  return out.empty() ? "-" : out;
}

}  // namespace

std::string to_string(const PositionIdentity& id) {
  Board board{};
  for (Square s = A1; s < SquareCount; ++s)
    board[s] = Piece((id.board[s / 2] >> (4 * (s % 2))) & 15);
  const std::string ep =
      id.en_passant == NoSquare ? std::string("-") : square_name(Square(id.en_passant));
  return placement_field(board) + (id.side == White ? " w " : " b ") + castling_text(id) + ' ' + ep;
}

std::ostream& operator<<(std::ostream& out, const PositionIdentity& identity) {
  return out << to_string(identity);
}

std::size_t PositionIdentityHash::operator()(const PositionIdentity& id) const {
  // FNV-1a over the bytes, then a splitmix finaliser: fast and well spread for hash tables.
  std::uint64_t h = 0xCBF29CE484222325ULL;
  auto mix = [&h](std::uint8_t byte) { h = (h ^ byte) * 0x100000001B3ULL; };
  for (std::uint8_t b : id.board) mix(b);
  mix(id.side);
  for (std::uint8_t r : id.castling_rooks) mix(r);
  mix(id.en_passant);
  for (int shift = 0; shift < 32; shift += 8) mix(std::uint8_t(id.halfmove_clock >> shift));
  return std::size_t(SplitMix64(h).next());
}

bool only_clock_differs(const PositionIdentity& a, const PositionIdentity& b) {
  PositionIdentity same_clock = b;
  same_clock.halfmove_clock = a.halfmove_clock;
  return a.halfmove_clock != b.halfmove_clock && a == same_clock;
}

std::string only_difference(const PositionIdentity& a, const PositionIdentity& b) {
  if (a.halfmove_clock != b.halfmove_clock) return "";
  const bool board = a.board == b.board, side = a.side == b.side,
             castling = a.castling_rooks == b.castling_rooks, ep = a.en_passant == b.en_passant;
  if (!board || int(side) + int(castling) + int(ep) != 2) return "";
  if (!ep) {
    auto name = [](std::uint8_t s) {
      return s == NoSquare ? std::string("none") : square_name(Square(s));
    };
    const std::uint8_t set = a.en_passant != NoSquare ? a.en_passant : b.en_passant;
    if (a.en_passant != NoSquare && b.en_passant != NoSquare)
      return "the en-passant square (" + name(a.en_passant) + " vs " + name(b.en_passant) + ")";
    return "the en-passant square " + name(set);
  }
  if (!castling)
    return "the castling rights (" + castling_text(a) + " vs " + castling_text(b) + ")";
  return "the side to move";
}

Board board_of(const Position& pos) {
  Board board{};
  for (Square s = A1; s < SquareCount; ++s) board[s] = pos.piece_on(s);
  return board;
}

std::optional<std::string> normal_fen(std::string_view fen, bool chess960) {
  Position pos;
  StateInfo st;
  if (!pos.set(fen, st, polyglot_scheme(), FenOptions{chess960}).empty()) return std::nullopt;
  return pos.fen();
}

bool fen_is_valid(std::string_view fen, bool chess960) {
  return normal_fen(fen, chess960).has_value();
}

std::string mirror_fen(std::string_view fen) {
  FenFields f = split_fen(fen);
  // Ranks in reverse order, letters with their case swapped.
  std::vector<std::string> ranks;
  std::string rank;
  for (char c : f.placement + '/') {
    if (c == '/') {
      ranks.push_back(rank);
      rank.clear();
    } else {
      const auto u = static_cast<unsigned char>(c);
      rank += std::isupper(u) ? char(std::tolower(u)) : char(std::toupper(u));
    }
  }
  f.placement.clear();
  for (auto it = ranks.rbegin(); it != ranks.rend(); ++it)
    f.placement += (f.placement.empty() ? "" : "/") + *it;
  f.side = f.side == "w" ? "b" : "w";
  if (f.castling != "-") {
    std::string swapped;
    for (char c : f.castling) {
      const auto u = static_cast<unsigned char>(c);
      swapped += std::isupper(u) ? char(std::tolower(u)) : char(std::toupper(u));
    }
    // Upper case (White) first, as FENs write them.
    std::stable_partition(swapped.begin(), swapped.end(),
                          [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
    f.castling = swapped;
  }
  if (f.en_passant != "-" && f.en_passant.size() == 2)
    f.en_passant[1] = char('1' + ('8' - f.en_passant[1]));
  return join_fen(f);
}

}  // namespace zobrist_verify::properties
