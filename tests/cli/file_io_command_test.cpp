// Files in and out under hostile paths (issue 21): an output that is one of the run's inputs is
// refused, a failed run leaves the previous report, stdout's write errors are exit 2, and inputs
// are capped and must not be directories. Each error is one "error:" line naming the path.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "cli_runner.h"

namespace {

using zobrist_verify::testkit::read_file;
using zobrist_verify::testkit::run_cli;
using zobrist_verify::testkit::RunResult;
using zobrist_verify::testkit::TempDir;
using zobrist_verify::testkit::write_file;
namespace fs = std::filesystem;

// Runs the CLI with stdin from `stdin_path` ("" for the test's own) and stdout to `stdout_path`
// ("" to start it with stdout closed); stderr is captured.
RunResult run_cli_redirected(const std::vector<std::string>& args, const std::string& stdin_path,
                             const std::string& stdout_path) {
  TempDir dir;
  const fs::path err_path = dir.path() / "stderr";
  std::vector<std::string> copies = args;
  copies.insert(copies.begin(), ZV_CLI_PATH);
  std::vector<char*> argv;
  for (std::string& arg : copies) argv.push_back(arg.data());
  argv.push_back(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (err < 0 || dup2(err, 2) < 0) _exit(127);
    if (!stdin_path.empty()) {
      const int in = open(stdin_path.c_str(), O_RDONLY);
      if (in < 0 || dup2(in, 0) < 0) _exit(127);
    }
    if (stdout_path.empty()) {
      close(1);
    } else {
      const int out = open(stdout_path.c_str(), O_WRONLY);
      if (out < 0 || dup2(out, 1) < 0) _exit(127);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  RunResult result;
  int status = 0;
  if (child < 0 || waitpid(child, &status, 0) != child) return result;
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  result.err = read_file(err_path);
  return result;
}

// One "error: ..." line, holding `needle`.
void expect_one_error_line(const RunResult& run, const std::string& needle) {
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(run.err.rfind("error: ", 0), 0u) << run.err;
  EXPECT_EQ(run.err.find('\n'), run.err.size() - 1) << run.err;
  EXPECT_NE(run.err.find(needle), std::string::npos) << run.err;
}

const std::string KeyList = "0x1\n0x2\n0x4\n0x8\n";

TEST(OutputFiles, JunitNamingThePluginIsRefusedAndThePluginIsKept) {
  TempDir dir;
  const fs::path plugin = dir.path() / "plugin.so";
  fs::copy_file(std::string(ZV_PLUGIN_DIR) + "/zv_clock_fold_plugin.so", plugin);
  const std::string before = read_file(plugin);
  const RunResult run =
      run_cli({"check", "--plugin", plugin.string(), "--cases", "1", "--junit", plugin.string()});
  expect_one_error_line(run, "same file as the plugin");
  EXPECT_EQ(read_file(plugin), before);
}

TEST(OutputFiles, TranscriptNamingTheEngineProgramIsRefusedAndTheEngineIsKept) {
  TempDir dir;
  const fs::path engine = dir.path() / "engine";
  fs::copy_file(ZV_TRIPWIRE_ENGINE, engine);
  const std::string before = read_file(engine);
  const RunResult run = run_cli(
      {"check", "--engine", engine.string(), "--cases", "1", "--transcript", engine.string()});
  expect_one_error_line(run, "same file as the engine program");
  EXPECT_EQ(read_file(engine), before);
}

// `nice ENGINE`: the engine is the command's second word, and an input all the same.
class OutputNamingAWordOfTheEngineCommand : public ::testing::TestWithParam<const char*> {};

TEST_P(OutputNamingAWordOfTheEngineCommand, IsRefusedAndTheFileIsKept) {
  TempDir dir;
  const fs::path engine = dir.path() / "engine";
  fs::copy_file(ZV_TRIPWIRE_ENGINE, engine);
  const std::string before = read_file(engine);
  const RunResult run = run_cli({"check", "--engine", "nice " + engine.string(), "--cases", "1",
                                 "--property", "zero-keys", GetParam(), engine.string()});
  expect_one_error_line(run, "same file as the file named in the engine command");
  EXPECT_EQ(read_file(engine), before);
}

INSTANTIATE_TEST_SUITE_P(JunitAndTranscript, OutputNamingAWordOfTheEngineCommand,
                         ::testing::Values("--junit", "--transcript"));

// Two outputs that name one file, by the same path, a symlink or a hard link: one would replace
// the other, so the run is refused before either is written.
TEST(OutputFiles, TwoOutputsNamingOneFileAreRefused) {
  TempDir dir;
  const std::string file = (dir.path() / "out.xml").string();
  const std::string link = (dir.path() / "link.xml").string();
  const std::string hard = (dir.path() / "hard.xml").string();
  const std::vector<std::string> collisions{"collisions", "--positions", "1000", "--bits", "8-9"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = collisions;
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  };
  expect_one_error_line(run_cli(with({"--svg", file, "--junit", file})),
                        "it is the same file as the JUnit report");
  fs::create_symlink(file, link);  // out.xml does not exist yet: the link dangles
  expect_one_error_line(run_cli(with({"--svg", file, "--junit", link})),
                        "it is the same file as the JUnit report " + link);
  write_file(file, "previous\n");
  fs::create_hard_link(file, hard);
  expect_one_error_line(run_cli(with({"--svg", hard, "--junit", file})),
                        "it is the same file as the JUnit report " + file);
  expect_one_error_line(run_cli({"check", "--engine", ZV_TRIPWIRE_ENGINE, "--cases", "1",
                                 "--property", "zero-keys", "--junit", file, "--transcript", file}),
                        "it is the same file as the JUnit report " + file);
  EXPECT_EQ(read_file(file), "previous\n");
}

// --json prints its document on standard output: a report sent there too would make two.
TEST(StandardOutput, JsonWithAnotherReportOnStandardOutputIsRefused) {
  for (const char* path : {"/dev/stdout", "/proc/self/fd/1", "-"}) {
    expect_one_error_line(
        run_cli({"check", "--game", "uttt", "--cases", "1", "--json", "--junit", path}),
        "it is standard output, where --json prints its document");
    expect_one_error_line(run_cli({"check", "--engine", ZV_TRIPWIRE_ENGINE, "--cases", "1",
                                   "--property", "zero-keys", "--json", "--transcript", path}),
                          "it is standard output, where --json prints its document");
  }
}

// `--junit out.txt > out.txt`: the report would be renamed over the file stdout prints to.
TEST(StandardOutput, AnOutputThatIsStandardOutputsFileByAnotherNameIsRefused) {
  TempDir dir;
  const fs::path out = dir.path() / "out.txt";
  write_file(out, "");
  const RunResult run = run_cli_redirected(
      {"check", "--game", "uttt", "--cases", "1", "--junit", out.string()}, "", out.string());
  expect_one_error_line(run, "it is the file standard output goes to");
}

TEST(StandardOutput, TheNullDeviceTakesEveryOutput) {
  const RunResult run = run_cli({"collisions", "--positions", "1000", "--bits", "8-9", "--svg",
                                 "/dev/null", "--junit", "/dev/null"});
  EXPECT_EQ(run.exit_code, 0) << run.err;
}

TEST(OutputFiles, JunitNamingTheKeyListIsRefusedAndTheKeyListIsKept) {
  TempDir dir;
  const fs::path keys = dir.path() / "keys.txt";
  write_file(keys, KeyList);
  const RunResult run = run_cli({"keys", "--key-list", keys.string(), "--junit", keys.string()});
  expect_one_error_line(run, "same file as the key list");
  EXPECT_EQ(read_file(keys), KeyList);
}

TEST(OutputFiles, JunitThroughASymlinkToTheKeyListIsRefused) {
  TempDir dir;
  const fs::path keys = dir.path() / "keys.txt";
  write_file(keys, KeyList);
  fs::create_symlink(keys, dir.path() / "link.xml");
  const RunResult run =
      run_cli({"keys", "--key-list", keys.string(), "--junit", (dir.path() / "link.xml").string()});
  expect_one_error_line(run, "same file as the key list");
  EXPECT_EQ(read_file(keys), KeyList);
}

TEST(OutputFiles, AnUnusableEngineLeavesThePreviousJunitReport) {
  TempDir dir;
  const fs::path junit = dir.path() / "report.xml";
  write_file(junit, "previous report\n");
  const RunResult run = run_cli(
      {"movegen", "--engine", (dir.path() / "no-such-engine").string(), "--junit", junit.string()});
  EXPECT_EQ(run.exit_code, 2) << run.err;
  EXPECT_EQ(read_file(junit), "previous report\n");
  // And no temporary file is left beside it.
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1);
}

// The hidden temporary files (`.NAME.zv-PID-N.tmp`) in `folder`.
int temporary_files_in(const fs::path& folder) {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(folder))
    if (entry.path().filename().string().find(".zv-") != std::string::npos) ++count;
  return count;
}

// SIGHUP ends a run at once, with no report (SIGINT and SIGTERM first print what `check` found
// until then, its JUnit report included: tests/cli/check_interrupt_test.cpp).
TEST(OutputFiles, AHangupLeavesThePreviousJunitReportAndNoTemporaryFile) {
  TempDir dir;
  const fs::path junit = dir.path() / "report.xml";
  write_file(junit, "previous report\n");
  const pid_t cli = fork();
  ASSERT_GE(cli, 0);
  if (cli == 0) {
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, 1);
    dup2(null, 2);
    execl(ZV_CLI_PATH, ZV_CLI_PATH, "check", "--cases", "10000000", "--junit", junit.c_str(),
          static_cast<char*>(nullptr));
    _exit(127);
  }
  // The report is opened (as its temporary file) before the long run starts.
  for (int i = 0; i < 200 && temporary_files_in(dir.path()) == 0; ++i) usleep(25'000);
  ASSERT_EQ(temporary_files_in(dir.path()), 1);
  kill(cli, SIGHUP);
  int status = 0;
  ASSERT_EQ(waitpid(cli, &status, 0), cli);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGHUP) << status;
  EXPECT_EQ(read_file(junit), "previous report\n");
  EXPECT_EQ(temporary_files_in(dir.path()), 0);
}

