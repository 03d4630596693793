// The go and uttt commands and `check --game`, run as a user runs them. Expected keys are derived
// by hand from the seeds' definitions (the empty board hashes to 0, the side star points XOR to
// 0), never printed by the program first.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"
#include "zobrist_verify/go/go_hash.h"
#include "zobrist_verify/uttt/uttt.h"

namespace {

using zobrist_verify::testkit::run_cli;

TEST(GoKeyCommand, TheEmptyBoardHashesToZero) {
  const auto r = run_cli({"go", "key"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "0000000000000000\n");
}

TEST(GoKeyCommand, TheFourSideStarPointsHashToZeroInXorModeOnly) {
  const auto xor_run = run_cli({"go", "key", "--black", "D10", "K16", "Q10", "K4"});
  EXPECT_EQ(xor_run.exit_code, 0) << xor_run.err;
  EXPECT_EQ(xor_run.out, "0000000000000000\n");
  const auto add_run =
      run_cli({"go", "key", "--combine", "add", "--black", "D10", "K16", "Q10", "K4"});
  EXPECT_EQ(add_run.exit_code, 0) << add_run.err;
  EXPECT_NE(add_run.out, "0000000000000000\n");
  EXPECT_EQ(add_run.out.size(), 17u);
}

TEST(GoKeyCommand, OneStoneIsItsTableKeyAndTheSeedChangesIt) {
  auto table = zobrist_verify::GoKeyTable::build(19, 7);
  ASSERT_TRUE(table);
  const auto r = run_cli({"go", "key", "--key-seed", "7", "--white", "C3"});
  EXPECT_EQ(r.out, zv_test::hex(table->white({2, 2})) + "\n") << r.err;
}

TEST(GoKeyCommand, TransformsAgreeOnTheBuiltInTable) {
  const auto r = run_cli({"go", "key", "--black", "D4", "C3", "--white", "Q16", "--transforms"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 18);  // key, header, 16 transforms
  EXPECT_NE(r.out.find("rho^3 mu kappa"), std::string::npos);
  EXPECT_EQ(r.out.find("differ"), std::string::npos) << r.out;
}

TEST(GoKeyCommand, BadPointsSizesAndModesAreUsageErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"go", "key", "--black", "I5"},
        {"go", "key", "--black", "U1"},
        {"go", "key", "--size", "18"},
        {"go", "key", "--size", "27"},
        {"go", "key", "--combine", "or"},
        {"go", "key", "--black", "D4", "--white", "D4"},
        {"go", "key", "--key-seed", "0"},
        {"go", "nonsense"},
        {"go"}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args.back();
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  }
  EXPECT_NE(run_cli({"go", "key", "--black", "I5"}).err.find("'I' is not a column"),
            std::string::npos);
}

// The command's peak resident memory in kilobytes (wait4's ru_maxrss), output discarded; -1 if
// it did not exit 0.
long peak_kilobytes(std::vector<std::string> args) {
  std::string program = ZV_CLI_PATH;
  std::vector<char*> argv{program.data()};
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    const int null = open("/dev/null", O_WRONLY);
    if (null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(127);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (child < 0 || wait4(child, &status, 0, &usage) != child) return -1;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? usage.ru_maxrss : -1;
}

// 24 bytes a sample: a million samples need 24 MB above the program's own few megabytes, where
// keeping every position as text took hundreds.
TEST(GoStudyCommand, AMillionSamplesStayUnderFortyMegabytes) {
  const long kilobytes = peak_kilobytes({"go", "study", "--size", "5", "--samples", "1000000"});
  ASSERT_GT(kilobytes, 0);
  EXPECT_LT(kilobytes, 40 * 1024);
}

TEST(GoStudyCommand, SampleCountsOutsideOneToTenMillionAreUsageErrors) {
  for (const char* samples : {"0", "10000001", "-5"}) {
    const auto r = run_cli({"go", "study", "--samples", samples});
    EXPECT_EQ(r.exit_code, 2) << samples;
    EXPECT_NE(r.err.find("--samples expects a whole number from 1 to 10000000"), std::string::npos)
        << r.err;
  }
}

TEST(UtttKeyCommand, TheEmptyBoardHashesToZeroAndAMoveAddsItsThreeKeys) {
  EXPECT_EQ(run_cli({"uttt", "key"}).out, "0000000000000000\n");
  auto keys = zobrist_verify::uttt_keys();
  ASSERT_TRUE(keys);
  // X on the centre of the centre board: the square, "sent to board 5", O to move.
  const auto r = run_cli({"uttt", "key", "--moves", "5:5"});
  EXPECT_EQ(r.out, zv_test::hex(keys->square[0][40] ^ keys->sent[4] ^ keys->side) + "\n") << r.err;
}

// The seed of a key table is --key-seed (issue 38, section 5): --seed is what a run draws its
// cases, positions or games from (check, mutants, movegen, collisions), not a hash's table.
TEST(UtttKeyCommand, KeySeedDrawsTheTableAndSeedIsNoOptionOfTheGames) {
  auto keys = zobrist_verify::uttt_keys(7);
  ASSERT_TRUE(keys);
  const auto r = run_cli({"uttt", "key", "--key-seed", "7", "--moves", "5:5"});
  EXPECT_EQ(r.out, zv_test::hex(keys->square[0][40] ^ keys->sent[4] ^ keys->side) + "\n") << r.err;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"uttt", "key", "--seed", "7"}, {"go", "key", "--seed", "7"}}) {
    const auto old = run_cli(args);
    EXPECT_EQ(old.exit_code, 2) << args[0];
    EXPECT_EQ(old.err, "error: unknown option '--seed' (see --help)\n");
  }
  EXPECT_EQ(run_cli({"go", "key", "--key-seed", "0"}).err,
            "error: --key-seed 0 is not allowed (xorshift64* would only ever give 0)\n");
}

TEST(UtttKeyCommand, AnIllegalMoveIsAUsageErrorNamingTheMoveAndWhy) {
  const auto r = run_cli({"uttt", "key", "--moves", "5:5", "2:1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err,
            "error: --moves: move 2:1: the player to move was sent to board 5 (move 2 of 2)\n");
  const auto bad = run_cli({"uttt", "key", "--moves", "5-5"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("expected B:C"), std::string::npos) << bad.err;
}

TEST(CheckGame, GoRunsOnlyGoPropertiesNamedWithTheirGame) {
  const auto r = run_cli({"check", "--game", "go", "--cases", "10"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("go:symmetry"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("go:19 add"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("reference:polyglot"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("uttt:"), std::string::npos) << r.out;
}

TEST(CheckGame, UtttJsonReportHasItsProperties) {
  const auto r = run_cli({"check", "--game", "uttt", "--cases", "10", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"uttt:closed-board-equivalence\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"passed\": true"), std::string::npos) << r.out;
}

TEST(CheckGame, ChessDoorsWithAnotherGameAreUsageErrors) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"check", "--game", "go", "--plugin", "x.so"},
        {"check", "--game", "uttt", "--scheme", "polyglot"},
        {"check", "--game", "go", "--expect", "polyglot"},
        {"check", "--game", "go", "--mutant", "x"},
        {"check", "--game", "checkers"}}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args[3];
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  }
}

TEST(CheckGame, PropertyNamesSelectGameProperties) {
  const auto r = run_cli({"check", "--property", "uttt:reversibility", "--cases", "5"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("uttt:reversibility"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("check: 1 passed"), std::string::npos) << r.out;
}

}  // namespace
