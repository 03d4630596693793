// Reading perft divides as Stockfish prints them, and comparing two divides.
#include "zobrist_verify/doors/divide_comparison.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "zobrist_verify/chess/game.h"

namespace zobrist_verify {
namespace {

TEST(DivideLine, AMoveLineGivesTheMoveAndItsCount) {
  auto line = parse_divide_line("e7e8q: 12");
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ(line->kind, DivideLine::Kind::Move);
  EXPECT_EQ(line->move, "e7e8q");
  EXPECT_EQ(line->count, 12u);
}

TEST(DivideLine, TheTotalLineEndsTheDivide) {
  auto line = parse_divide_line("Nodes searched: 197281");
  ASSERT_TRUE(line) << line.error();
  EXPECT_EQ(line->kind, DivideLine::Kind::Total);
  EXPECT_EQ(line->count, 197281u);
}

TEST(DivideLine, BlankAndInfoLinesAreSkipped) {
  EXPECT_EQ(parse_divide_line("")->kind, DivideLine::Kind::Skip);
  EXPECT_EQ(parse_divide_line("info string NNUE enabled")->kind, DivideLine::Kind::Skip);
}

TEST(DivideLine, AnythingElseIsAnErrorQuotingTheLine) {
  for (const char* garbage :
       {"bestmove e2e4", "e2e4 20", "e2e9: 1", "e2e4: many", "e7e8k: 1", "Nodes searched: lots"}) {
    auto line = parse_divide_line(garbage);
    EXPECT_FALSE(line) << garbage;
    if (!line) {
      EXPECT_NE(line.error().find(garbage), std::string::npos) << line.error();
    }
  }
}

TEST(DivideTotal, ATotalThatIsNotTheSumIsAnError) {
  EXPECT_TRUE(check_divide_total({{{"e2e4", 20}, {"d2d4", 20}}, 40}));
  EXPECT_FALSE(check_divide_total({{{"e2e4", 20}, {"d2d4", 20}}, 41}));
}

TEST(DivideTotal, CountsWhoseSumWrapsPast64BitsDoNotAddUpToTheWrappedTotal) {
  // Found by fuzz_engine_reply: 2^64 - 1 and 1 once summed to the printed total 0.
  const Expected<Done> total = check_divide_total({{{"e2e4", UINT64_MAX}, {"d2d4", 1}}, 0});
  ASSERT_FALSE(total);
  EXPECT_NE(total.error().find("more than 2^64 - 1"), std::string::npos) << total.error();
}

TEST(CompareDivides, MissingExtraTwiceAndMiscountedMovesAreNamed) {
  const DivideCounts expected{{{"a2a3", 1}, {"e5d6", 1}, {"b2b3", 2}}, 4};
  const DivideCounts actual{{{"a2a3", 1}, {"a2a3", 1}, {"b2b3", 3}, {"h2h4", 1}}, 6};
  const DivideDifference d = compare_divides(expected, actual);
  EXPECT_EQ(d.missing, std::vector<std::string>{"e5d6"});
  EXPECT_EQ(d.extra, std::vector<std::string>{"h2h4"});
  EXPECT_EQ(d.duplicated, std::vector<std::string>{"a2a3"});
  ASSERT_EQ(d.counts.size(), 1u);
  EXPECT_EQ(d.counts[0].move, "b2b3");
  EXPECT_EQ(d.counts[0].expected, 2u);
  EXPECT_EQ(d.counts[0].actual, 3u);
  EXPECT_FALSE(d.empty());
}

TEST(CompareDivides, TheSameMovesInAnotherOrderAgree) {
  EXPECT_TRUE(
      compare_divides({{{"a2a3", 1}, {"b2b3", 1}}, 2}, {{{"b2b3", 1}, {"a2a3", 1}}, 2}).empty());
}

TEST(ReferenceDivide, CastlingIsKingTakesRookWhenAsked) {
  Game game;
  ASSERT_TRUE(game.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", polyglot_scheme()).empty());
  auto has = [](const DivideCounts& d, const std::string& move) {
    for (const auto& entry : d.moves)
      if (entry.first == move) return true;
    return false;
  };
  const DivideCounts standard = reference_divide(game.position(), 1, false);
  EXPECT_TRUE(has(standard, "e1g1") && has(standard, "e1c1"));
  const DivideCounts king_takes_rook = reference_divide(game.position(), 1, true);
  EXPECT_TRUE(has(king_takes_rook, "e1h1") && has(king_takes_rook, "e1a1"));
  EXPECT_FALSE(has(king_takes_rook, "e1g1"));
  // By hand: rook a1 10 (b1-d1, a2-a7, takes a8), rook h1 9 (f1-g1, h2-h7, takes h8), king 5,
  // castling 2; Stockfish 15.1's `go perft 1` says 26 too.
  EXPECT_EQ(standard.nodes, 26u);
}

}  // namespace
}  // namespace zobrist_verify
