// Position identity ("the same position" for a key) and the route shrinker.
#include <gtest/gtest.h>

#include "chess/position_tools.h"
#include "chess/transpositions.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/chess/game.h"

namespace zobrist_verify::properties {
namespace {

PositionIdentity identity_of(const std::string& fen, bool chess960,
                             EnPassantRule rule = EnPassantRule::PseudoLegal) {
  Game game;
  const std::vector<FenError> errors = game.set(fen, polyglot_scheme(), FenOptions{chess960});
  EXPECT_TRUE(errors.empty()) << fen << "\n" << format_errors(errors);
  return position_identity(game.position(), rule);
}

// The false collision an outside trial found at 2,000 cases: one position, spelled in Shredder
// letters (Chess960) and in KQkq letters.
TEST(PositionIdentity, ShredderAndKqkqSpellingsOfOneRightAreOnePosition) {
  EXPECT_EQ(identity_of("3rk1Rr/8/8/8/8/8/8/1R3K1R b h - 0 2", true),
            identity_of("3rk1Rr/8/8/8/8/8/8/1R3K1R b k - 0 4", false));
}

// Clocks past 65535 (a FEN may give up to 10^9) were cut to 65535, so two of them were one
// position for a target keyed by the clock, and a key that rightly differed was a failure.
TEST(PositionIdentity, LargeClocksStayApartWhenTheClockIsPartOfIt) {
  const auto with_clock = [](const std::string& fen) {
    Game game;
    EXPECT_TRUE(game.set(fen, polyglot_scheme()).empty()) << fen;
    return position_identity(game.position(), EnPassantRule::PseudoLegal, true);
  };
  EXPECT_NE(with_clock("1bk5/8/8/8/8/8/5K2/6r1 b - - 65549 32786"),
            with_clock("1bk5/8/8/8/8/8/5K2/6r1 b - - 65563 32793"));
  EXPECT_NE(with_clock("4k3/8/8/8/8/8/8/4K3 w - - 999999999 500000000"),
            with_clock("4k3/8/8/8/8/8/8/4K3 w - - 999999998 500000000"));
  EXPECT_EQ(with_clock("4k3/8/8/8/8/8/8/4K3 w - - 70000 40000"),
            with_clock("4k3/8/8/8/8/8/8/4K3 w - - 70000 35001"));
}

TEST(PositionIdentity, XfenAndShredderSpellingsOfOneRightAreOnePosition) {
  EXPECT_EQ(identity_of("1r2k1rr/8/8/8/8/8/8/1R2K1RR w KQkq - 0 1", true),
            identity_of("1r2k1rr/8/8/8/8/8/8/1R2K1RR w HBhb - 0 1", true));
}

TEST(PositionIdentity, RightsWithAnotherRookAreAnotherPosition) {
  // X-FEN K names the outer rook (h1); G names the inner one.
  EXPECT_NE(identity_of("1r2k1rr/8/8/8/8/8/8/1R2K1RR w K - 0 1", true),
            identity_of("1r2k1rr/8/8/8/8/8/8/1R2K1RR w G - 0 1", true));
}

TEST(PositionIdentity, ClocksAreNotPartOfIt) {
  EXPECT_EQ(identity_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false),
            identity_of("4k3/8/8/8/8/8/8/4K2R w K - 37 60", false));
}

TEST(PositionIdentity, EnPassantSquareCountsOnlyWhereTheRuleHashesIt) {
  const std::string with = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
  const std::string without = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  EXPECT_NE(identity_of(with, false, EnPassantRule::Always),
            identity_of(without, false, EnPassantRule::Always));
  EXPECT_EQ(identity_of(with, false, EnPassantRule::PseudoLegal),
            identity_of(without, false, EnPassantRule::PseudoLegal));
}

TEST(PositionIdentity, TextSpellsStandardRightsAsKqkqAndOthersAsFiles) {
  EXPECT_EQ(to_string(identity_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false)),
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
  EXPECT_EQ(to_string(identity_of("3rk1Rr/8/8/8/8/8/8/1R3K1R b h - 0 2", true)),
            "3rk1Rr/8/8/8/8/8/8/1R3K1R b k -");
  EXPECT_EQ(to_string(identity_of("1r2k1rr/8/8/8/8/8/8/1R2K1RR w G - 0 1", true)),
            "1r2k1rr/8/8/8/8/8/8/1R2K1RR w G -");
}

TEST(OnlyDifference, NamesTheEnPassantSquare) {
  const std::string fen = "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1";
  EXPECT_EQ(only_difference(identity_of(fen, false, EnPassantRule::Always),
                            identity_of(with_en_passant(fen, "-"), false, EnPassantRule::Always)),
            "the en-passant square c6");
}

TEST(OnlyDifference, NamesTheSideToMoveAndTheCastlingRights) {
  EXPECT_EQ(only_difference(identity_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false),
                            identity_of("4k3/8/8/8/8/8/8/4K2R b K - 0 1", false)),
            "the side to move");
  EXPECT_EQ(only_difference(identity_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false),
                            identity_of("4k3/8/8/8/8/8/8/4K2R w - - 0 1", false)),
            "the castling rights (K vs -)");
}

