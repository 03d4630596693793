// `zobrist-verify replay` shows, after each step, the target's incremental key, the key of a fresh
// set_position of the position reached and, with --expect, the scheme's; it marks the first step
// where two differ and names the comparison; exit 0 when all agree, 1 otherwise. The plugin
// door, in a worker and in-process (the engine door: engine_replay_command_test.cpp). And
// `check` on plugins that throw through the C ABI or whose key changes between two asks.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "cli/replay_steps.h"

namespace {

using namespace zobrist_verify::testing;

std::string plugin(const std::string& name) {
  return std::string(ZV_PLUGIN_DIR) + "/" + name + ".so";
}

const std::string PromotionFen = "8/P6k/8/8/8/8/8/K7 w - - 0 1";

class ReplayDoors : public ::testing::TestWithParam<bool> {
 protected:
  RunResult replay(std::vector<std::string> args) {
    args.insert(args.begin(), "replay");
    if (GetParam()) args.push_back("--no-isolation");
    return run_cli(args);
  }
};

TEST_P(ReplayDoors, AnIncrementalKeyThatIsNotTheFreshOneIsMarkedAtItsPly) {
  const RunResult r = replay({"--plugin", plugin("zv_mutant_promotion-keeps-pawn-in-key"), "--fen",
                              PromotionFen, "--moves", "a1b1", "h7g7", "a7a8q"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const std::string start = step(r.out, "set_position " + PromotionFen);
  EXPECT_NE(start.find("  fresh key    "), std::string::npos) << r.out;
  EXPECT_NE(start.find("  same\n"), std::string::npos) << r.out;
  EXPECT_EQ(step(r.out, "make_move h7g7 (ply 2)").find("DIFFERS"), std::string::npos) << r.out;
  const std::string promotion = step(r.out, "make_move a7a8q (ply 3)");
  EXPECT_NE(promotion.find("  fresh key    "), std::string::npos) << r.out;
  EXPECT_NE(promotion.find("DIFFERS  <- first difference (incremental vs fresh set_position of "
                           "Q7/6k1/8/8/8/8/8/1K6 b - - 0 2)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\nfirst difference at make_move a7a8q (ply 3): incremental vs fresh "
                       "set_position of Q7/6k1/8/8/8/8/8/1K6 b - - 0 2\n"),
            std::string::npos)
      << r.out;
}

TEST_P(ReplayDoors, KeysThatAreNotTheSchemesAreMarkedAsTargetVsScheme) {
  const RunResult r = replay({"--plugin", plugin("zv_reference_plugin"), "--fen", "startpos",
                              "--moves", "e2e4", "--expect", "stockfish"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("  fresh key    "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  stockfish    "), std::string::npos) << r.out;
  // The plugin's keys are Polyglot's: incremental and fresh agree, the scheme does not.
  EXPECT_EQ(r.out.find("incremental vs fresh"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\nfirst difference at set_position "
                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1: target vs the "
                       "stockfish scheme\n"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("<- first difference"), r.out.rfind("<- first difference")) << r.out;
}

TEST_P(ReplayDoors, ACorrectPluginAgreesEverywhereWithExitZero) {
  const RunResult r = replay({"--plugin", plugin("zv_reference_plugin"), "--fen", PromotionFen,
                              "--moves", "a7a8q", "h7g7", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  std::size_t fresh = 0;
  for (std::size_t at = r.out.find("  fresh key    "); at != std::string::npos;
       at = r.out.find("  fresh key    ", at + 1))
    ++fresh;
  EXPECT_EQ(fresh, 3u) << r.out;
  EXPECT_EQ(r.out.find("DIFFERS"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("first difference"), std::string::npos) << r.out;
}

TEST_P(ReplayDoors, AnExceptionOutOfThePluginIsNamedWithItsCall) {
  const RunResult r = replay({"--plugin", plugin("zv_throws_on_promotion_plugin"), "--fen",
                              PromotionFen, "--moves", "a7a8q"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the target threw std::invalid_argument (\"promotions are not "
                       "supported\") from make_move a7a8q"),
            std::string::npos)
      << r.out;
}

INSTANTIATE_TEST_SUITE_P(InAWorkerAndInProcess, ReplayDoors, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "NoIsolation" : "Isolated";
                         });

class CheckUnreliable : public ::testing::TestWithParam<bool> {
 protected:
  RunResult check(const std::string& name) {
    std::vector<std::string> args{"check", "--plugin", plugin(name), "--property",
                                  "incremental-equals-full"};
    if (GetParam()) args.push_back("--no-isolation");
    return run_cli(args);
  }
};

TEST_P(CheckUnreliable, AThrowingPluginIsReportedWithTheExceptionAndTheCall) {
  const RunResult r = check("zv_throws_on_promotion_plugin");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the target threw std::invalid_argument (\"promotions are not "
                       "supported\") from make_move "),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("fen:       ?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("no exceptions thrown"), std::string::npos) << r.out;
}

TEST_P(CheckUnreliable, AKeyThatChangesBetweenAsksIsReportedAsNondeterminism) {
  const RunResult r = check("zv_flips_one_key_plugin");
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("the target is nondeterministic: the same case failed once and passed "
                       "when replayed"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("fen:       ?"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x0000000000000000"), std::string::npos) << r.out;
}

INSTANTIATE_TEST_SUITE_P(InAWorkerAndInProcess, CheckUnreliable, ::testing::Bool(),
                         [](const ::testing::TestParamInfo<bool>& info) {
                           return info.param ? "NoIsolation" : "Isolated";
                         });

}  // namespace