// SIGKILL leaves the temporary file; the next run to the same report removes it, and leaves
// that of a process still alive (this test's, which might be writing it).
TEST(OutputFiles, TheNextRunRemovesTheTemporaryFileOfAKilledOne) {
  TempDir dir;
  const fs::path keys = dir.path() / "keys.txt";
  write_file(keys, KeyList);
  const pid_t dead = fork();
  ASSERT_GE(dead, 0);
  if (dead == 0) _exit(0);
  ASSERT_EQ(waitpid(dead, nullptr, 0), dead);
  const fs::path stale = dir.path() / (".report.xml.zv-" + std::to_string(dead) + "-0.tmp");
  const fs::path live = dir.path() / (".report.xml.zv-" + std::to_string(getpid()) + "-0.tmp");
  write_file(stale, "");
  write_file(live, "");
  const RunResult run = run_cli(
      {"keys", "--key-list", keys.string(), "--junit", (dir.path() / "report.xml").string()});
  EXPECT_NE(run.exit_code, 2) << run.err;
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
}

TEST(OutputFiles, AFinishedJunitReportReplacesThePreviousOne) {
  TempDir dir;
  const fs::path keys = dir.path() / "keys.txt";
  const fs::path junit = dir.path() / "report.xml";
  write_file(keys, KeyList);
  write_file(junit, "previous report\n");
  const RunResult run = run_cli({"keys", "--key-list", keys.string(), "--junit", junit.string()});
  EXPECT_NE(run.exit_code, 2) << run.err;
  EXPECT_NE(read_file(junit).find("<testsuites"), std::string::npos);
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 2);
}