TEST(OnlyDifference, IsEmptyWhenTheBoardsDifferOrTwoFieldsDo) {
  EXPECT_EQ(only_difference(identity_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false),
                            identity_of("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1", false)),
            "");
  EXPECT_EQ(only_difference(identity_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", false),
                            identity_of("4k3/8/8/8/8/8/8/4K2R b - - 0 1", false)),
            "");
}

TEST(ShrinkRoute, KeepsOnlyTheMovesTheFailureNeeds) {
  // Fails whenever the white queen leaves d1 on the way: the shortest route is the queen move
  // alone, started from the position the pawn move left.
  const Route route{
      StartFen, false, {"g1f3", "g8f6", "e2e4", "b8c6", "d1e2", "a7a6", "h2h3", "h7h6", "b1c3"}};
  auto queen_moved = [](const Route& r) {
    Game game;
    if (!replay(game, Route{r.fen, r.chess960, {}})) return false;
    const bool at_home = game.position().piece_on(D1) == WhiteQueen;
    return at_home && replay(game, r) && game.position().piece_on(D1) != WhiteQueen;
  };
  const Route shrunk = shrink_route(route, queen_moved);
  EXPECT_TRUE(queen_moved(shrunk));
  EXPECT_EQ(shrunk.moves.size(), 1u) << shrunk.fen;
  ASSERT_FALSE(shrunk.moves.empty());
  EXPECT_EQ(shrunk.moves.back(), "d1e2");
}

TEST(ShrinkRoute, KeepingTheStartCutsOnlyMovesAndKeepsTheFen) {
  // The queen can only leave d1 once the e-pawn has moved: from the start position the shortest
  // sequence is e2e4, one black move of the game, d1e2; never a FEN further on.
  const Route route{StartFen, false, {"a2a3", "a7a6", "e2e4", "h7h6", "b2b3", "g7g6", "d1e2"}};
  auto queen_left_home = [](const Route& r) {
    Game game;
    return replay(game, r) && game.position().piece_on(D1) != WhiteQueen;
  };
  const Route shrunk = shrink_route(route, queen_left_home, 2000, /*keep_start=*/true);
  EXPECT_EQ(shrunk.fen, StartFen);
  ASSERT_EQ(shrunk.moves.size(), 3u);
  EXPECT_EQ(shrunk.moves.front(), "e2e4");
  EXPECT_EQ(shrunk.moves.back(), "d1e2");
}

TEST(ShrinkRoute, ReturnsTheRouteItselfWhenNothingSmallerFails) {
  const Route route{StartFen, false, {"e2e4"}};
  auto e4_pushed_from_start = [](const Route& r) {
    return r.fen == StartFen && r.moves == std::vector<std::string>{"e2e4"};
  };
  const Route shrunk = shrink_route(route, e4_pushed_from_start);
  EXPECT_EQ(shrunk.fen, route.fen);
  EXPECT_EQ(shrunk.moves, route.moves);
}

}  // namespace
}  // namespace zobrist_verify::properties
