// `collisions --jobs N` and `keys --jobs N` (issue 23): the same report, text and JSON, for
// every N; and --jobs's usage errors and help entry in both commands.
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::testkit {
namespace {

// The command's output with --jobs 1, 2 and 3 (neither report has a timing field): all three
// must be the same, and exit with `expected_exit`. Returns the --jobs 1 output.
std::string expect_same_output(const std::vector<std::string>& args, int expected_exit) {
  std::vector<std::string> outputs;
  for (const char* jobs : {"1", "2", "3"}) {
    std::vector<std::string> with_jobs = args;
    with_jobs.insert(with_jobs.end(), {"--jobs", jobs});
    const RunResult run = run_cli(with_jobs);
    EXPECT_EQ(run.exit_code, expected_exit) << "--jobs " << jobs << ": " << run.err;
    outputs.push_back(run.out);
  }
  EXPECT_EQ(outputs[1], outputs[0]) << "--jobs 2 against --jobs 1";
  EXPECT_EQ(outputs[2], outputs[0]) << "--jobs 3 against --jobs 1";
  return outputs[0];
}

std::string key_lines(const std::vector<Key>& keys) {
  std::string text;
  char line[32];
  for (Key key : keys) {
    std::snprintf(line, sizeof line, "%016llx\n", static_cast<unsigned long long>(key));
    text += line;
  }
  return text;
}

std::vector<Key> mixed_keys(std::size_t count, std::uint64_t seed) {
  std::vector<Key> keys;
  SplitMix64 rng(seed);
  for (std::size_t i = 0; i < count; ++i) keys.push_back(rng.next());
  return keys;
}

TEST(CollisionsJobs, TheJsonReportIsTheSameForOneTwoAndThreeJobs) {
  const std::string json = expect_same_output(
      {"collisions", "--scheme", "polyglot", "--positions", "150000", "--json"}, 0);
  EXPECT_NE(json.find("\"positions\": 150000"), std::string::npos) << json;
}

TEST(CollisionsJobs, TheTextReportIsTheSameForOneTwoAndThreeJobs) {
  const std::string text = expect_same_output({"collisions", "--scheme", "stockfish", "--positions",
                                               "60000", "--bits", "12-30", "--seed", "7"},
                                              0);
  EXPECT_NE(text.find("60000 distinct positions from"), std::string::npos) << text;
}

TEST(KeysJobs, TheJsonReportOfADependentKeyListIsTheSameForOneTwoAndThreeJobs) {
  // Two triples, in rows far apart: the first is reported and both are counted.
  TempDir dir;
  std::vector<Key> keys = mixed_keys(500, 11);
  keys[450] = keys[3] ^ keys[400];
  keys[499] = keys[200] ^ keys[498];
  write_file(dir.path() / "k.txt", key_lines(keys));
  const std::string json =
      expect_same_output({"keys", "--key-list", (dir.path() / "k.txt").string(), "--json"}, 1);
  EXPECT_NE(json.find("\"indices\": [3, 400, 450]"), std::string::npos) << json;
  EXPECT_NE(json.find("\"count\": 2,"), std::string::npos) << json;
}

TEST(KeysJobs, ASearchCutByItsBudgetGivesTheSameReportForOneTwoAndThreeJobs) {
  TempDir dir;
  std::vector<Key> keys = mixed_keys(2000, 12);
  keys[1500] = keys[2] ^ keys[1000];
  write_file(dir.path() / "k.txt", key_lines(keys));
  const std::string json = expect_same_output(
      {"keys", "--key-list", (dir.path() / "k.txt").string(), "--search-budget", "7000", "--json"},
      1);
  EXPECT_NE(json.find("\"pairs_examined\": 7000"), std::string::npos) << json;
  EXPECT_NE(json.find("\"indices\": [2, 1000, 1500]"), std::string::npos) << json;
}

TEST(KeysJobs, TheGoTableGivesTheSameTextReportForOneTwoAndThreeJobs) {
  const std::string text = expect_same_output({"keys", "--scheme", "go:9"}, 1);
  EXPECT_NE(text.find("4 keys XOR to zero"), std::string::npos) << text;
}

// run_cli with the command's address space limited to `bytes`: the soft limit is lowered here
// for the fork to inherit, and put back.
RunResult run_cli_within(rlim_t bytes, const std::vector<std::string>& args) {
  rlimit saved{};
  if (getrlimit(RLIMIT_AS, &saved) != 0) return {};
  rlimit limited = saved;
  limited.rlim_cur = std::min(bytes, saved.rlim_max);
  if (setrlimit(RLIMIT_AS, &limited) != 0) return {};
  RunResult run = run_cli(args);
  EXPECT_EQ(setrlimit(RLIMIT_AS, &saved), 0);
  return run;
}

TEST(CollisionsJobs, RunningOutOfMemoryIsAnErrorNotACrashAtAnyJobs) {
  // 100 million positions need some 2.6 GB: 512 MB runs out (in the reservation or a worker).
  for (const char* jobs : {"1", "3"}) {
    const RunResult run = run_cli_within(
        std::size_t{512} << 20, {"collisions", "--positions", "100000000", "--jobs", jobs});
    EXPECT_EQ(run.exit_code, 2) << "--jobs " << jobs << ": " << run.err;
    EXPECT_EQ(run.err.rfind("error: out of memory studying 100000000 positions", 0), 0u) << run.err;
    EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;  // that line alone
    EXPECT_EQ(run.out, "");
  }
}

TEST(AnalysisJobs, ABadJobCountIsAUsageErrorThatNamesJobs) {
  for (const char* bad : {"0", "-2", "many", "1025"}) {
    for (const std::vector<std::string>& command :
         {std::vector<std::string>{"collisions", "--positions", "100"},
          std::vector<std::string>{"keys", "--scheme", "go:5"}}) {
      std::vector<std::string> args = command;
      args.insert(args.end(), {"--jobs", bad});
      const RunResult run = run_cli(args);
      EXPECT_EQ(run.exit_code, 2) << command[0] << " --jobs " << bad;
      EXPECT_NE(run.err.find("--jobs"), std::string::npos) << run.err;
      EXPECT_EQ(run.out, "") << command[0];
    }
  }
}

TEST(AnalysisJobs, BothHelpsDescribeJobs) {
  for (const char* command : {"collisions", "keys"}) {
    const RunResult run = run_cli({command, "--help"});
    EXPECT_EQ(run.exit_code, 0);
    EXPECT_NE(run.out.find("[--jobs N]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("  --jobs N"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("the same for every N"), std::string::npos) << run.out;
  }
}

}  // namespace
}  // namespace zobrist_verify::testkit
