// --jobs N: the same report for every N, timings aside (issue 23), on the reference's whole
// catalogue, a mutant with a counterexample and a plugin that breaks; and --jobs's usage errors.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "text_patterns.h"

namespace {

using zobrist_verify::testkit::run_cli;
namespace fs = std::filesystem;
using zobrist_verify::testkit::RunResult;

// The JSON report with every "seconds" value blanked: the one thing that may differ.
std::string without_timings(const std::string& json) {
  return zobrist_verify::testkit::replace_all(json, R"("seconds": [0-9.e+-]+)", R"("seconds": _)");
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

// Property 4's sweep is split across the workers (core/sweep.h): the positions counted, the mix
// and the first failing pair are the same as one process finds them.
TEST(CheckJobs, TheSweepAloneGivesTheSameRowWithThreeJobs) {
  const std::string sweep = "unequal-positions-unequal-keys";
  expect_same_report({"check", "--scheme", "polyglot", "--property", sweep}, "3", 0);
  expect_same_report({"check", "--game", "uttt", "--property", "uttt:" + sweep}, "3", 0);
}

TEST(CheckJobs, ASweepsCollisionIsTheSamePairWithThreeJobs) {
  // The mutant with no side-to-move key: the sweep finds two positions that share a key.
  const std::vector<std::string> args = {"check", "--mutant", "no-side-key", "--property",
                                         "unequal-positions-unequal-keys"};
  expect_same_report(args, "3", 1);
  std::vector<std::string> json = args;
  json.insert(json.end(), {"--json", "--jobs", "3"});
  const RunResult run = run_cli(json);
  EXPECT_NE(run.out.find("\"comparison\": \"different-keys\""), std::string::npos) << run.out;
}

TEST(CheckJobs, TheTextReportShowsTheSameRowsInTheSameOrder) {
  const RunResult a = run_cli({"check", "--cases", "10", "--jobs", "1"});
  const RunResult b = run_cli({"check", "--cases", "10", "--jobs", "2"});
  ASSERT_EQ(a.exit_code, 0) << a.out;
  ASSERT_EQ(b.exit_code, 0) << b.out;
  // Each row's name and status, in order (the detail column carries timings).
  auto rows = [](const std::string& text) {
    std::vector<std::string> out;
    for (const auto& row :
         zobrist_verify::testkit::search_all(text, R"((\S+ \S+) \.+ (PASS|FAIL|WARN|SKIP))"))
      out.push_back(row[1] + " " + row[2]);
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

// A copy of the fake engine under a path of its own, so that its processes can be told from
// those of tests running beside this one.
class EngineCopy {
 public:
  EngineCopy() {
    path_ = dir_.path() / "tripwire-engine";
    fs::copy_file(ZV_TRIPWIRE_ENGINE, path_);
    fs::permissions(path_, fs::perms::owner_all);
  }
  const fs::path& path() const { return path_; }
  // Processes (not yet reaped zombies aside) running this copy.
  int running() const {
    int count = 0;
    for (const fs::directory_entry& entry : fs::directory_iterator("/proc")) {
      std::error_code error;
      const fs::path exe = fs::read_symlink(entry.path() / "exe", error);
      if (!error && exe == path_) ++count;
    }
    return count;
  }

 private:
  zobrist_verify::testkit::TempDir dir_;
  fs::path path_;
};

// The engine's count of positions answered is work done, like a timing: each worker's engine is
// shown each FEN afresh. Everything else must be the same.
std::string without_answer_counts(const std::string& json) {
  return zobrist_verify::testkit::replace_all(without_timings(json),
                                              R"(engine: [0-9]+ positions answered)",
                                              "engine: _ positions answered");
}

TEST(CheckJobs, AnEngineCheckedByThreeWorkersGivesTheSameReportAndLeavesNoEngine) {
  EngineCopy engine;
  const std::vector<std::string> args = {"check",    "--engine", engine.path().string(),
                                         "--expect", "polyglot", "--cases",
                                         "15",       "--json"};
  std::vector<std::string> one = args, three = args;
  one.insert(one.end(), {"--jobs", "1"});
  three.insert(three.end(), {"--jobs", "3"});
  const RunResult a = run_cli(one), b = run_cli(three);
  EXPECT_EQ(a.exit_code, 0) << a.out << a.err;
  EXPECT_EQ(b.exit_code, 0) << b.out << b.err;
  EXPECT_EQ(without_answer_counts(b.out), without_answer_counts(a.out));
  // The workers' engines answered too: the note adds them up.
  const auto answered =
      zobrist_verify::testkit::search(b.out, R"(engine: ([0-9]+) positions answered)");
  ASSERT_TRUE(answered) << b.out;
  EXPECT_GT(std::stoull((*answered)[1]), 1000U) << b.out;
  EXPECT_EQ(engine.running(), 0);
}

TEST(CheckJobs, AnInterruptedRunLeavesNoWorkerAndNoEngine) {
  EngineCopy engine;
  const std::string cli = ZV_CLI_PATH, path = engine.path().string();
  std::vector<const char*> argv = {cli.c_str(), "check",  "--engine", path.c_str(), "--cases",
                                   "100000",    "--jobs", "2",        nullptr};
  const pid_t child = ::fork();
  if (child == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execv(argv[0], const_cast<char* const*>(argv.data()));
    ::_exit(127);
  }
  ASSERT_GT(child, 0);
  // Until the workers' engines run (three engines: the door's own and one per worker). The count
  // judged is the one the loop saw: an engine started for a moment (convention detection's) can
  // be gone by a second look.
  int running = 0;
  for (int i = 0; i < 200 && (running = engine.running()) < 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_GE(running, 3);
  ::kill(child, SIGTERM);
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << status;
  // Killed processes whose parent died are reaped by init: give it a moment.
  for (int i = 0; i < 100 && engine.running() > 0; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  EXPECT_EQ(engine.running(), 0);
}

TEST(CheckJobs, ATranscriptWithSeveralJobsIsAUsageError) {
  const RunResult run = run_cli({"check", "--engine", ZV_TRIPWIRE_ENGINE, "--transcript",
                                 "/tmp/never-written", "--jobs", "2", "--cases", "1"});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.err.find("--jobs 2 with --transcript"), std::string::npos) << run.err;
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

TEST(CheckJobs, SeveralJobsForAnInProcessPluginAreRefused) {
  const RunResult plugin =
      run_cli({"check", "--plugin", std::string(ZV_PLUGIN_DIR) + "/zv_drops_en_passant_plugin.so",
               "--no-isolation", "--jobs", "2", "--cases", "1"});
  EXPECT_EQ(plugin.exit_code, 2);
  EXPECT_NE(plugin.err.find("--jobs 2 with --no-isolation"), std::string::npos) << plugin.err;
}

}  // namespace