TEST(OutputFiles, JunitToAFullDeviceNamesThePath) {
  const RunResult run =
      run_cli({"check", "--game", "uttt", "--cases", "1", "--junit", "/dev/full"});
  expect_one_error_line(run, "cannot write the JUnit report to /dev/full: No space left");
}

TEST(StandardOutput, KeyToAFullDeviceIsExit2) {
  const RunResult run = run_cli_redirected({"key"}, "", "/dev/full");
  expect_one_error_line(run, "cannot write standard output: No space left on device");
}

TEST(StandardOutput, CheckJsonToAFullDeviceIsExit2) {
  const RunResult run =
      run_cli_redirected({"check", "--game", "uttt", "--cases", "1", "--json"}, "", "/dev/full");
  expect_one_error_line(run, "cannot write standard output");
}

// A report longer than stdio's buffer fails during the run, not at the last flush: the reason
// is the device's all the same.
TEST(StandardOutput, CollisionsJsonToAFullDeviceSaysNoSpace) {
  const RunResult run =
      run_cli_redirected({"collisions", "--positions", "100", "--json"}, "", "/dev/full");
  expect_one_error_line(run, "cannot write standard output: No space left on device");
}

TEST(StandardOutput, KeyWithStdoutClosedIsExit2) {
  const RunResult run = run_cli_redirected({"key"}, "", "");
  expect_one_error_line(run, "cannot write standard output");
}

