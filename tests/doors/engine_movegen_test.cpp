// `zobrist-verify movegen` on the real engines: Stockfish 15.1 and Fairy-Stockfish 11.1 generate
// the same moves as the reference on 10,000 positions each (and Chess960 ones through
// UCI_Chess960). Needs /usr/games/stockfish and /usr/games/fairy-stockfish (ci/setup installs
// both); skips an engine that is absent.
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

void expect_engine_agrees(const std::string& engine, std::vector<std::string> extra) {
  if (::access(engine.c_str(), X_OK) != 0) GTEST_SKIP() << engine << " is not installed";
  std::vector<std::string> args{"movegen", "--engine", engine, "--positions", "10000", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  const RunResult r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"positions\": 10000,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"divergences\": 0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"fault\": null"), std::string::npos) << r.out;
}

TEST(EngineMovegen, Stockfish15GeneratesTheReferenceMovesOnTenThousandPositions) {
  expect_engine_agrees("/usr/games/stockfish", {});
}

TEST(EngineMovegen, FairyStockfish11GeneratesTheReferenceMovesOnTenThousandPositions) {
  expect_engine_agrees("/usr/games/fairy-stockfish", {});
}

TEST(EngineMovegen, Stockfish15AgreesOnChess960AtDepthTwo) {
  expect_engine_agrees("/usr/games/stockfish", {"--chess960", "--depth", "2"});
}

TEST(EngineMovegen, FairyStockfish11AgreesOnChess960AtDepthTwo) {
  expect_engine_agrees("/usr/games/fairy-stockfish", {"--chess960", "--depth", "2"});
}

}  // namespace
}  // namespace zobrist_verify
