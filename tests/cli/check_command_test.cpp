// `zobrist-verify check`: exit codes, the report forms and the JUnit file, run as a process.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace {

using zobrist_verify::testkit::RunResult;

// Runs the CLI without a shell (tests/cli_runner.h), the arguments split at spaces.
RunResult run_cli_split(const std::string& arguments) {
  std::vector<std::string> words;
  std::istringstream in(arguments);
  for (std::string word; in >> word;) words.push_back(word);
  return zobrist_verify::testkit::run_cli(words);
}

std::string temp_path(const std::string& name) {
  return (testing::TempDir().empty() ? std::string("/tmp/") : testing::TempDir()) + name;
}

TEST(CheckCommand, AllPropertiesOfOneSchemePassWithExitZero) {
  const RunResult run = run_cli_split("check --scheme stockfish --cases 20");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("reference:stockfish castling "), std::string::npos);
  // One PASS row per property of the catalogue, and the summary counts them all.
  const int rows = zv_test::count_of(run.out, " PASS ");
  EXPECT_GT(rows, 1) << run.out;
  EXPECT_NE(run.out.find("check: " + std::to_string(rows) + " passed, 0 failed, 0 skipped\n"),
            std::string::npos)
      << run.out;
}

TEST(CheckCommand, WithoutSchemeChecksEveryBuiltInScheme) {
  const RunResult run = run_cli_split("check --cases 5 --property side-to-move");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  for (const std::string& name : zobrist_verify::builtin_scheme_names())
    EXPECT_NE(run.out.find("reference:" + name + " side-to-move ."), std::string::npos) << name;
  const std::string rows = std::to_string(zobrist_verify::builtin_schemes().size());
  EXPECT_NE(run.out.find("check: " + rows + " passed, 0 failed, 0 skipped\n"), std::string::npos)
      << run.out;
}

TEST(CheckCommand, LinesAreAlignedWithDots) {
  const RunResult run =
      run_cli_split("check --scheme rustic --cases 5 --property castling,en-passant");
  EXPECT_NE(run.out.find("reference:rustic en-passant ......"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" PASS  5 cases"), std::string::npos) << run.out;
}

TEST(CheckCommand, JsonHasPassedAndProperties) {
  const RunResult run = run_cli_split("check --scheme seed:7 --cases 5 --property castling --json");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_EQ(run.out.rfind("{\"passed\": true, \"counts\": {\"passed\": 1, \"failed\": 0, "
                          "\"skipped\": 0, \"warned\": 0}, "
                          "\"properties\": [",
                          0),
            0u)
      << run.out;
  EXPECT_NE(run.out.find("\"name\": \"castling\""), std::string::npos);
  EXPECT_NE(run.out.find("\"cases\": 5"), std::string::npos);
}

TEST(CheckCommand, JunitFileIsWritten) {
  const std::string path = temp_path("zv_check_junit.xml");
  std::remove(path.c_str());
  const RunResult run =
      run_cli_split("check --scheme polyglot --cases 5 --property castling --junit " + path);
  EXPECT_EQ(run.exit_code, 0);
  std::ifstream in(path);
  std::stringstream xml;
  xml << in.rdbuf();
  EXPECT_NE(xml.str().find("<testcase classname=\"reference:polyglot\" name=\"castling\""),
            std::string::npos)
      << xml.str();
}

// The JUnit file has the run's header too: its seed and cases as properties of every suite, and
// the text report's head in each suite's <system-out>.
TEST(CheckCommand, JunitFileCarriesTheHeadOfTheTextReport) {
  const std::string path = temp_path("zv_check_junit_head.xml");
  std::remove(path.c_str());
  const RunResult run = run_cli_split(
      "check --scheme polyglot --cases 5 --seed 0xabc --property castling --junit " + path);
  EXPECT_EQ(run.exit_code, 0);
  std::ifstream in(path);
  std::stringstream xml;
  xml << in.rdbuf();
  const std::string head = run.out.substr(0, run.out.find('\n') + 1);
  EXPECT_EQ(head.rfind("zobrist-verify ", 0), 0u) << run.out;
  EXPECT_NE(xml.str().find("<system-out>" + head + "</system-out>"), std::string::npos)
      << head << xml.str();
  EXPECT_NE(xml.str().find("<property name=\"seed\" value=\"0000000000000abc\"/>"),
            std::string::npos)
      << xml.str();
  EXPECT_NE(xml.str().find("<property name=\"cases\" value=\"5\"/>"), std::string::npos)
      << xml.str();
}

TEST(CheckCommand, UnknownPropertyIsAUsageError) {
  EXPECT_EQ(run_cli_split("check --property no-such").exit_code, 2);
}

TEST(CheckCommand, UnknownSchemeIsAUsageError) {
  EXPECT_EQ(run_cli_split("check --scheme nope").exit_code, 2);
}

TEST(CheckCommand, BadCaseCountIsAUsageError) {
  EXPECT_EQ(run_cli_split("check --cases 0").exit_code, 2);
  EXPECT_EQ(run_cli_split("check --cases many").exit_code, 2);
}

TEST(CheckCommand, UnwritableJunitPathIsAUsageError) {
  EXPECT_EQ(run_cli_split("check --junit /nonexistent-dir/x.xml").exit_code, 2);
}

TEST(CheckCommand, SeedIsPrintedAndAcceptedInHex) {
  const RunResult run =
      run_cli_split("check --scheme polyglot --cases 3 --seed 0xabc --property castling");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("seed 0000000000000abc"), std::string::npos) << run.out;
}

TEST(CheckCommand, HelpListsTheProperties) {
  const RunResult run = run_cli_split("check --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("unequal-positions-unequal-keys"), std::string::npos);
}

// The memory a run needs is the run's business: a sweep larger than the address space allows
// (ulimit -v) is cut to what fits, and says so, where it once threw std::bad_alloc and failed the
// built-in reference with a counterexample of two zero keys.
TEST(CheckCommand, ASweepLargerThanMemoryAllowsIsCutAndSaysSo) {
  rlimit before{};
  ASSERT_EQ(::getrlimit(RLIMIT_AS, &before), 0);
  rlimit limited = before;
  limited.rlim_cur = rlim_t(200) << 20;
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &limited), 0);
  const RunResult r = run_cli_split(
      "check --scheme polyglot --property unequal-positions-unequal-keys --cases 100000 --jobs 1");
  ASSERT_EQ(::setrlimit(RLIMIT_AS, &before), 0);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("sweep cut from 100000000 to "), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("bad_alloc"), std::string::npos) << r.out;
}

}  // namespace