// /proc files report a size of 0 and have content: they are read, not taken for empty.
TEST(Inputs, ABookWhoseSizeReadsZeroIsReadAllTheSame) {
  const RunResult run = run_cli({"book", "/proc/self/stat"});
  EXPECT_EQ((run.out + run.err).find("is empty"), std::string::npos) << run.out << run.err;
  EXPECT_NE((run.out + run.err).find("/proc/self/stat"), std::string::npos) << run.out << run.err;
}

TEST(Inputs, PerftSuiteThatIsADirectoryIsUnreadable) {
  TempDir dir;
  const RunResult run = run_cli({"perft", "--epd", dir.path().string()});
  expect_one_error_line(run, "cannot read " + dir.path().string() + ": Is a directory");
}

TEST(Inputs, EndlessPerftSuiteStopsAtItsLimit) {
  expect_one_error_line(run_cli({"perft", "--epd", "/dev/zero"}),
                        "cannot read /dev/zero: more than 64 MiB, the limit for a perft suite");
}

TEST(Inputs, EndlessKeyListStopsAtItsLimit) {
  expect_one_error_line(run_cli({"keys", "--key-list", "/dev/zero"}), "the limit for a key list");
}

TEST(Inputs, EndlessSchemeFileStopsAtItsLimit) {
  expect_one_error_line(run_cli({"key", "--scheme", "file:/dev/zero"}),
                        "the limit for a key scheme file");
}

TEST(Inputs, EndlessBookStopsAtItsLimit) {
  expect_one_error_line(run_cli({"book", "/dev/zero"}), "cannot read /dev/zero: more than");
}

TEST(Inputs, BookThatIsADirectoryIsUnreadable) {
  TempDir dir;
  expect_one_error_line(run_cli({"book", dir.path().string()}), "Is a directory");
}

TEST(Inputs, KeyListIsReadFromStandardInput) {
  TempDir dir;
  write_file(dir.path() / "keys.txt", KeyList);
  const RunResult run = run_cli_redirected({"keys", "--key-list", "/dev/stdin"},
                                           (dir.path() / "keys.txt").string(), "/dev/null");
  EXPECT_NE(run.exit_code, 2) << run.err;
}

}  // namespace
