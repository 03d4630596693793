// Attack tables: leapers precomputed per square, sliders through PEXT or magic indexing into
// tables filled from a slow ray walk.
#include "zobrist_verify/chess/bitboard.h"

#include <cstdlib>
#include <initializer_list>
#include <mutex>

#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {

namespace detail {
SliderEntry rook_table[SquareCount];
SliderEntry bishop_table[SquareCount];
Bitboard pawn_attack_table[ColorCount][SquareCount];
Bitboard pseudo_attack_table[PieceTypeCount][SquareCount];
Bitboard between_table[SquareCount][SquareCount];
Bitboard line_table[SquareCount][SquareCount];
}  // namespace detail

namespace {

// Table sizes: the sum over squares of 2^(relevant blocker bits).
constexpr std::size_t RookTableSize = 0x19000;
constexpr std::size_t BishopTableSize = 0x1480;

// Magic tables are always built: they are the fallback and tests compare them with PEXT.
detail::SliderEntry magic_rook[SquareCount];
detail::SliderEntry magic_bishop[SquareCount];
Bitboard magic_rook_storage[RookTableSize];
Bitboard magic_bishop_storage[BishopTableSize];
#ifdef ZV_USE_PEXT
Bitboard pext_rook_storage[RookTableSize];
Bitboard pext_bishop_storage[BishopTableSize];
#endif

Bitboard magic_lookup(const detail::SliderEntry& e, Bitboard occupied) {
  return e.attacks[((occupied & e.mask) * e.magic) >> e.shift];
}

int distance(Square a, Square b) {
  const int df = std::abs(int(file_of(a)) - int(file_of(b)));
  const int dr = std::abs(int(rank_of(a)) - int(rank_of(b)));
  return df > dr ? df : dr;
}

// The square one step from s in direction d, or NoSquare when that leaves the board.
Square step(Square s, int d) {
  const int to = int(s) + d;
  if (to < 0 || to > 63) return NoSquare;
  return distance(s, Square(to)) <= 2 ? Square(to) : NoSquare;
}

Bitboard leaper_attacks(Square s, std::initializer_list<int> steps) {
  Bitboard b = 0;
  for (int d : steps) {
    const Square to = step(s, d);
    if (to != NoSquare) b |= square_bb(to);
  }
  return b;
}

// Squares whose occupancy changes a slider's attacks from s: its rays without the board edge.
Bitboard relevant_blockers(PieceType pt, Square s) {
  const Bitboard edges = ((rank_bb(Rank1) | rank_bb(Rank8)) & ~rank_bb(rank_of(s))) |
                         ((file_bb(FileA) | file_bb(FileH)) & ~file_bb(file_of(s)));
  return sliding_attacks_slow(pt, s, 0) & ~edges;
}

// Finds magics by sparse random trial (fixed seeds, so every run builds the same tables) and
// fills the attack table of each square.
void init_magics(PieceType pt, detail::SliderEntry table[], Bitboard storage[]) {
  constexpr std::uint64_t Seeds[8] = {728, 10316, 55013, 32803, 12281, 15100, 16645, 255};
  Bitboard occupancy[4096];
  Bitboard reference[4096];
  int epoch[4096] = {};
  int attempt = 0;
  Bitboard* next = storage;

  for (Square s = A1; s <= H8; ++s) {
    detail::SliderEntry& e = table[s];
    e.mask = relevant_blockers(pt, s);
    e.shift = unsigned(64 - popcount(e.mask));
    e.attacks = next;

    int size = 0;
    Bitboard b = 0;
    do {  // Carry-Rippler walk over every subset of the mask
      occupancy[size] = b;
      reference[size] = sliding_attacks_slow(pt, s, b);
      ++size;
      b = (b - e.mask) & e.mask;
    } while (b);
    next += size;

    XorShift64Star rng(Seeds[rank_of(s)]);
    for (int i = 0; i < size;) {
      for (e.magic = 0; popcount((e.magic * e.mask) >> 56) < 6;)
        e.magic = rng.next() & rng.next() & rng.next();
      ++attempt;
      for (i = 0; i < size; ++i) {
        const unsigned idx = unsigned((occupancy[i] * e.magic) >> e.shift);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          e.attacks[idx] = reference[i];
        } else if (e.attacks[idx] != reference[i]) {
          break;
        }
      }
    }
  }
}

