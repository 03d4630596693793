// `check` stopped by SIGINT or SIGTERM (issue 42 §4): it prints the head, the rows of the
// properties that ended and the others as INTERRUPTED, writes its JUnit report, and ends by the
// signal with no worker left, not even a zombie; with --progress a plugin run prints a progress
// line on stderr every 10 s, with --progress-every N every N s (1 here). Each run is stopped once
// its progress line says the first of its two properties is done: the second, property 4's
// sweep, takes minutes at this many cases.
#include <gtest/gtest.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.h"
#include "process_children.h"

namespace {

using namespace zobrist_verify::testkit;
using namespace std::chrono_literals;

struct Stopped {
  int status = 0;
  std::string out, err;
  std::vector<pid_t> children;  // the tool's children when the signal was sent
  std::vector<pid_t> left;      // those of them still there, zombies included, once it ended
};

// Runs check on the reference plugin with `extra`, sends `signal` once the progress line says
// one of the two properties is done, and waits for the tool's end.
Stopped stop_after_the_first_property(const std::vector<std::string>& extra, int signal) {
  TempDir dir;
  const fs::path out = dir.path() / "stdout", err = dir.path() / "stderr";
  std::vector<std::string> words = {
      ZV_CLI_PATH,        "check",
      "--plugin",         std::string(ZV_PLUGIN_DIR) + "/zv_reference_plugin.so",
      "--property",       "incremental-equals-full,unequal-positions-unequal-keys",
      "--cases",          "3000",
      "--progress-every", "1"};
  words.insert(words.end(), extra.begin(), extra.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const pid_t tool = ::fork();
  if (tool == 0) {
    const int out_fd = ::open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err_fd = ::open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out_fd < 0 || err_fd < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0) ::_exit(127);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  Stopped stopped;
  const auto deadline = std::chrono::steady_clock::now() + 120s;
  while (read_file(err).find("check: 1 of 2 properties done") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(100ms);
  stopped.children = zv_test::children_of(tool, zv_test::Zombies::Counted);
  ::kill(tool, signal);
  ::waitpid(tool, &stopped.status, 0);
  for (pid_t child : stopped.children)
    if (fs::exists("/proc/" + std::to_string(child))) stopped.left.push_back(child);
  for (pid_t child : stopped.left) ::kill(child, SIGKILL);  // in case the test failed
  stopped.out = read_file(out);
  stopped.err = read_file(err);
  return stopped;
}

TEST(CheckInterrupt, SigintPrintsTheRowsUntilThenWritesJunitAndEndsByTheSignalLeavingNoWorker) {
  TempDir dir;
  const fs::path junit = dir.path() / "report.xml";
  const Stopped run = stop_after_the_first_property({"--junit", junit.string()}, SIGINT);
  EXPECT_TRUE(WIFSIGNALED(run.status) && WTERMSIG(run.status) == SIGINT) << run.status;
  // The progress line every second, though stderr is a file. Once the first property is done it
  // names that one's last count or the second's first, as the second has started yet or not.
  const bool first_done =
      run.err.find(
          "check: 1 of 2 properties done; incremental-equals-full: 3000 of 3000 cases "
          "passed\n") != std::string::npos;
  const bool second_started =
      run.err.find(
          "check: 1 of 2 properties done; unequal-positions-unequal-keys: 0 of 1 case "
          "passed\n") != std::string::npos;
  EXPECT_TRUE(first_done || second_started) << run.err;
  EXPECT_EQ(run.out.find("zobrist-verify 0.1.0 check: plugin:zobrist-verify reference (polyglot) "),
            0U)
      << run.out;
  EXPECT_NE(run.out.find("\nconventions: en passant pseudo-legal, halfmove clock independent; "),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(" incremental-equals-full .......... PASS  3000 cases, "),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find(" unequal-positions-unequal-keys ... INTERRUPTED  stopped by SIGINT after "
                         "0 of 1 case passed\n"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("check: 1 passed, 0 failed, 0 skipped, 1 interrupted\n"
                         "check: INTERRUPTED by SIGINT before 1 of 2 properties ended\n"),
            std::string::npos)
      << run.out;
  const std::string xml = read_file(junit);
  EXPECT_NE(xml.find("tests=\"2\" failures=\"0\" skipped=\"1\""), std::string::npos) << xml;
  EXPECT_NE(xml.find("name=\"unequal-positions-unequal-keys\" time=\"0.000\">\n      <skipped "
                     "message=\"stopped by SIGINT after 0 of 1 case passed\"/>"),
            std::string::npos)
      << xml;
  // The sweep's worker was running, and the tool reaped it before it ended.
  EXPECT_FALSE(run.children.empty());
  EXPECT_TRUE(run.left.empty()) << run.left.size() << " of its children outlived the tool";
}

TEST(CheckInterrupt, SigtermInProcessGivesTheJsonReportOnStdoutAndEndsByTheSignal) {
  const Stopped run = stop_after_the_first_property({"--no-isolation", "--json"}, SIGTERM);
  EXPECT_TRUE(WIFSIGNALED(run.status) && WTERMSIG(run.status) == SIGTERM) << run.status;
  // The plugin's descriptor 1 is stderr while it runs here; the report still goes to stdout.
  EXPECT_EQ(run.out.find("{\"passed\": false, \"interrupted\": \"SIGTERM\", \"target\": "
                         "\"plugin:zobrist-verify reference (polyglot) "),
            0U)
      << run.out;
  EXPECT_NE(run.out.find("\"counts\": {\"passed\": 1, \"failed\": 0, \"skipped\": 0, \"warned\": "
                         "0, \"interrupted\": 1}"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("{\"name\": \"unequal-positions-unequal-keys\", \"target\": "
                         "\"plugin:zobrist-verify reference (polyglot)\", \"status\": "
                         "\"interrupted\", \"passed\": false"),
            std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("\"note\": \"stopped by SIGTERM after 0 of 1 case passed\""),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.out.back(), '\n');
}

TEST(CheckInterrupt, AProgressIntervalOutOfRangeIsAUsageError) {
  for (const char* command : {"check", "movegen"}) {
    for (const char* bad : {"0", "3601", "-1", "ten"}) {
      const RunResult run =
          run_cli({command, "--plugin", std::string(ZV_PLUGIN_DIR) + "/zv_reference_plugin.so",
                   "--progress-every", bad});
      EXPECT_EQ(run.exit_code, 2) << command << " " << bad << "\n" << run.out;
      EXPECT_NE(run.err.find("--progress-every expects a whole number from 1 to 3600"),
                std::string::npos)
          << run.err;
      EXPECT_TRUE(run.out.empty()) << run.out;
    }
  }
}

}  // namespace
