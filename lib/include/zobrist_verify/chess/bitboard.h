// Bitboards and attack tables. Sliding attacks use PEXT when the build enables BMI2
// (ZV_USE_PEXT, chosen at configure time by ZV_SLIDER_ATTACKS) and magic bitboards otherwise.
#pragma once

#include <bit>
#include <cstdint>

#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

constexpr Bitboard FileABB = 0x0101010101010101ULL;
constexpr Bitboard Rank1BB = 0xFFULL;
constexpr Bitboard file_bb(File f) {
  return FileABB << f;
}
constexpr Bitboard rank_bb(Rank r) {
  return Rank1BB << (8 * r);
}
constexpr Bitboard square_bb(Square s) {
  return Bitboard(1) << s;
}
constexpr bool more_than_one(Bitboard b) {
  return (b & (b - 1)) != 0;
}
inline int popcount(Bitboard b) {
  return std::popcount(b);
}
inline Square lsb(Bitboard b) {
  return Square(std::countr_zero(b));
}
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

template <int D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == 8) return b << 8;
  if constexpr (D == -8) return b >> 8;
  if constexpr (D == 16) return b << 16;
  if constexpr (D == -16) return b >> 16;
  if constexpr (D == 1) return (b & ~file_bb(FileH)) << 1;
  if constexpr (D == -1) return (b & ~file_bb(FileA)) >> 1;
  if constexpr (D == 9) return (b & ~file_bb(FileH)) << 9;
  if constexpr (D == 7) return (b & ~file_bb(FileA)) << 7;
  if constexpr (D == -7) return (b & ~file_bb(FileH)) >> 7;
  if constexpr (D == -9) return (b & ~file_bb(FileA)) >> 9;
  return 0;
}

template <Color C>
constexpr Bitboard pawn_attacks_bb(Bitboard b) {
  return C == White ? shift<9>(b) | shift<7>(b) : shift<-7>(b) | shift<-9>(b);
}

namespace detail {
#ifdef ZV_USE_PEXT
// BMI2's parallel bit extract, by the builtin that <immintrin.h>'s _pext_u64 wraps (g++ and
// clang alike): that header declares every x86 intrinsic, and parsing it took 0.65 s (clang) to
// 1 s (g++) of every translation unit that includes this one, most of the tree.
inline Bitboard pext(Bitboard bits, Bitboard mask) {
  return __builtin_ia32_pext_di(bits, mask);
}
#endif

// One slider table: mask of relevant blockers and, for magics, the multiplier and shift.
struct SliderEntry {
  Bitboard mask;
  Bitboard magic;
  Bitboard* attacks;
  unsigned shift;
  unsigned index(Bitboard occupied) const {
#ifdef ZV_USE_PEXT
    return unsigned(pext(occupied, mask));
#else
    return unsigned(((occupied & mask) * magic) >> shift);
#endif
  }
};
extern SliderEntry rook_table[SquareCount];
extern SliderEntry bishop_table[SquareCount];
extern Bitboard pawn_attack_table[ColorCount][SquareCount];
extern Bitboard pseudo_attack_table[PieceTypeCount][SquareCount];
extern Bitboard between_table[SquareCount][SquareCount];
extern Bitboard line_table[SquareCount][SquareCount];
}  // namespace detail

// Fills every table; idempotent and thread-safe. Called by anything that builds a Position.
void init_bitboards();

// "pext" or "magic": which sliding-attack method this build uses.
const char* slider_attack_method();

inline Bitboard pawn_attacks(Color c, Square s) {
  return detail::pawn_attack_table[c][s];
}
inline Bitboard knight_attacks(Square s) {
  return detail::pseudo_attack_table[Knight][s];
}
inline Bitboard king_attacks(Square s) {
  return detail::pseudo_attack_table[King][s];
}
inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::rook_table[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const auto& e = detail::bishop_table[s];
  return e.attacks[e.index(occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}
// Attacks of a piece type on an empty board.
inline Bitboard pseudo_attacks(PieceType pt, Square s) {
  return detail::pseudo_attack_table[pt][s];
}
inline Bitboard attacks_bb(PieceType pt, Square s, Bitboard occupied) {
  switch (pt) {
    case Bishop:
      return bishop_attacks(s, occupied);
    case Rook:
      return rook_attacks(s, occupied);
    case Queen:
      return queen_attacks(s, occupied);
    default:
      return pseudo_attacks(pt, s);
  }
}
// Squares strictly between a and b plus b itself when aligned; just b otherwise.
inline Bitboard between_bb(Square a, Square b) {
  return detail::between_table[a][b];
}
// The whole line through a and b (edge to edge) when aligned; 0 otherwise.
inline Bitboard line_bb(Square a, Square b) {
  return detail::line_table[a][b];
}
inline bool aligned(Square a, Square b, Square c) {
  return line_bb(a, b) & square_bb(c);
}

// Slow ray-walking attacks, the independent definition both table methods are checked against.
Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied);
// Magic-table attacks regardless of the build's method, so tests can compare the two.
Bitboard magic_rook_attacks(Square s, Bitboard occupied);
Bitboard magic_bishop_attacks(Square s, Bitboard occupied);

}  // namespace zobrist_verify