#ifdef ZV_USE_PEXT
void init_pext(PieceType pt, detail::SliderEntry table[], Bitboard storage[]) {
  Bitboard* next = storage;
  for (Square s = A1; s <= H8; ++s) {
    detail::SliderEntry& e = table[s];
    e.mask = relevant_blockers(pt, s);
    e.magic = 0;
    e.shift = 0;
    e.attacks = next;
    Bitboard b = 0;
    int size = 0;
    do {
      e.attacks[detail::pext(b, e.mask)] = sliding_attacks_slow(pt, s, b);
      ++size;
      b = (b - e.mask) & e.mask;
    } while (b);
    next += size;
  }
}
#endif

// Magic tables: the attack method of magic builds, built on demand in PEXT builds (for tests).
void init_magic_tables() {
  static std::once_flag once;
  std::call_once(once, [] {
    init_magics(Rook, magic_rook, magic_rook_storage);
    init_magics(Bishop, magic_bishop, magic_bishop_storage);
  });
}

void init_all() {
  using namespace detail;
  for (Square s = A1; s <= H8; ++s) {
    pawn_attack_table[White][s] = pawn_attacks_bb<White>(square_bb(s));
    pawn_attack_table[Black][s] = pawn_attacks_bb<Black>(square_bb(s));
    pseudo_attack_table[Knight][s] = leaper_attacks(s, {-17, -15, -10, -6, 6, 10, 15, 17});
    pseudo_attack_table[King][s] = leaper_attacks(s, {-9, -8, -7, -1, 1, 7, 8, 9});
    pseudo_attack_table[Bishop][s] = sliding_attacks_slow(Bishop, s, 0);
    pseudo_attack_table[Rook][s] = sliding_attacks_slow(Rook, s, 0);
    pseudo_attack_table[Queen][s] = pseudo_attack_table[Bishop][s] | pseudo_attack_table[Rook][s];
  }

#ifdef ZV_USE_PEXT
  init_pext(Rook, rook_table, pext_rook_storage);
  init_pext(Bishop, bishop_table, pext_bishop_storage);
#else
  init_magic_tables();
  for (Square s = A1; s <= H8; ++s) {
    rook_table[s] = magic_rook[s];
    bishop_table[s] = magic_bishop[s];
  }
#endif

  for (Square a = A1; a <= H8; ++a) {
    for (Square b = A1; b <= H8; ++b) {
      between_table[a][b] = square_bb(b);
      line_table[a][b] = 0;
      for (PieceType pt : {Bishop, Rook}) {
        if (sliding_attacks_slow(pt, a, 0) & square_bb(b)) {
          line_table[a][b] = (sliding_attacks_slow(pt, a, 0) & sliding_attacks_slow(pt, b, 0)) |
                             square_bb(a) | square_bb(b);
          between_table[a][b] |=
              sliding_attacks_slow(pt, a, square_bb(b)) & sliding_attacks_slow(pt, b, square_bb(a));
        }
      }
    }
  }
}

}  // namespace

Bitboard sliding_attacks_slow(PieceType pt, Square s, Bitboard occupied) {
  static constexpr int RookSteps[4] = {8, -8, 1, -1};
  static constexpr int BishopSteps[4] = {9, 7, -7, -9};
  Bitboard attacks = 0;
  for (int d : (pt == Rook ? RookSteps : BishopSteps)) {
    Square at = s;
    for (Square to = step(at, d); to != NoSquare && distance(at, to) == 1; to = step(at, d)) {
      attacks |= square_bb(to);
      if (occupied & square_bb(to)) break;
      at = to;
    }
  }
  return attacks;
}

void init_bitboards() {
  // A function-local static: thread-safe, and after the first call only a check of its guard.
  // (std::call_once sets thread-local state on every call, a __tls_get_addr call each time in a
  // plugin; every FEN read calls this.)
  [[maybe_unused]] static const bool initialised = (init_all(), true);
}

const char* slider_attack_method() {
#ifdef ZV_USE_PEXT
  return "pext";
#else
  return "magic";
#endif
}

Bitboard magic_rook_attacks(Square s, Bitboard occupied) {
  init_bitboards();
  init_magic_tables();
  return magic_lookup(magic_rook[s], occupied);
}

Bitboard magic_bishop_attacks(Square s, Bitboard occupied) {
  init_bitboards();
  init_magic_tables();
  return magic_lookup(magic_bishop[s], occupied);
}

}  // namespace zobrist_verify
