// --jobs N: the same report for every N, timings aside (issue 23), on the reference's whole
// catalogue, a mutant with a counterexample and a plugin that breaks; and --jobs's usage errors.
#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "cli_runner.h"

namespace {

using zobrist_verify::testing::run_cli;
using zobrist_verify::testing::RunResult;

// The JSON report with every "seconds" value blanked: the one thing that may differ.
std::string without_timings(const std::string& json) {
  static const std::regex seconds(R"("seconds": [0-9.e+-]+)");
  return std::regex_replace(json, seconds, R"("seconds": _)");
}

// `check` with --jobs 1 and with `jobs`, both JSON; their reports must be the same.
void expect_same_report(std::vector<std::string> args, const std::string& jobs, int expected_exit) {
  args.push_back("--json");
  std::vector<std::string> one = args, many = args;
  one.insert(one.end(), {"--jobs", "1"});
  many.insert(many.end(), {"--jobs", jobs});
  const RunResult a = run_cli(one), b = run_cli(many);
  EXPECT_EQ(a.exit_code, expected_exit) << a.out << a.err;
  EXPECT_EQ(b.exit_code, expected_exit) << b.out << b.err;
  EXPECT_EQ(without_timings(b.out), without_timings(a.out));
  EXPECT_NE(a.out.find("\"properties\": ["), std::string::npos) << a.out;
}

TEST(CheckJobs, TheWholeCatalogueGivesTheSameReportWithThreeJobs) {
  expect_same_report({"check", "--cases", "15"}, "3", 0);
}

TEST(CheckJobs, AMutantsCounterexamplesAreTheSameWithTwoJobs) {
  // A mutant caught by several properties: counterexamples, shrinking and their order.
  expect_same_report({"check", "--mutant", "ep-kept-after-pawn-reply", "--cases", "40"}, "2", 1);
}

TEST(CheckJobs, APluginWithABrokenSideGivesTheSameReportWithTwoJobs) {
  // It folds the halfmove clock in for one side only: three properties fail.
  expect_same_report(
      {"check", "--plugin", std::string(ZV_PLUGIN_DIR) + "/zv_clock_fold_broken_side_plugin.so",
       "--cases", "25"},
      "2", 1);
}

TEST(CheckJobs, TheTextReportShowsTheSameRowsInTheSameOrder) {
  const RunResult a = run_cli({"check", "--cases", "10", "--jobs", "1"});
  const RunResult b = run_cli({"check", "--cases", "10", "--jobs", "2"});
  ASSERT_EQ(a.exit_code, 0) << a.out;
  ASSERT_EQ(b.exit_code, 0) << b.out;
  // Each row's name and status, in order (the detail column carries timings).
  static const std::regex row(R"((\S+ \S+) \.+ (PASS|FAIL|WARN|SKIP))");
  auto rows = [](const std::string& text) {
    std::vector<std::string> out;
    for (auto it = std::sregex_iterator(text.begin(), text.end(), row);
         it != std::sregex_iterator(); ++it)
      out.push_back((*it)[1].str() + " " + (*it)[2].str());
    return out;
  };
  EXPECT_GT(rows(a.out).size(), 40U) << a.out;
  EXPECT_EQ(rows(b.out), rows(a.out));
}

TEST(MutantsJobs, TheCatalogueGivesTheSameReportWithTwoJobs) {
  const RunResult a = run_cli({"mutants", "--cases", "30", "--json", "--jobs", "1"});
  const RunResult b = run_cli({"mutants", "--cases", "30", "--json", "--jobs", "2"});
  EXPECT_EQ(a.exit_code, 0) << a.out << a.err;
  EXPECT_EQ(b.exit_code, 0) << b.out << b.err;
  EXPECT_NE(a.out.find("\"killed_by\": \""), std::string::npos) << a.out;
  EXPECT_EQ(without_timings(b.out), without_timings(a.out));
}

TEST(CheckJobs, ABadJobCountIsAUsageError) {
  for (const char* bad : {"0", "-1", "two", "1025"}) {
    for (const char* command : {"check", "mutants"}) {
      const RunResult run = run_cli({command, "--cases", "1", "--jobs", bad});
      EXPECT_EQ(run.exit_code, 2) << command << " " << bad;
      EXPECT_NE(run.err.find("--jobs"), std::string::npos) << run.err;
    }
  }
}

TEST(CheckJobs, SeveralJobsThroughOneEngineOrInProcessPluginAreRefused) {
  const RunResult engine =
      run_cli({"check", "--engine", "/nonexistent-engine", "--jobs", "2", "--cases", "1"});
  EXPECT_EQ(engine.exit_code, 2);
  EXPECT_NE(engine.err.find("--jobs 2 with --engine"), std::string::npos) << engine.err;
  const RunResult plugin =
      run_cli({"check", "--plugin", std::string(ZV_PLUGIN_DIR) + "/zv_drops_en_passant_plugin.so",
               "--no-isolation", "--jobs", "2", "--cases", "1"});
  EXPECT_EQ(plugin.exit_code, 2);
  EXPECT_NE(plugin.err.find("--jobs 2 with --no-isolation"), std::string::npos) << plugin.err;
}

}  // namespace
