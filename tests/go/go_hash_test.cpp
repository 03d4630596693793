// Huima's Go hash (seed 002): coordinates, the byte permutations, the key constraints and the
// special forms of symmetric points, the xor-mode anomaly and the add-mode fix. Expected values
// come from the paper, from hand computation or from brute force written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <vector>

#include "zobrist_verify/go/go_hash.h"
#include "zobrist_verify/go/go_study.h"

namespace zobrist_verify {
namespace {

GoKeyTable table_of(int size, std::uint64_t seed = GoDefaultSeed) {
  auto table = GoKeyTable::build(size, seed);
  if (!table) throw std::runtime_error(table.error());
  return *table;
}

GoPoint point(const char* name, int size = 19) {
  auto p = parse_go_point(name, size);
  if (!p) throw std::runtime_error(p.error());
  return *p;
}

int byte_of(Key key, int i) {
  return int((key >> (56 - 8 * i)) & 0xFF);
}  // i = 0 is z1

TEST(GoPoints, ColumnsSkipIAndRowsCountFromOne) {
  EXPECT_EQ(point("A1"), (GoPoint{0, 0}));
  EXPECT_EQ(point("D10"), (GoPoint{3, 9}));
  EXPECT_EQ(point("H8"), (GoPoint{7, 7}));
  EXPECT_EQ(point("J8"), (GoPoint{8, 7}));
  EXPECT_EQ(point("t19"), (GoPoint{18, 18}));
  EXPECT_EQ(go_point_name({8, 0}), "J1");
  EXPECT_EQ(go_point_name({18, 18}), "T19");
}

TEST(GoPoints, BadPointsAreErrorsThatSayWhy) {
  auto i_column = parse_go_point("I5", 19);
  ASSERT_FALSE(i_column);
  EXPECT_NE(i_column.error().find("'I' is not a column"), std::string::npos) << i_column.error();
  auto off_board = parse_go_point("U1", 19);
  ASSERT_FALSE(off_board);
  EXPECT_NE(off_board.error().find("off a 19x19 board"), std::string::npos) << off_board.error();
  EXPECT_FALSE(parse_go_point("D0", 19));
  EXPECT_FALSE(parse_go_point("D20", 19));
  EXPECT_FALSE(parse_go_point("D", 19));
  EXPECT_FALSE(parse_go_point("D1x", 19));
  EXPECT_FALSE(parse_go_point("F1", 5));
}

TEST(GoSizes, OnlyOddSizesFromFiveToTwentyFive) {
  for (int size : {5, 7, 9, 13, 19, 25}) EXPECT_TRUE(check_go_size(size)) << size;
  for (int size : {3, 4, 6, 18, 20, 27}) EXPECT_FALSE(check_go_size(size)) << size;
  EXPECT_FALSE(GoKeyTable::build(19, 0)) << "seed 0 leaves xorshift64* at 0";
}

// Section 2, written out by hand on the key 01 02 03 04 05 06 07 08.
TEST(GoBytePermutations, AreTheOnesOfSectionTwo) {
  EXPECT_EQ(go_z_rho(0x0102030405060708ULL), 0x0203040106070805ULL);
  EXPECT_EQ(go_z_mu(0x0102030405060708ULL), 0x0403020108070605ULL);
  EXPECT_EQ(go_z_kappa(0x0102030405060708ULL), 0x0506070801020304ULL);
}

TEST(GoTransforms, RotationTakesTheSideStarPointsRoundTheBoard) {
  const GoSymmetry rho{1, false, false};
  EXPECT_EQ(transform_point(rho, point("K4"), 19), point("Q10"));  // (9,3) -> (15,9)
  EXPECT_EQ(transform_point(rho, point("Q10"), 19), point("K16"));
  EXPECT_EQ(transform_point(rho, point("K16"), 19), point("D10"));
  EXPECT_EQ(transform_point(rho, point("D10"), 19), point("K4"));
  EXPECT_EQ(transform_point({0, true, false}, point("A3"), 19), point("T3"));
}

TEST(GoTransforms, SixteenDistinctElements) {
  // Each element moves a generic stone to a different point or colour.
  const GoKeyTable table = table_of(9);
  std::vector<Key> keys;
  for (const GoSymmetry& g : go_symmetries()) {
    GoBoard board(9);
    board.set({1, 2}, GoStone::Black);
    keys.push_back(go_full_key(table, GoCombine::Xor, transform_board(g, board)));
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::unique(keys.begin(), keys.end()), keys.end());
}

// Byte-wise addition and subtraction mod 256, one byte at a time.
TEST(GoCombining, AddIsByteWiseAdditionAndRemovalSubtracts) {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 1000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const Key a = state;
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const Key b = i == 0 ? 0xFFFFFFFFFFFFFFFFULL : state;
    Key sum = 0, difference = 0;
    for (int byte = 0; byte < 8; ++byte) {
      const int shift = 8 * byte;
      sum |= Key((((a >> shift) & 0xFF) + ((b >> shift) & 0xFF)) & 0xFF) << shift;
      difference |= Key((((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)) & 0xFF) << shift;
    }
    EXPECT_EQ(go_combine(a, b, GoCombine::Add), sum);
    EXPECT_EQ(go_uncombine(a, b, GoCombine::Add), difference);
    EXPECT_EQ(go_combine(a, b, GoCombine::Xor), a ^ b);
  }
}

// The constraints of Section 1, with μ and ρ written out here.
TEST(GoKeyTable, MeetsTheConstraintsOnEveryPointOfEverySize) {
  for (int n = GoMinSize; n <= GoMaxSize; n += 2) {
    const GoKeyTable table = table_of(n);
    for (int y = 0; y < n; ++y) {
      for (int x = 0; x < n; ++x) {
        const Key black = table.black({x, y});
        ASSERT_EQ(table.black({n - 1 - x, y}), go_z_mu(black)) << n << " " << x << "," << y;
        ASSERT_EQ(table.black({n - 1 - y, x}), go_z_rho(black)) << n << " " << x << "," << y;
        ASSERT_EQ(table.white({x, y}), go_z_kappa(black)) << n << " " << x << "," << y;
      }
    }
  }
}

// The forms of Section 2: tengen z1z1z1z1 z2z2z2z2, the horizontal axis z1z1z2z2 z3z3z4z4, the
// lower-left diagonal z1z2z3z2 z4z5z6z5; and the vertical axis z1z2z2z1 z3z4z4z3 (fixed by μ).
TEST(GoKeyTable, SymmetricPointsHaveTheSpecialForms) {
  const GoKeyTable table = table_of(19);
  const Key tengen = table.black(point("K10"));
  for (int i : {1, 2, 3}) EXPECT_EQ(byte_of(tengen, i), byte_of(tengen, 0));
  for (int i : {5, 6, 7}) EXPECT_EQ(byte_of(tengen, i), byte_of(tengen, 4));
  EXPECT_NE(tengen, table.white(point("K10")));
  for (const char* name : {"D10", "A10", "J10"}) {
    const Key k = table.black(point(name));
    EXPECT_EQ(byte_of(k, 0), byte_of(k, 1)) << name;
    EXPECT_EQ(byte_of(k, 2), byte_of(k, 3)) << name;
    EXPECT_EQ(byte_of(k, 4), byte_of(k, 5)) << name;
    EXPECT_EQ(byte_of(k, 6), byte_of(k, 7)) << name;
  }
  for (const char* name : {"K4", "K1"}) {
    const Key k = table.black(point(name));
    EXPECT_EQ(byte_of(k, 0), byte_of(k, 3)) << name;
    EXPECT_EQ(byte_of(k, 1), byte_of(k, 2)) << name;
  }
  for (const char* name : {"Q4", "T1", "L9"}) {  // the anti-diagonal x + y = 18: z1 z2 z1 z3
    const Key k = table.black(point(name));
    EXPECT_EQ(byte_of(k, 0), byte_of(k, 2)) << name;
    EXPECT_EQ(byte_of(k, 4), byte_of(k, 6)) << name;
  }
  for (const char* name : {"D4", "A1", "J9"}) {
    const Key k = table.black(point(name));
    EXPECT_EQ(byte_of(k, 1), byte_of(k, 3)) << name;
    EXPECT_EQ(byte_of(k, 5), byte_of(k, 7)) << name;
  }
}

// A1 is the first point drawn and lies on a diagonal (form z1z2z3z2 z4z5z6z5): its six free bytes
// are the top bytes of the first six xorshift64* draws (Stockfish's PRNG, written out here).
TEST(GoKeyTable, FirstKeyIsPinnedByTheSeed) {
  std::uint64_t s = GoDefaultSeed;
  auto next_byte = [&s] {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return (s * 2685821657736338717ULL) >> 56;
  };
  const Key z1 = next_byte(), z2 = next_byte(), z3 = next_byte();
  const Key z4 = next_byte(), z5 = next_byte(), z6 = next_byte();
  const Key expected =
      z1 << 56 | z2 << 48 | z3 << 40 | z2 << 32 | z4 << 24 | z5 << 16 | z6 << 8 | z5;
  EXPECT_EQ(table_of(19).black(point("A1")), expected);
  EXPECT_NE(table_of(19, 12345).black(point("A1")), expected);
}

// No key is zero, no two are equal and no three XOR to zero: brute force over all pairs.
TEST(GoKeyTable, HasNoDependencySmallerThanFour) {
  for (int n : {5, 19, 25}) {
    const GoKeyTable table = table_of(n);
    std::vector<Key> keys;
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        keys.push_back(table.black({x, y}));
        keys.push_back(table.white({x, y}));
      }
    std::sort(keys.begin(), keys.end());
    EXPECT_NE(keys.front(), 0u) << n;
    EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << n;
    for (std::size_t i = 0; i < keys.size(); ++i)
      for (std::size_t j = i + 1; j < keys.size(); ++j)
        ASSERT_FALSE(std::binary_search(keys.begin(), keys.end(), keys[i] ^ keys[j])) << n;
  }
}

// Section 3: four black stones on the side star points hash to zero in xor mode.
TEST(GoAnomaly, SideStarPointsHashToZeroInXorMode) {
  const GoKeyTable table = table_of(19);
  GoPosition position(table, GoCombine::Xor);
  for (const char* name : {"D10", "K16", "Q10", "K4"}) {
    ASSERT_TRUE(position.place(point(name), GoStone::Black));
    EXPECT_NE(table.black(point(name)), 0u);
  }
  EXPECT_EQ(position.key(), 0u);
  EXPECT_EQ(go_full_key(table, GoCombine::Xor, position.board()), 0u);
}

// Every ring of four axis points (distance d from tengen) hashes to zero in either colour, on
// every size, and so does every generic orbit of eight points: each byte position then gets
// every original byte twice.
TEST(GoAnomaly, EveryAxisRingAndEveryFullOrbitHashesToZeroInXorMode) {
  for (int n = GoMinSize; n <= GoMaxSize; n += 2) {
    const GoKeyTable table = table_of(n);
    const int c = n / 2;
    for (int d = 1; d <= c; ++d) {
      const std::vector<GoPoint> ring{{c - d, c}, {c + d, c}, {c, c - d}, {c, c + d}};
      Key black = 0, white = 0;
      for (GoPoint p : ring) {
        black ^= table.black(p);
        white ^= table.white(p);
      }
      EXPECT_EQ(black, 0u) << n << " d=" << d;
      EXPECT_EQ(white, 0u) << n << " d=" << d;
    }
    // (1, 0) lies on no axis and no diagonal: its orbit is (1,0),(n-2,0),(0,1),(n-1,1),...
    const std::vector<GoPoint> orbit{{1, 0},     {n - 2, 0},     {0, 1},     {n - 1, 1},
                                     {0, n - 2}, {n - 1, n - 2}, {1, n - 1}, {n - 2, n - 1}};
    Key sum = 0;
    for (GoPoint p : orbit) sum ^= table.black(p);
    EXPECT_EQ(sum, 0u) << n;
  }
}

// Half of every generic orbit vanishes too: the orbit of a point under the half turn and the two
// diagonal mirrors, {(u,v), (-u,-v), (v,u), (-v,-u)} about the centre. Z of the half turn sends
// byte i to i+2 and each diagonal mirror fixes two of the four byte positions and swaps the other
// two, so each byte position gets two bytes twice. The full orbit of eight is two such halves.
TEST(GoAnomaly, EveryGenericHalfOrbitUnderTheDiagonalMirrorsHashesToZeroInXorMode) {
  for (int n = GoMinSize; n <= GoMaxSize; n += 2) {
    const GoKeyTable table = table_of(n);
    const int c = n / 2;
    int halves = 0;
    for (int u = -c; u <= c; ++u) {
      for (int v = -c; v <= c; ++v) {
        if (u == 0 || v == 0 || u == v || u == -v) continue;  // axes and diagonals
        const std::vector<GoPoint> half{
            {c + u, c + v}, {c - u, c - v}, {c + v, c + u}, {c - v, c - u}};
        for (GoStone colour : {GoStone::Black, GoStone::White}) {
          Key sum = 0;
          for (GoPoint p : half) sum ^= table.key(colour, p);
          EXPECT_EQ(sum, 0u) << n << " " << go_point_name(half[0]);
        }
        ++halves;
      }
    }
    // Each half is met from each of its four points: (n^2 - 1 - 4(n-1)) / 4 halves.
    EXPECT_EQ(halves / 4, (n * n - 1 - 4 * (n - 1)) / 4) << n;
  }
}

// Diagonal rings do not vanish: their XOR is z1^z3 in every byte of the first half.
TEST(GoAnomaly, DiagonalRingsDoNotHashToZero) {
  const GoKeyTable table = table_of(19);
  for (int d = 1; d <= 9; ++d) {
    Key sum = 0;
    for (GoPoint p : {GoPoint{9 - d, 9 - d}, GoPoint{9 + d, 9 - d}, GoPoint{9 - d, 9 + d},
                      GoPoint{9 + d, 9 + d}})
      sum ^= table.black(p);
    EXPECT_NE(sum, 0u) << d;
    for (int i : {1, 2, 3}) EXPECT_EQ(byte_of(sum, i), byte_of(sum, 0)) << d;
  }
}

TEST(GoAnomaly, AddModeKeepsTheStarPointsAwayFromZero) {
  const GoKeyTable table = table_of(19);
  GoPosition position(table, GoCombine::Add);
  for (const char* name : {"D10", "K16", "Q10", "K4"})
    ASSERT_TRUE(position.place(point(name), GoStone::Black));
  EXPECT_NE(position.key(), 0u);
  // Each byte of the sum is 2*(z1 + z2) mod 256 for the ring's key z1z1z2z2 z3z3z4z4.
  const Key k = table.black(point("D10"));
  const int first = (2 * (byte_of(k, 0) + byte_of(k, 2))) % 256;
  for (int i = 0; i < 4; ++i) EXPECT_EQ(byte_of(position.key(), i), first);
}

// On the built-in table every axis ring, every generic orbit and every half orbit of the diagonal
// mirrors, in either colour, sums to a non-zero key in add mode (each could be zero by chance over
// the draw of a table: 2^-14 for a ring, less for the others).
TEST(GoAnomaly, AddModeLeavesNoRingOrOrbitAtZeroOnTheBuiltInTable) {
  const GoKeyTable table = table_of(19);
  std::vector<std::vector<GoPoint>> sets;
  for (int d = 1; d <= 9; ++d) sets.push_back({{9 - d, 9}, {9 + d, 9}, {9, 9 - d}, {9, 9 + d}});
  for (int x = 0; x < 9; ++x)
    for (int y = 0; y < x; ++y)  // below the diagonal of the lower-left quadrant: one per orbit
      sets.push_back({{x, y},
                      {18 - x, y},
                      {x, 18 - y},
                      {18 - x, 18 - y},
                      {y, x},
                      {18 - y, x},
                      {y, 18 - x},
                      {18 - y, 18 - x}});
  // ... and the two halves of each orbit under the half turn and the diagonal mirrors.
  for (int x = 0; x < 9; ++x)
    for (int y = 0; y < x; ++y) {
      sets.push_back({{x, y}, {18 - x, 18 - y}, {y, x}, {18 - y, 18 - x}});
      sets.push_back({{18 - x, y}, {x, 18 - y}, {18 - y, x}, {y, 18 - x}});
    }
  ASSERT_EQ(sets.size(), 9u + 36u + 72u);
  for (GoStone colour : {GoStone::Black, GoStone::White}) {
    for (const auto& set : sets) {
      Key sum = 0, xor_sum = 0;
      for (GoPoint p : set) {
        sum = go_combine(sum, table.key(colour, p), GoCombine::Add);
        xor_sum ^= table.key(colour, p);
      }
      EXPECT_NE(sum, 0u) << go_point_name(set[0]);
      EXPECT_EQ(xor_sum, 0u) << go_point_name(set[0]);
    }
  }
}

// Positions fixed by a quarter turn have keys fixed by Z_rho: one byte value per half, 2^16 keys.
TEST(GoStudy, QuarterTurnSymmetricPositionsShareSixteenBitsOfKeys) {
  const GoKeyTable table = table_of(19);
  for (GoCombine mode : {GoCombine::Xor, GoCombine::Add}) {
    const GoStudyRow row =
        study_symmetric_positions(table, mode, GoStudySymmetry::QuarterTurn, 5000, 1);
    EXPECT_EQ(row.key_space_bits, 16);
    EXPECT_EQ(row.positions, 5000);
    EXPECT_GT(row.colliding_pairs, 0);  // 5000 positions in 2^16 keys: about 190 pairs
    EXPECT_LE(row.distinct_keys, 5000);
  }
  const GoStudyRow any =
      study_symmetric_positions(table, GoCombine::Xor, GoStudySymmetry::None, 5000, 1);
  EXPECT_EQ(any.key_space_bits, 64);
  EXPECT_EQ(any.colliding_pairs, 0);
  EXPECT_EQ(study_symmetric_positions(table, GoCombine::Add, GoStudySymmetry::HalfTurn, 10, 1)
                .key_space_bits,
            32);
  EXPECT_EQ(study_symmetric_positions(table, GoCombine::Add, GoStudySymmetry::Mirror, 10, 1)
                .key_space_bits,
            32);
}

// A 5x5 board has 6 orbits of points under all eight rotations and mirrors, so 3^6 = 729 fully
// symmetric positions; 200,000 samples draw each of them (the rarest, every orbit coloured, about
// 49 times). The study's counts then equal those of enumerating the 729 positions here.
TEST(GoStudy, SamplingEveryPositionOfASmallBoardCountsAsEnumeratingThemDoes) {
  const GoKeyTable table = table_of(5);
  const std::vector<GoSymmetry> group = go_study_group(GoStudySymmetry::Full);
  std::vector<std::vector<GoPoint>> orbits;
  std::vector<bool> seen(25, false);
  for (int i = 0; i < 25; ++i) {
    if (seen[std::size_t(i)]) continue;
    orbits.emplace_back();
    for (const GoSymmetry& g : group) {
      const GoPoint q = transform_point(g, {i % 5, i / 5}, 5);
      if (!seen[std::size_t(q.y * 5 + q.x)]) orbits.back().push_back(q);
      seen[std::size_t(q.y * 5 + q.x)] = true;
    }
  }
  ASSERT_EQ(orbits.size(), 6u);
  for (GoCombine mode : {GoCombine::Xor, GoCombine::Add}) {
    std::vector<Key> keys;
    int zero_keys = 0;
    for (int code = 0; code < 729; ++code) {
      GoBoard board(5);
      for (int o = 0, c = code; o < 6; ++o, c /= 3)
        for (GoPoint p : orbits[std::size_t(o)])
          if (c % 3) board.set(p, c % 3 == 1 ? GoStone::Black : GoStone::White);
      keys.push_back(go_full_key(table, mode, board));
      zero_keys += code != 0 && keys.back() == 0;
    }
    std::sort(keys.begin(), keys.end());
    long long pairs = 0;
    for (std::size_t i = 0, j = 0; i < keys.size(); i = j) {
      while (j < keys.size() && keys[j] == keys[i]) ++j;
      pairs += static_cast<long long>(j - i) * static_cast<long long>(j - i - 1) / 2;
    }
    const auto distinct = std::unique(keys.begin(), keys.end()) - keys.begin();
    const GoStudyRow row =
        study_symmetric_positions(table, mode, GoStudySymmetry::Full, 200'000, 1);
    EXPECT_EQ(row.positions, 729);
    EXPECT_EQ(row.distinct_keys, distinct);
    EXPECT_EQ(row.colliding_pairs, pairs);
    EXPECT_EQ(row.zero_keys, zero_keys);
  }
}

// The group of each symmetry fixes the keys of its positions: checked on the group itself.
TEST(GoStudy, SymmetricPositionKeysAreFixedByTheirByteGroup) {
  const GoKeyTable table = table_of(9);
  GoBoard board(9);
  for (GoPoint p : {GoPoint{1, 2}, GoPoint{6, 1}, GoPoint{7, 6}, GoPoint{2, 7}})
    board.set(p, GoStone::White);
  board.set({4, 4}, GoStone::Black);
  for (GoCombine mode : {GoCombine::Xor, GoCombine::Add}) {
    const Key key = go_full_key(table, mode, board);
    EXPECT_EQ(go_z_rho(key), key);
    for (int i : {1, 2, 3}) EXPECT_EQ(byte_of(key, i), byte_of(key, 0));
  }
}

TEST(GoPosition, PlacingAndRemovingKeepTheKeyAndRefuseNonsense) {
  const GoKeyTable table = table_of(19);
  for (GoCombine mode : {GoCombine::Xor, GoCombine::Add}) {
    GoPosition position(table, mode);
    ASSERT_TRUE(position.place(point("D4"), GoStone::Black));
    ASSERT_TRUE(position.place(point("Q16"), GoStone::White));
    EXPECT_FALSE(position.place(point("D4"), GoStone::White));
    EXPECT_FALSE(position.remove(point("K10")));
    ASSERT_TRUE(position.remove(point("D4")));
    EXPECT_EQ(position.key(), table.white(point("Q16")));
    ASSERT_TRUE(position.remove(point("Q16")));
    EXPECT_EQ(position.key(), 0u);
  }
}

TEST(GoKeySet, NamesEveryKeyByColourAndPoint) {
  auto set = go_key_set(19, GoCombine::Xor);
  ASSERT_TRUE(set);
  ASSERT_EQ(set->keys.size(), 722u);
  ASSERT_EQ(set->names.size(), 722u);
  const GoKeyTable table = table_of(19);
  const auto k4 = std::find(set->names.begin(), set->names.end(), "black K4") - set->names.begin();
  const auto d10 =
      std::find(set->names.begin(), set->names.end(), "white D10") - set->names.begin();
  ASSERT_LT(std::size_t(k4), set->keys.size());
  ASSERT_LT(std::size_t(d10), set->keys.size());
  EXPECT_EQ(set->keys[std::size_t(k4)], table.black(point("K4")));
  EXPECT_EQ(set->keys[std::size_t(d10)], table.white(point("D10")));
  EXPECT_FALSE(go_key_set(18, GoCombine::Xor));
}

// The dependency the analyser must report on go:19: the keys named by the four side star points.
TEST(GoKeySet, TheFourNamedStarPointKeysXorToZero) {
  auto set = go_key_set(19, GoCombine::Xor);
  ASSERT_TRUE(set);
  Key sum = 0;
  for (const char* name : {"black D10", "black K16", "black Q10", "black K4"}) {
    const auto at = std::find(set->names.begin(), set->names.end(), name);
    ASSERT_NE(at, set->names.end()) << name;
    sum ^= set->keys[std::size_t(at - set->names.begin())];
  }
  EXPECT_EQ(sum, 0u);
}

}  // namespace
}  // namespace zobrist_verify
