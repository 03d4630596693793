// `zobrist-verify replay` shows, after each step, the target's incremental key, the key of a fresh
// set_position of the position reached and, with --expect, the scheme's; it marks the first step
// where two differ and names the comparison; exit 0 when all agree, 1 otherwise. The plugin
// door, in a worker and in-process (the engine door: engine_replay_command_test.cpp). And
// `check` on plugins that throw through the C ABI or whose key changes between two asks: the
// report says so. Every `replay:` line `check` prints reproduces its failure when pasted into a
// shell, and runs nothing else.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli/replay_steps.h"
#include "cli_runner.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using namespace zobrist_verify::testkit;

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

// The transcript holds the lines sent, as check's does, and the help says so (issue 39, section 3).
TEST(ReplayEngine, TheHelpSaysTheTranscriptHoldsTheLinesSent) {
  const RunResult r = run_cli({"replay", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("came from the engine"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("every line sent to the engine"), std::string::npos) << r.out;
}

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

// Runs `check` with `args`, which must fail, then the first `replay:` line it printed, pasted into
// /bin/sh in `cwd`: the replay must fail too (exit 1) and name a first difference.
RunResult check_then_replay(const std::vector<std::string>& args, const fs::path& cwd) {
  std::vector<std::string> check{"check"};
  check.insert(check.end(), args.begin(), args.end());
  const RunResult checked = run_cli(check);
  EXPECT_EQ(checked.exit_code, 1) << checked.out << checked.err;
  const std::string replay = line_after(checked.out, "  replay:    ");
  EXPECT_FALSE(replay.empty()) << checked.out;
  const RunResult replayed = run_shell(replay, cwd);
  EXPECT_EQ(replayed.exit_code, 1) << replay << "\n" << replayed.out << replayed.err;
  EXPECT_NE(replayed.out.find("\nfirst difference at "), std::string::npos)
      << replay << "\n"
      << replayed.out << replayed.err;
  return replayed;
}

// Polyglot's scheme written out with a black-to-move key added (Polyglot hashes White's turn
// alone), so that its start position keeps Polyglot's key and every position after a move has
// another, and the `name` line given.
std::string altered_polyglot(const std::string& name) {
  std::string text = zobrist_verify::write_scheme_text(zobrist_verify::polyglot_scheme());
  std::istringstream lines(text);
  std::string out = "name " + name + "\nside black 0123456789abcdef\n";
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("name ", 0) != 0) out += line + "\n";
  return out;
}

TEST(PrintedReplay, APluginAtAPathWithShellCharactersReproducesAndRunsNothingElse) {
  TempDir dir;
  const fs::path hostile = dir.path() / "my plugin;touch INJECTED;.so";
  fs::copy_file(plugin("zv_mutant_promotion-keeps-pawn-in-key"), hostile);
  const RunResult r = check_then_replay(
      {"--plugin", hostile.string(), "--property", "incremental-equals-full", "--cases", "20"},
      dir.path());
  EXPECT_NE(r.out.find("incremental vs fresh set_position"), std::string::npos) << r.out;
  EXPECT_FALSE(fs::exists(dir.path() / "INJECTED"));
}

// A scheme file is named by its path: a file whose `name` line says polyglot (with other keys)
// replays against the file, not against the built-in table.
TEST(PrintedReplay, ASchemeFileIsNamedByItsPathEverywhere) {
  TempDir dir;
  const fs::path scheme = dir.path() / "keys.scheme";
  write_file(scheme, altered_polyglot("polyglot"));
  const std::string file = "file:" + scheme.string();
  const RunResult r =
      check_then_replay({"--plugin", plugin("zv_reference_plugin"), "--expect", file, "--property",
                         "incremental-equals-full", "--cases", "5"},
                        dir.path());
  EXPECT_NE(r.out.find(": target vs the " + file + " scheme\n"), std::string::npos) << r.out;
  const RunResult head = run_cli({"check", "--plugin", plugin("zv_reference_plugin"), "--expect",
                                  file, "--property", "zero-keys", "--cases", "1"});
  EXPECT_NE(head.out.find("exact keys of " + file + "\n"), std::string::npos) << head.out;
  const RunResult rows =
      run_cli({"check", "--scheme", file, "--property", "zero-keys", "--cases", "1"});
  EXPECT_NE(rows.out.find("reference:" + file + " zero-keys "), std::string::npos) << rows.out;
}

// A scheme file's `name` line can hold shell syntax; the line printed names the file, quoted.
TEST(PrintedReplay, ASchemeNameWithShellSyntaxRunsNothing) {
  TempDir dir;
  const fs::path scheme = dir.path() / "x;touch${IFS}INJECTED2";
  write_file(scheme, altered_polyglot("x;touch${IFS}INJECTED"));
  check_then_replay(
      {"--plugin", plugin("zv_reference_plugin"), "--expect", "file:" + scheme.string(),
       "--property", "incremental-equals-full", "--cases", "5"},
      dir.path());
  EXPECT_FALSE(fs::exists(dir.path() / "INJECTED"));
  EXPECT_FALSE(fs::exists(dir.path() / "INJECTED2"));
}

// Judged under --en-passant legal, the replay must judge under it too, or every key is "same".
TEST(PrintedReplay, AUciEngineJudgedUnderAnotherEnPassantRuleReproduces) {
  TempDir dir;
  const RunResult r =
      check_then_replay({"--engine", ZV_PERFT_ENGINE, "--expect", "polyglot", "--en-passant",
                         "legal", "--property", "en-passant", "--cases", "30"},
                        dir.path());
  EXPECT_NE(r.out.find(": target vs the polyglot scheme\n"), std::string::npos) << r.out;
}

TEST(PrintedReplay, AnXboardEngineReproduces) {
  TempDir dir;
  const RunResult r =
      check_then_replay({"--engine", std::string(ZV_XBOARD_ENGINE) + " castling-bug", "--protocol",
                         "xboard", "--property", "castling", "--cases", "20"},
                        dir.path());
  EXPECT_NE(r.out.find("incremental vs fresh set_position"), std::string::npos) << r.out;
}

// A plugin that keys a FEN's en-passant square under `always` and a move's under pseudo-legal:
// replayed under that split rule it agrees with Polyglot everywhere, under one rule it does not.
TEST(ReplayEnPassant, ASplitRuleJudgesTheFensPositionAndTheMovesApart) {
  const std::string fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2";
  auto replay = [&](const std::string& rule) {
    return run_cli({"replay", "--plugin", plugin("zv_mutant_ep-always-when-set-from-fen"), "--fen",
                    fen, "--moves", "g1f3", "b8c6", "--expect", "polyglot", "--en-passant", rule,
                    "--no-isolation"});
  };
  const RunResult split = replay("fen=always,move=pseudo-legal");
  EXPECT_EQ(split.exit_code, 0) << split.out << split.err;
  const RunResult one_rule = replay("pseudo-legal");
  EXPECT_EQ(one_rule.exit_code, 1) << one_rule.out << one_rule.err;
  EXPECT_NE(one_rule.out.find("first difference at set_position " + fen +
                              ": target vs the polyglot scheme"),
            std::string::npos)
      << one_rule.out;
}

TEST(ReplayMoves, AWordHoldingTwoMovesIsSentAsTwoMoves) {
  const RunResult r = run_cli({"replay", "--plugin", plugin("zv_reference_plugin"), "--fen",
                               "startpos", "--moves", "e2e4 e7e5", "--no-isolation"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\nmake_move e7e5 (ply 2)\n"), std::string::npos) << r.out;
}

TEST(ReplayMoves, StandardCastlingAsKingTakesRookIsSentAsE1g1) {
  const RunResult r =
      run_cli({"replay", "--plugin", plugin("zv_reference_plugin"), "--fen",
               "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "--moves", "e1h1", "--no-isolation"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\nmake_move e1g1 (ply 1)\n"), std::string::npos) << r.out;
}

}  // namespace
