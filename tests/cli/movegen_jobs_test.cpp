// `zobrist-verify movegen --jobs N`: the positions are shared out among N plugin workers (or N
// engines) a block at a time, and the report is the one a single worker gives, timings aside:
// the same positions given, the same counts and mix, the same shrunk divergences, refusals and
// fault. No worker is left running. The cases with engines are in engine_movegen_jobs_test.cpp.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/movegen_runs.h"
#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::field;
using testkit::run_cli;
using testkit::RunResult;
using testkit::without_seconds;

struct PluginCase {
  const char* plugin;
  const char* positions;
  int exit_code;
};

class SamePluginReport : public ::testing::TestWithParam<PluginCase> {};

TEST_P(SamePluginReport, ForOneJobAndForThree) {
  const PluginCase c = GetParam();
  std::vector<std::string> reports;
  for (const char* jobs : {"1", "3"}) {
    const RunResult r = run_cli({"movegen", "--plugin", test_plugin(c.plugin), "--positions",
                                 c.positions, "--jobs", jobs, "--json"});
    ASSERT_EQ(r.exit_code, c.exit_code) << "--jobs " << jobs << "\n" << r.out << r.err;
    reports.push_back(without_seconds(r.out));
  }
  EXPECT_EQ(reports[0], reports[1]);
}

// A run that passes, one whose divergences are shrunk, one whose plugin refuses positions, and
// one whose plugin crashes: each over a count of positions that ends inside a block.
INSTANTIATE_TEST_SUITE_P(Plugins, SamePluginReport,
                         ::testing::Values(PluginCase{"zv_reference_plugin", "777", 0},
                                           PluginCase{"zv_drops_en_passant_plugin", "1500", 1},
                                           PluginCase{"zv_refuses_black_plugin", "301", 1},
                                           PluginCase{"zv_refuses_en_passant_plugin", "613", 0},
                                           PluginCase{"zv_movegen_crash_plugin", "400", 1}),
                         [](const auto& info) { return std::string(info.param.plugin).substr(3); });

TEST(MovegenJobs, TheRunGivesExactlyThePositionsAskedForAndShrinksWhatItFinds) {
  const RunResult one = run_cli({"movegen", "--plugin", test_plugin("zv_drops_en_passant_plugin"),
                                 "--positions", "1234", "--jobs", "1", "--json"});
  const RunResult three = run_cli({"movegen", "--plugin", test_plugin("zv_drops_en_passant_plugin"),
                                   "--positions", "1234", "--jobs", "3", "--json"});
  ASSERT_EQ(one.exit_code, 1) << one.out << one.err;
  EXPECT_EQ(field(one.out, "given"), 1234) << one.out;
  EXPECT_EQ(field(three.out, "given"), 1234) << three.out;
  EXPECT_GT(field(one.out, "divergences"), 5) << one.out;
  // The first five divergences are shrunk.
  EXPECT_EQ(testkit::search_all(one.out, "\"shrunk\": true").size(), 5U) << one.out;
  EXPECT_EQ(without_seconds(one.out), without_seconds(three.out));
}

TEST(MovegenJobs, ACrashEndsTheRunAtTheSamePositionForEveryNumberOfWorkers) {
  std::vector<std::string> faults;
  for (const char* jobs : {"1", "2", "4"}) {
    const RunResult r = run_cli({"movegen", "--plugin", test_plugin("zv_movegen_crash_plugin"),
                                 "--positions", "3000", "--jobs", jobs});
    ASSERT_EQ(r.exit_code, 1) << r.out << r.err;
    const std::size_t at = r.out.find("fault at ");
    ASSERT_NE(at, std::string::npos) << r.out;
    faults.push_back(r.out.substr(at, r.out.find('\n', at) - at));
    EXPECT_NE(faults.back().find("crashed in its divide"), std::string::npos) << r.out;
  }
  EXPECT_EQ(faults[0], faults[1]);
  EXPECT_EQ(faults[0], faults[2]);
}

TEST(MovegenJobs, JobsWithNoIsolationIsAUsageError) {
  const RunResult r = run_cli(
      {"movegen", "--plugin", test_plugin("zv_reference_plugin"), "--no-isolation", "--jobs", "2"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--no-isolation"), std::string::npos) << r.err;
  const RunResult zero =
      run_cli({"movegen", "--plugin", test_plugin("zv_reference_plugin"), "--jobs", "0"});
  EXPECT_EQ(zero.exit_code, 2) << zero.out << zero.err;
}

}  // namespace
}  // namespace zobrist_verify
