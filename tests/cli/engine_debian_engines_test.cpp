// Debian's engines as they are (label `engine`; each test skips when its engine is not
// installed, and each is a few seconds but Sjeng's half minute): Glaurung 2.2's decimal keys,
// its three keys on one line and its split en-passant rule, Ethereal 12's totals-only `perft`,
// Sjaak II's per-depth totals behind its coloured banner, Toga II 3.0, which answers `go perft`
// with a search and cannot be used, and xboard engines as GUIs drive them: Sjeng 11.2, PyChess
// 1.0.3's long algebraic divide, and CrazyWa and HaChu, which play no normal chess.
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "text_patterns.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;

bool installed(const char* engine) {
  return ::access(engine, X_OK) == 0;
}

#define NEEDS(engine) \
  if (!installed(engine)) GTEST_SKIP() << engine << " is not installed (ci/setup installs it)"

// Every property but the sweep of 100,000 positions (unequal-positions-unequal-keys, 30 s through
// Glaurung's board printing; the README shows the whole run).
constexpr const char* AllButTheSweep =
    "incremental-equals-full,reversibility,equal-positions-equal-keys,en-passant,castling,"
    "side-to-move,pawn-and-material-keys,zero-keys";

TEST(Glaurung22, DecimalKeysShowItsSplitEnPassantRuleAndNothingElse) {
  NEEDS("/usr/games/glaurung");
  const RunResult r =
      run_cli({"check", "--engine", "/usr/games/glaurung", "--key-pattern", "^(-?[0-9]+)$",
               "--fen-pattern", "^([1-8pnbrqkPNBRQK/]+ [wb] [-KQkq]+ [-a-h1-8]+)$", "--cases", "50",
               "--property", AllButTheSweep});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("engine keys: read as decimal, told from the start position's key "
                       "'11118386876534324246'"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("conventions: en passant fen=always,move=pseudo-legal"), std::string::npos)
      << r.out;
  EXPECT_TRUE(testkit::search(r.out, "en-passant \\.+ FAIL  after 0 cases: split")) << r.out;
  // Nothing else: one failure, every other property passes or cannot run through UCI.
  EXPECT_NE(r.out.find("check: 5 passed, 1 failed, 2 skipped"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("refused"), std::string::npos) << r.out;
}

// Glaurung's `key` prints its key, material key and pawn key on one line: read through named
// groups, pawn-and-material-keys runs on it and passes, and its split en-passant rule is still
// its only failing row (issue 39, section 1).
TEST(Glaurung22, ItsThreeKeysAreCheckedAndOnlyTheSplitRuleFails) {
  NEEDS("/usr/games/glaurung");
  const RunResult r = run_cli(
      {"check", "--engine", "/usr/games/glaurung", "--key-command", "key", "--key-pattern",
       "^key: (?P<key>-?[0-9]+) material key: (?P<material>-?[0-9]+) pawn key: (?P<pawn>-?[0-9]+)",
       "--cases", "50", "--property", AllButTheSweep});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("its pawn key and material key from the same line"), std::string::npos)
      << r.out;
  EXPECT_TRUE(testkit::search(r.out, "pawn-and-material-keys \\.+ PASS  50 cases")) << r.out;
  EXPECT_TRUE(testkit::search(r.out, "en-passant \\.+ FAIL  after 0 cases: split")) << r.out;
  // The warning: its pawn key is 0 without pawns, its material key with bare kings.
  EXPECT_NE(r.out.find("check: 5 passed, 1 failed, 1 skipped, 1 warned"), std::string::npos)
      << r.out;
}

TEST(Ethereal12, GeneratesTheReferenceMovesByTotals) {
  NEEDS("/usr/games/ethereal-chess");
  const RunResult r = run_cli({"movegen", "--engine", "/usr/games/ethereal-chess",
                               "--perft-command", "perft {depth}", "--perft-total-pattern",
                               "^([0-9]+)$", "--positions", "300", "--depth", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Ethereal 12.00"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("by totals"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 300 compared"), std::string::npos) << r.out;
}

