// Stockfish 19 as npm's stockfish@19.0.0 ships it, JavaScript and WebAssembly run by node,
// installed by the fixture zv_npm_engines (tests/engines/install-npm-engines; label npm): the
// conventions are detected as its source says (src/position.cpp: en passant keyed only when a
// capture is legal, set from a FEN and after a double push; the halfmove clock folded into the key
// `d` prints from 14, adjust_key50; X-FEN's K and Q read as the outermost rook), what the README
// tells its users to pass passes exactly, and --expect stockfish alone is one failing row.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"

namespace {

using zobrist_verify::testkit::run_cli;
using zobrist_verify::testkit::RunResult;
using zv_test::count_of;

const std::string LiteSingle =
    std::string(ZV_NPM_ENGINES_DIR) + "/node_modules/stockfish/bin/stockfish-19-lite-single.js";

#define REQUIRE_NPM_STOCKFISH()                                                                \
  if (!std::filesystem::exists(LiteSingle))                                                    \
  GTEST_SKIP() << "needs " << LiteSingle                                                       \
               << " (the test npm_engines_install puts it there, with node and npm, when npm " \
                  "reaches its registry)"

// Every property an engine is judged by but the sweep, whose 100,000 positions take this build
// minutes.
const char* const AllButTheSweep =
    "incremental-equals-full,equal-positions-equal-keys,en-passant,castling,side-to-move,zero-keys";

RunResult check(std::vector<std::string> options) {
  std::vector<std::string> args{"check", "--engine", "node " + LiteSingle};
  args.insert(args.end(), options.begin(), options.end());
  return run_cli(args);
}

TEST(NpmStockfish19, PassesExactlyWithTheLegalRuleTheReadmeNames) {
  REQUIRE_NPM_STOCKFISH();
  const RunResult r = check({"--expect", "stockfish", "--en-passant", "legal", "--property",
                             AllButTheSweep, "--cases", "30"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Stockfish 19 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nconventions: en passant legal, halfmove clock dependent; judged under "
                       "the legal rule, exact keys of stockfish\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  en passant: the keys follow the legal rule, whether the position is set "
                       "from a FEN or reached by a move\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("with the halfmove clock at 14 it is "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  reads X-FEN castling letters: yes "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ncheck: 6 passed, 0 failed, 0 skipped\n"), std::string::npos) << r.out;
}

TEST(NpmStockfish19, ExpectingStockfishAloneIsOneRowNamingTheRule) {
  REQUIRE_NPM_STOCKFISH();
  const RunResult r =
      check({"--expect", "stockfish", "--property", "en-passant,castling", "--cases", "20"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, " FAIL "), 1) << r.out;
  EXPECT_NE(r.out.find(" conventions ...... FAIL  the keys are those of the scheme stockfish "
                       "(Stockfish 15.1), but their en-passant rule is legal, not the scheme's "
                       "pseudo-legal: every other property judges them under the legal rule, as "
                       "--expect stockfish --en-passant legal does\n"),
            std::string::npos)
      << r.out;
}

}  // namespace
