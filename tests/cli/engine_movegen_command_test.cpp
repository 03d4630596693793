// `zobrist-verify movegen` against the fake engine (tests/engines/fake_engine.py), which wraps
// Stockfish: a planted move-generation bug is caught and shrunk, and every fault of an engine ends
// as the issue asks: exit 2 with one `error:` line when it cannot be used at all, exit 1 with the
// position when it fails on one, and no engine process left behind either way. Needs
// /usr/games/stockfish and python3 (ci/setup installs them); each case skips without them.
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/movegen_runs.h"
#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::en_passant_field;
using testkit::have_stockfish;
using testkit::processes_with;
using testkit::run_cli;
using testkit::run_fake;
using testkit::RunResult;
using testkit::Stockfish;
using testkit::unique_tag;

TEST(MovegenCommand, AnEngineThatDropsEnPassantCapturesIsCaughtWithTheCaptureMissing) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const RunResult r = run_fake("drop-en-passant", unique_tag(), {"--json"});
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  // The first divergence, shrunk: a FEN with an en-passant square and no moves, or a double
  // push as the only move; either way the missing move is a pawn capture onto that square.
  const std::string& out = r.out;
  EXPECT_NE(out.find("\"first_divergences\": [{"), std::string::npos) << out;
  const std::size_t fen_at = out.find("\"fen\": \"", out.find("first_divergences"));
  const std::size_t missing_at = out.find("\"missing\": [\"", fen_at);
  ASSERT_NE(missing_at, std::string::npos) << out;
  const std::string fen = out.substr(fen_at + 8, out.find('"', fen_at + 8) - fen_at - 8);
  const std::string missing = out.substr(missing_at + 13, 4);
  // Field 4 of the FEN is the en-passant square, and the capture lands on it from a file beside.
  EXPECT_EQ(missing.substr(2, 2), en_passant_field(fen)) << out;
  EXPECT_EQ(std::abs(missing[0] - missing[2]), 1) << out;
  EXPECT_NE(out.find("\"extra\": []"), std::string::npos) << out;
}

TEST(MovegenCommand, AShrunkEnPassantDivergenceNeedsNoMoreThanOneMove) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const RunResult r = run_fake("drop-en-passant", unique_tag());
  ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
  // Every divergence line: "divergence N (shrunk): fen '...'" with at most one move after it.
  std::size_t at = 0;
  int divergences = 0;
  while ((at = r.out.find("(shrunk): fen '", at)) != std::string::npos) {
    const std::size_t end = r.out.find('\n', at);
    const std::string line = r.out.substr(at, end - at);
    const std::size_t moves = line.find("' moves ");
    if (moves != std::string::npos) {
      EXPECT_EQ(line.find(' ', moves + 8), std::string::npos) << line;
    }
    ++divergences;
    at = end;
  }
  EXPECT_GE(divergences, 1) << r.out;
}

TEST(MovegenCommand, AnEngineThatCrashesOnAPositionFailsWithThatPosition) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  const RunResult r = run_fake("crash 4", tag);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("fault at fen '"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Segmentation fault"), std::string::npos) << r.out;
  // The position crashes a fresh engine too: it is the position's fault, not the engine's past.
  EXPECT_NE(r.out.find("asked again alone on a fresh engine"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("engine faults"), std::string::npos) << r.out;
  EXPECT_EQ(processes_with(tag), 0);
}

// Issue 37, section 1: an engine that fails again soon after every fresh start is an error of the
// run (exit 2) within a few restarts, its faults quoted, and nothing is left running.
TEST(MovegenCommand, AnEngineThatCrashesSoonAfterEveryStartCannotBeUsed) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  const RunResult r = run_fake("crash-after 4", tag);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot be used: its faults were not repeated by a fresh engine"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("Segmentation fault"), std::string::npos) << r.err;
  EXPECT_EQ(processes_with(tag), 0);
}

// Issue 37, section 2: a hang after many positions in one process, with requests in flight, is
// one fault of the engine as a program: the positions in flight are answered by a fresh engine,
// and the run goes on.
TEST(MovegenCommand, AHangAfterManyPositionsIsOneEngineFaultAndTheRunGoesOn) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  const RunResult r = run_fake("hang-after 40", tag, {"--timeout", "1000", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"engine_faults\": 1,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"fault\": null"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"positions\": 60,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("depends on what the engine had been sent before"), std::string::npos)
      << r.out;
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenCommand, AnEngineThatHangsPastTheTimeoutFailsAndIsKilled) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  const RunResult r = run_fake("hang 4", tag, {"--timeout", "300"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("no 'Nodes searched:' line within 300 ms"), std::string::npos) << r.out;
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenCommand, GarbageInAPositionsDivideIsAFailureQuotingTheLine) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  const RunResult r = run_fake("garbage 6", tag, {"--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"fault\": {\"fen\": "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("this is not a perft line"), std::string::npos) << r.out;
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenCommand, AnEngineCrashingOnTheStartPositionIsUnusable) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const RunResult r = run_fake("crash 1", unique_tag());
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot answer perft on the start position"), std::string::npos) << r.err;
}

// A refusal (the target says it cannot take the FEN) is counted and quoted, and the run goes on;
// more than 5% of the positions given refused fails, as in `check`.
TEST(MovegenCommand, AnEngineRefusingOnePositionPassesWithTheRefusalCounted) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const RunResult r = run_fake("refuse 5", unique_tag());
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("refused ...... 1 of 60 positions given (1.7%, more than 5% fails)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("error: this engine cannot take that position"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("positions .... 59 compared"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("movegen: PASS"), std::string::npos) << r.out;
}

// Each refusal is waited on until the engine has been quiet for 200 ms: 20 positions (6 of them
// refused, far past the 5% that fails) show the counts as 60 did in twice the time.
TEST(MovegenCommand, AnEngineRefusingBlackToMoveFailsWithTheCounts) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const RunResult r = run_fake("refuse-black", unique_tag(), {"--json"}, 20);
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"passed\": false, \"given\": 20,"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"refused\": 0,"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Invalid position: Black to move is not supported"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"fault\": null"), std::string::npos) << r.out;
}

// movegen --xfen sends an engine Chess960 castling rights as X-FEN letters, as check does
// (issue 39, section 3): rooks on f and h, the king on g, are "KQkq", not Shredder's "HFhf".
TEST(MovegenXfen, AnEngineIsSentXfenCastlingLetters) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const testkit::TempDir dir;
  const std::string transcript = (dir.path() / "sent.txt").string();
  const RunResult r = run_cli({"movegen", "--engine", Stockfish, "--chess960", "--xfen", "--fen",
                               "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                               "--depth", "2", "--transcript", transcript});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const std::string sent = testkit::read_file(transcript);
  EXPECT_NE(sent.find("position fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - "
                      "2 9\n"),
            std::string::npos)
      << sent;
  EXPECT_EQ(sent.find("HFhf"), std::string::npos) << sent;
}

}  // namespace
}  // namespace zobrist_verify
