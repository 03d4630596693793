// Perft suites at the depths whose node counts stay at or below ~2,000,000: every position of the
// standard, Chess960 (Shredder-FEN) and tricky suites. perft_suite_long_test runs every depth.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/perft.h"

namespace zobrist_verify {
namespace {

constexpr std::uint64_t MaxNodes = 2'000'000;

std::vector<PerftCase> load_suite(const char* file) {
  return zv_test::load_perft_suite(file);
}

// Runs perft at every listed depth whose expected count is at most max_nodes; returns how many
// depths ran. Failures name the file, line, FEN, depth, expected and actual counts.
int check_suite(const char* file, std::uint64_t max_nodes) {
  int depths_run = 0;
  for (const PerftCase& c : load_suite(file)) {
    Game game;
    const std::vector<FenError> errors =
        game.set(c.fen, polyglot_scheme(), zv_test::suite_reading());
    if (!errors.empty()) {
      ADD_FAILURE() << file << ":" << c.line << ": FEN \"" << c.fen << "\" rejected:\n"
                    << zv_test::describe(errors);
      continue;
    }
    for (const auto& [depth, expected] : c.depths) {
      if (expected > max_nodes) continue;
      ++depths_run;
      const std::uint64_t actual = perft(game.position(), depth);
      EXPECT_EQ(actual, expected) << file << ":" << c.line << " " << c.id << " FEN \"" << c.fen
                                  << "\" depth " << depth << ": expected " << expected
                                  << ", actual " << actual;
    }
  }
  return depths_run;
}

TEST(PerftSuite, StandardSuiteHas128Positions) {
  EXPECT_EQ(load_suite("perft/standard.epd").size(), 128u);
}

TEST(PerftSuite, FischerSuiteHas960Positions) {
  EXPECT_EQ(load_suite("perft/fischer.epd").size(), 960u);
}

TEST(PerftSuite, TrickySuiteHas19Positions) {
  EXPECT_EQ(load_suite("perft/tricky.perft").size(), 19u);
}

TEST(PerftSuite, SuiteFensMatchAnIndependentReading) {
  for (const char* file : {"perft/standard.epd", "perft/fischer.epd", "perft/tricky.perft"}) {
    const auto text = zv_test::read_corpus_file(file);
    ASSERT_TRUE(text.has_value()) << text.error();
    const std::vector<zv_test::CorpusFen> fens = zv_test::suite_fens(file, *text);
    const std::vector<PerftCase> suite = load_suite(file);
    ASSERT_EQ(suite.size(), fens.size()) << file;
    for (std::size_t i = 0; i < fens.size(); ++i) {
      EXPECT_EQ(suite[i].fen, fens[i].fen) << fens[i].where;
      // A .perft block may be numbered by its "id" or its "epd" line; EPD lines are exact.
      if (std::string(file).ends_with(".epd")) {
        EXPECT_EQ(file + std::string(":") + std::to_string(suite[i].line), fens[i].where);
      }
    }
  }
}

TEST(PerftSuite, StandardSuiteMatchesUpToTwoMillionNodes) {
  EXPECT_GT(check_suite("perft/standard.epd", MaxNodes), 300);
}

TEST(PerftSuite, FischerSuiteMatchesUpToTwoMillionNodes) {
  EXPECT_GT(check_suite("perft/fischer.epd", MaxNodes), 3000);
}

TEST(PerftSuite, TrickySuiteMatchesUpToTwoMillionNodes) {
  EXPECT_GT(check_suite("perft/tricky.perft", MaxNodes), 60);
}

// perft_full makes and unmakes every leaf move; at low depth it must count what perft counts. Two
// of the tricky positions have checks no legal game reaches, so they are read as suites are.
TEST(PerftSuite, FullPerftEqualsBulkPerftAtLowDepth) {
  const char* const fens[] = {
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq -",
      "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6",
      "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
      "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -",
  };
  for (const char* fen : fens) {
    Game game;
    const std::vector<FenError> errors = game.set(fen, polyglot_scheme(), zv_test::suite_reading());
    ASSERT_TRUE(errors.empty()) << fen << "\n" << zv_test::describe(errors);
    const std::uint64_t bulk = perft(game.position(), 3);
    const std::uint64_t full = perft_full(game.position(), 3);
    EXPECT_EQ(full, bulk) << "FEN \"" << fen << "\" depth 3";
  }
}

TEST(PerftSuite, PerftLeavesThePositionAsItFoundIt) {
  const std::vector<PerftCase> suite = load_suite("perft/standard.epd");
  ASSERT_GT(suite.size(), 1u);
  Game game;
  ASSERT_TRUE(game.set(suite[1].fen, polyglot_scheme()).empty());
  const std::string fen = game.position().fen();
  const Keys keys = game.position().keys();
  (void)perft(game.position(), 3);
  (void)perft_full(game.position(), 2);
  EXPECT_EQ(game.position().fen(), fen);
  EXPECT_EQ(game.position().keys(), keys);
}

TEST(PerftSuite, DivideSumsToPerftAndListsEveryLegalMoveOnce) {
  Game game;
  ASSERT_TRUE(game.set(StartFen, polyglot_scheme()).empty());
  const auto divide = perft_divide(game.position(), 3);
  EXPECT_EQ(divide.size(), 20u);
  std::uint64_t total = 0;
  for (const auto& [move, nodes] : divide) total += nodes;
  EXPECT_EQ(total, 8902u);
}

TEST(PerftSuiteParser, ReadsEpdDepthsAndLineNumbers) {
  const auto suite = parse_perft_suite(
      "# comment\n\n4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 66\n"
      "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1 ;D3 1287\n");
  ASSERT_TRUE(suite.has_value()) << suite.error();
  ASSERT_EQ(suite->size(), 2u);
  EXPECT_EQ((*suite)[0].fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
  EXPECT_EQ((*suite)[0].line, 3);
  ASSERT_EQ((*suite)[0].depths.size(), 2u);
  EXPECT_EQ((*suite)[0].depths[0], (std::pair<int, std::uint64_t>(1, 15)));
  EXPECT_EQ((*suite)[0].depths[1], (std::pair<int, std::uint64_t>(2, 66)));
  EXPECT_EQ((*suite)[1].line, 4);
  ASSERT_EQ((*suite)[1].depths.size(), 1u);
  EXPECT_EQ((*suite)[1].depths[0], (std::pair<int, std::uint64_t>(3, 1287)));
}

TEST(PerftSuiteParser, ReadsIdEpdPerftBlocks) {
  const auto suite = parse_perft_suite(
      "id first\nepd 8/8/8/8/8/8/8/K6k w - -\nperft 1 3\nperft 2 9\n\n"
      "id second\nepd 8/8/8/8/8/8/8/K6k b - -\nperft 1 3\n");
  ASSERT_TRUE(suite.has_value()) << suite.error();
  ASSERT_EQ(suite->size(), 2u);
  EXPECT_EQ((*suite)[0].id, "first");
  EXPECT_EQ((*suite)[0].fen, "8/8/8/8/8/8/8/K6k w - -");
  ASSERT_EQ((*suite)[0].depths.size(), 2u);
  EXPECT_EQ((*suite)[0].depths[1], (std::pair<int, std::uint64_t>(2, 9)));
  EXPECT_EQ((*suite)[1].id, "second");
}

TEST(PerftSuiteParser, RejectsANodeCountThatIsNotANumber) {
  const auto suite = parse_perft_suite("4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 fifteen\n");
  ASSERT_FALSE(suite.has_value());
  EXPECT_FALSE(suite.error().empty());
}

}  // namespace
}  // namespace zobrist_verify
