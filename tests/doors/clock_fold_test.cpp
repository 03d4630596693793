// Keys that fold the halfmove clock in: the reference behind a plugin, keyed as Stockfish's `d`
// prints it (from clock 14 on), with null moves. A null move raises the clock, so a property
// that compares keys across one without the clock would fail this correct target; every
// property must pass it, and still catch the same target with its side term dropped.
#include <gtest/gtest.h>

#include "cli_runner.h"

namespace {

using namespace zobrist_verify::testkit;

// 300 cases: side-to-move's old false alarm on a key that folds the clock (a null move judged
// against the key before it, across a fold) came after 35.
TEST(ClockFold, TheFoldingReferencePassesEveryProperty) {
  const RunResult r =
      run_cli({"check", "--plugin", test_plugin("zv_clock_fold_plugin"), "--cases", "300"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("halfmove clock dependent"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" 0 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST(ClockFold, TheSamePluginWithoutItsSideTermFailsTheSideToMoveProperty) {
  const RunResult r = run_cli({"check", "--plugin", test_plugin("zv_clock_fold_broken_side_plugin"),
                               "--cases", "1000", "--property", "side-to-move"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("side-to-move ..."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FAIL"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("same key with either side to move"), std::string::npos) << r.out;
}

}  // namespace
