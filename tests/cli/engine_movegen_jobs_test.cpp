// `zobrist-verify movegen --jobs N` with engines: N engines share the positions a block at a time,
// the report is the one a single engine gives, timings aside, and no engine is left running.
// Needs /usr/games/stockfish and python3 (ci/setup installs them); each case skips without them.
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/movegen_runs.h"
#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::FakeEngine;
using testkit::field;
using testkit::have_stockfish;
using testkit::processes_with;
using testkit::run_cli;
using testkit::RunResult;
using testkit::Stockfish;
using testkit::unique_tag;
using testkit::without_seconds;

TEST(MovegenJobs, AnEngineDoorGivesTheSameReportWithThreeEnginesAndLeavesNoneBehind) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish << " and python3";
  const std::string tag = unique_tag();
  std::vector<std::string> reports;
  for (const char* jobs : {"1", "3"}) {
    const RunResult r =
        run_cli({"movegen", "--engine", FakeEngine + " drop-en-passant --tag " + tag, "--positions",
                 "250", "--jobs", jobs, "--json"});
    ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_EQ(field(r.out, "given"), 250) << r.out;
    reports.push_back(without_seconds(r.out));
  }
  EXPECT_EQ(reports[0], reports[1]);
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenJobs, StockfishAgreesWithTheReferenceOverFourEngines) {
  if (!have_stockfish()) GTEST_SKIP() << "needs " << Stockfish;
  const RunResult r = run_cli({"movegen", "--engine", Stockfish, "--positions", "3000", "--depth",
                               "2", "--jobs", "4", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(field(r.out, "given"), 3000) << r.out;
  EXPECT_EQ(field(r.out, "positions"), 3000) << r.out;
}

}  // namespace
}  // namespace zobrist_verify
