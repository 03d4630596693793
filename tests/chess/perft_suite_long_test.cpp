// Perft suites at every listed depth (label `long`): about 4.8e9 leaf nodes for the standard suite
// and 5.2e11 for the Chess960 one. Positions are shared out over the machine's cores; each worker
// keeps its own Game, and every result is checked on the main thread.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/perft.h"

namespace zobrist_verify {
namespace {

struct Outcome {
  int depth = 0;
  std::uint64_t expected = 0;
  std::uint64_t actual = 0;
};

struct CaseResult {
  std::string fen_errors;  // non-empty when the FEN was rejected
  std::vector<Outcome> outcomes;
};

std::vector<PerftCase> load_suite(const char* file) {
  return zv_test::load_perft_suite(file);
}

CaseResult run_case(const PerftCase& c) {
  CaseResult result;
  Game game;
  const std::vector<FenError> errors = game.set(c.fen, polyglot_scheme(), zv_test::suite_reading());
  if (!errors.empty()) {
    result.fen_errors = zv_test::describe(errors);
    return result;
  }
  for (const auto& [depth, expected] : c.depths) {
    result.outcomes.push_back({depth, expected, perft(game.position(), depth)});
  }
  return result;
}

// Runs every case on all cores and checks the results; returns the number of depths checked.
std::size_t check_suite(const char* file, std::size_t expected_positions) {
  const std::vector<PerftCase> suite = load_suite(file);
  EXPECT_EQ(suite.size(), expected_positions) << file;
  std::vector<CaseResult> results(suite.size());
  std::atomic<std::size_t> next{0};
  const unsigned workers = std::max(1u, std::thread::hardware_concurrency());
  {
    std::vector<std::jthread> threads;
    for (unsigned w = 0; w < workers; ++w) {
      threads.emplace_back([&] {
        for (std::size_t i = next++; i < suite.size(); i = next++) results[i] = run_case(suite[i]);
      });
    }
  }
  std::size_t checked = 0;
  for (std::size_t i = 0; i < suite.size(); ++i) {
    const PerftCase& c = suite[i];
    EXPECT_TRUE(results[i].fen_errors.empty())
        << file << ":" << c.line << ": FEN \"" << c.fen << "\" rejected:\n"
        << results[i].fen_errors;
    for (const Outcome& o : results[i].outcomes) {
      ++checked;
      EXPECT_EQ(o.actual, o.expected)
          << file << ":" << c.line << " " << c.id << " FEN \"" << c.fen << "\" depth " << o.depth
          << ": expected " << o.expected << ", actual " << o.actual;
    }
  }
  return checked;
}

TEST(PerftSuiteLong, StandardSuiteMatchesAtEveryDepth) {
  EXPECT_GE(check_suite("perft/standard.epd", 128), 700u);
}

TEST(PerftSuiteLong, TrickySuiteMatchesAtEveryDepth) {
  EXPECT_GE(check_suite("perft/tricky.perft", 19), 65u);
}

TEST(PerftSuiteLong, FischerSuiteMatchesAtEveryDepth) {
  EXPECT_EQ(check_suite("perft/fischer.epd", 960), 960u * 6u);
}

}  // namespace
}  // namespace zobrist_verify