TEST(SjaakII, GeneratesTheReferenceMovesByTotalsPerDepthOverUci) {
  NEEDS("/usr/games/sjaakii");
  const RunResult r = run_cli({"movegen", "--engine", "/usr/games/sjaakii", "--perft-command",
                               "perft {depth}", "--perft-total-pattern", "^ *{depth} +([0-9]+) ",
                               "--positions", "300", "--depth", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Sjaak II"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 300 compared"), std::string::npos) << r.out;
}

TEST(TogaII3, AnsweringPerftWithASearchCannotBeUsed) {
  NEEDS("/usr/games/toga2");
  const auto start = std::chrono::steady_clock::now();
  const RunResult r = run_cli(
      {"movegen", "--engine", "/usr/games/toga2", "--positions", "10", "--timeout", "3000"});
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(13));
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("engine 'Toga II 3.0' cannot be used"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a search's line 'info depth"), std::string::npos) << r.err;
}

// --- xboard engines as GUIs drive them (issue 39, section 2) ----------------------------------

// Sjeng 11.2 counts moves from its last "new" and crashes after about 600 in one game; with
// "new" before each position, as GUIs send it, one process answers 800 positions at depth 3
// (with --no-new it crashes three times in those 800, seven in 2,000).
TEST(Sjeng112, GeneratesTheReferenceMovesInOneProcessWhenEachPositionStartsAGame) {
  NEEDS("/usr/games/sjeng");
  const RunResult r =
      run_cli({"movegen", "--engine", "/usr/games/sjeng", "--protocol", "xboard", "--perft-command",
               "perft {depth}", "--perft-total-pattern", "^Raw nodes for depth {depth}: ([0-9]+)$",
               "--positions", "800", "--depth", "3", "--timeout", "30000"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:Sjeng 11.2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 800 compared"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("engine faults"), std::string::npos) << r.out;
}

// PyChess's `perft D 1` prints its divides of depths 1 to D, moves in long algebraic (Ng1-f3,
// b7-b8=Q): read through a divide pattern, its standard chess passes.
TEST(PyChess103, ItsLongAlgebraicDivideIsReadThroughADividePattern) {
  constexpr const char* PyChess = "/usr/lib/python3/dist-packages/pychess/Players/PyChess.py";
  if (::access(PyChess, R_OK) != 0) GTEST_SKIP() << PyChess << " is not installed (pychess)";
  const RunResult r = run_cli(
      {"movegen", "--engine", std::string("/usr/bin/python3 ") + PyChess, "--protocol", "xboard",
       "--perft-command", "perft {depth} 1", "--perft-divide-pattern",
       "^ *(?P<move>[^ ]+) +(?P<count>[0-9]+) +[0-9]+$", "--positions", "200", "--depth", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:PyChess 1.0.3"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 200 compared"), std::string::npos) << r.out;
}

// CrazyWa and HaChu play shogi and other games, no normal chess: refused with their variants.
TEST(CrazyWa105, PlaysNoNormalChessAndIsRefusedWithItsVariants) {
  NEEDS("/usr/games/crazywa");
  const RunResult r = run_cli({"movegen", "--engine", "/usr/games/crazywa", "--protocol", "xboard",
                               "--perft-command", "perft {depth}"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("engine 'CrazyWa 1.0.5' (/usr/games/crazywa) cannot be used over xboard: "
                       "it does not play normal chess: its variants are \"crazyhouse,shogi,"),
            std::string::npos)
      << r.err;
}

TEST(HaChu021, PlaysNoNormalChessAndIsRefusedWithItsVariants) {
  NEEDS("/usr/games/hachu");
  const RunResult r = run_cli({"check", "--engine", "/usr/games/hachu", "--protocol", "xboard"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("engine 'HaChu 0.21' (/usr/games/hachu) cannot be used over xboard: it "
                       "does not play normal chess: its variants are \"chu,nocastle,9x9+0_shogi,"),
            std::string::npos)
      << r.err;
}

}  // namespace
}  // namespace zobrist_verify
