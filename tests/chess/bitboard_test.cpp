// The attack tables against the slow ray walk, and the magic tables against the build's method.
#include <gtest/gtest.h>

#include <random>

#include "zobrist_verify/chess/bitboard.h"

namespace zobrist_verify {
namespace {

class BitboardTest : public ::testing::Test {
 protected:
  void SetUp() override { init_bitboards(); }
  // Sparse and dense random occupancies, as boards have.
  Bitboard random_occupancy() {
    Bitboard b = rng_() & rng_();
    if (rng_() & 1) b &= rng_();
    return b;
  }
  std::mt19937_64 rng_{20261122};
};

TEST_F(BitboardTest, SliderAttacksOfTheBuildMethodEqualTheRayWalk) {
  for (int i = 0; i < 20000; ++i) {
    const Square s = Square(rng_() % 64);
    const Bitboard occupied = random_occupancy();
    ASSERT_EQ(rook_attacks(s, occupied), sliding_attacks_slow(Rook, s, occupied))
        << int(s) << " " << occupied;
    ASSERT_EQ(bishop_attacks(s, occupied), sliding_attacks_slow(Bishop, s, occupied))
        << int(s) << " " << occupied;
  }
}

TEST_F(BitboardTest, MagicTablesEqualTheRayWalkWhateverTheBuildMethod) {
  for (int i = 0; i < 20000; ++i) {
    const Square s = Square(rng_() % 64);
    const Bitboard occupied = random_occupancy();
    ASSERT_EQ(magic_rook_attacks(s, occupied), sliding_attacks_slow(Rook, s, occupied));
    ASSERT_EQ(magic_bishop_attacks(s, occupied), sliding_attacks_slow(Bishop, s, occupied));
  }
}

TEST_F(BitboardTest, RayWalkStopsAtTheFirstBlockerAndIncludesIt) {
  // Rook on d4 with blockers on d6 and f4: d5, d6 up; e4, f4 right; all of the d- and 4-lines
  // below and to the left.
  const Bitboard occupied = square_bb(D6) | square_bb(F4);
  const Bitboard expected = square_bb(D5) | square_bb(D6) | square_bb(E4) | square_bb(F4) |
                            square_bb(D3) | square_bb(D2) | square_bb(D1) | square_bb(C4) |
                            square_bb(B4) | square_bb(A4);
  EXPECT_EQ(sliding_attacks_slow(Rook, D4, occupied), expected);
}

TEST_F(BitboardTest, RayWalkDoesNotWrapAroundTheBoardEdge) {
  EXPECT_EQ(sliding_attacks_slow(Bishop, H4, 0) & file_bb(FileA), 0u);
  EXPECT_EQ(popcount(sliding_attacks_slow(Bishop, H4, 0)), 7);
  EXPECT_EQ(sliding_attacks_slow(Rook, H4, 0) & rank_bb(Rank5), square_bb(H5));
  EXPECT_EQ(popcount(knight_attacks(A1)), 2);
  EXPECT_EQ(popcount(knight_attacks(H8)), 2);
  EXPECT_EQ(popcount(king_attacks(A8)), 3);
}

TEST_F(BitboardTest, BetweenIncludesTheFarSquareAndLineRunsEdgeToEdge) {
  EXPECT_EQ(between_bb(A1, D4), square_bb(B2) | square_bb(C3) | square_bb(D4));
  EXPECT_EQ(between_bb(A1, B3), square_bb(B3));  // not aligned: just the far square
  EXPECT_EQ(line_bb(B2, C3), square_bb(A1) | square_bb(B2) | square_bb(C3) | square_bb(D4) |
                                 square_bb(E5) | square_bb(F6) | square_bb(G7) | square_bb(H8));
  EXPECT_EQ(line_bb(A1, B3), 0u);
  EXPECT_TRUE(aligned(E1, E4, E8));
  EXPECT_FALSE(aligned(E1, E4, F8));
}

TEST_F(BitboardTest, PawnAttacksPointForward) {
  EXPECT_EQ(pawn_attacks(White, E4), square_bb(D5) | square_bb(F5));
  EXPECT_EQ(pawn_attacks(Black, E4), square_bb(D3) | square_bb(F3));
  EXPECT_EQ(pawn_attacks(White, A2), square_bb(B3));
}

TEST_F(BitboardTest, SliderMethodNameMatchesTheBuild) {
#ifdef ZV_USE_PEXT
  EXPECT_STREQ(slider_attack_method(), "pext");
#else
  EXPECT_STREQ(slider_attack_method(), "magic");
#endif
}

}  // namespace
}  // namespace zobrist_verify
