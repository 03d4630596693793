// Basic chess types: colours, pieces, squares, castling rights and the 16-bit move encoding.
#pragma once

#include <cstdint>
#include <string_view>

namespace zobrist_verify {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;

enum Color : std::uint8_t { White, Black, ColorCount = 2 };

enum PieceType : std::uint8_t {
  NoPieceType,
  Pawn,
  Knight,
  Bishop,
  Rook,
  Queen,
  King,
  AllPieces = 0,
  PieceTypeCount = 8
};

// Piece codes follow Stockfish: white 1..6, black 9..14, so colour is bit 3.
enum Piece : std::uint8_t {
  NoPiece,
  WhitePawn = 1,
  WhiteKnight,
  WhiteBishop,
  WhiteRook,
  WhiteQueen,
  WhiteKing,
  BlackPawn = 9,
  BlackKnight,
  BlackBishop,
  BlackRook,
  BlackQueen,
  BlackKing,
  PieceCount = 16
};

// The twelve pieces, White's pawn to Black's king.
inline constexpr Piece EveryPiece[] = {WhitePawn,   WhiteKnight, WhiteBishop, WhiteRook,
                                       WhiteQueen,  WhiteKing,   BlackPawn,   BlackKnight,
                                       BlackBishop, BlackRook,   BlackQueen,  BlackKing};
// FEN letters indexed by piece code; a blank where no piece has the code.
inline constexpr std::string_view PieceLetters = " PNBRQK  pnbrqk";

// clang-format off
enum Square : std::uint8_t {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  NoSquare, SquareCount = 64
};
// clang-format on

enum File : std::uint8_t { FileA, FileB, FileC, FileD, FileE, FileF, FileG, FileH };
enum Rank : std::uint8_t { Rank1, Rank2, Rank3, Rank4, Rank5, Rank6, Rank7, Rank8 };

// Castling rights as bits; a scheme's castling table is indexed by the whole 4-bit mask.
enum CastlingRights : std::uint8_t {
  NoCastling = 0,
  WhiteOO = 1,
  WhiteOOO = 2,
  BlackOO = 4,
  BlackOOO = 8,
  WhiteCastling = WhiteOO | WhiteOOO,
  BlackCastling = BlackOO | BlackOOO,
  AnyCastling = 15
};

constexpr Color operator~(Color c) {
  return Color(c ^ 1);
}
constexpr Piece make_piece(Color c, PieceType pt) {
  return Piece((c << 3) + pt);
}
constexpr PieceType type_of(Piece pc) {
  return PieceType(pc & 7);
}
constexpr Color color_of(Piece pc) {
  return Color(pc >> 3);
}
constexpr bool is_ok(Square s) {
  return s < SquareCount;
}
constexpr File file_of(Square s) {
  return File(s & 7);
}
constexpr Rank rank_of(Square s) {
  return Rank(s >> 3);
}
constexpr Square make_square(File f, Rank r) {
  return Square((r << 3) + f);
}
constexpr Square flip_rank(Square s) {
  return Square(s ^ A8);
}
// The rank as seen by colour c (Rank1 is c's back rank).
constexpr Rank relative_rank(Color c, Rank r) {
  return Rank(r ^ (c * 7));
}
constexpr Rank relative_rank(Color c, Square s) {
  return relative_rank(c, rank_of(s));
}
constexpr Square relative_square(Color c, Square s) {
  return Square(s ^ (c * 56));
}
constexpr int pawn_push(Color c) {
  return c == White ? 8 : -8;
}
constexpr Square operator+(Square s, int d) {
  return Square(int(s) + d);
}
constexpr Square operator-(Square s, int d) {
  return Square(int(s) - d);
}
inline Square& operator++(Square& s) {
  return s = Square(s + 1);
}
constexpr CastlingRights operator|(CastlingRights a, CastlingRights b) {
  return CastlingRights(int(a) | int(b));
}
constexpr CastlingRights operator&(Color c, CastlingRights cr) {
  return CastlingRights((c == White ? WhiteCastling : BlackCastling) & cr);
}

enum class MoveKind : std::uint16_t {
  Normal = 0,
  Promotion = 1 << 14,
  EnPassant = 2 << 14,
  Castling = 3 << 14
};

// A move in 16 bits: bits 0-5 destination, 6-11 origin, 12-13 promotion piece - Knight,
// 14-15 kind. Castling is encoded internally as "king takes own rook", whatever the variant.
class Move {
 public:
  constexpr Move() = default;
  constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
  constexpr Move(Square from, Square to) : data_(std::uint16_t((from << 6) + to)) {}
  static constexpr Move make(MoveKind kind, Square from, Square to, PieceType promo = Knight) {
    return Move(std::uint16_t(std::uint16_t(kind) + ((promo - Knight) << 12) + (from << 6) + to));
  }
  // The null move passes the turn; it is encoded as from == to == B1, which no real move is.
  static constexpr Move null() { return Move(std::uint16_t(65)); }
  static constexpr Move none() { return Move(); }

  constexpr Square from() const { return Square((data_ >> 6) & 0x3F); }
  constexpr Square to() const { return Square(data_ & 0x3F); }
  constexpr MoveKind kind() const { return MoveKind(data_ & (3 << 14)); }
  constexpr PieceType promotion_type() const { return PieceType(((data_ >> 12) & 3) + Knight); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_ok() const { return data_ != 0 && data_ != null().data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  std::uint16_t data_ = 0;
};

}  // namespace zobrist_verify
