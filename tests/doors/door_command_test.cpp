// The engine door's command line and process group, with no engine needed: a shell script
// (tests/engines/forking_shell_engine.sh) that hangs in a child of its own or is interrupted,
// a program that does not exist, and malformed commands and patterns. The cases with engines,
// real or fake, are in engine_door_test.cpp.
#include <fcntl.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::processes_left_with;
using testkit::processes_with;
using testkit::run_cli;
using testkit::RunResult;
using testkit::unique_marker;

TEST(EngineDoor, AHangInAChildProcessOfTheEngineLeavesNothingRunning) {
  const std::string marker = unique_marker("forking-shell");
  const std::string engine = std::string(ZV_ENGINES_DIR) + "/forking_shell_engine.sh " + marker;
  const RunResult r = run_cli({"check", "--engine", engine, "--timeout", "300"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("within 300 ms"), std::string::npos) << r.err;
  EXPECT_EQ(processes_left_with(marker), 0);  // the sleeping child went with the engine's group
}

TEST(EngineDoor, AnInterruptTakesTheEngineAndWhatItStartedDownWithUs) {
  const std::string marker = unique_marker("interrupted");
  const std::string engine = std::string(ZV_ENGINES_DIR) + "/forking_shell_engine.sh " + marker;
  const pid_t cli = ::fork();
  ASSERT_GE(cli, 0);
  if (cli == 0) {
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    ::execl(ZV_CLI_PATH, ZV_CLI_PATH, "check", "--engine", engine.c_str(), "--timeout", "60000",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // The engine hangs in a child on the first key: wait until the command, the engine script and
  // that child (`sh -c 'sleep 3600; :' MARKER`) all show the marker.
  for (int i = 0; i < 100 && processes_with(marker) < 3; ++i) ::usleep(50'000);
  ASSERT_EQ(processes_with(marker), 3);
  ::kill(cli, SIGINT);
  int status = 0;
  ASSERT_EQ(::waitpid(cli, &status, 0), cli);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) << status;
  for (int i = 0; i < 40 && processes_with(marker) > 0; ++i) ::usleep(50'000);
  EXPECT_EQ(processes_left_with(marker), 0);
}

TEST(EngineDoor, AProgramThatDoesNotExistIsAUsageError) {
  const RunResult r = run_cli({"check", "--engine", "/nonexistent/engine --flag"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot start '/nonexistent/engine': No such file or directory"),
            std::string::npos)
      << r.err;
}

TEST(EngineDoor, MalformedCommandsAndPatternsAreUsageErrors) {
  EXPECT_EQ(run_cli({"check", "--engine", "engine 'unterminated"}).exit_code, 2);
  EXPECT_EQ(run_cli({"check", "--engine", ""}).exit_code, 2);
  const RunResult no_group =
      run_cli({"check", "--engine", "/bin/true", "--key-pattern", "Key: [0-9A-F]+"});
  EXPECT_EQ(no_group.exit_code, 2);
  EXPECT_NE(no_group.err.find("needs exactly one"), std::string::npos) << no_group.err;
  const RunResult bad_regex = run_cli({"check", "--engine", "/bin/true", "--key-pattern", "(("});
  EXPECT_EQ(bad_regex.exit_code, 2);
  EXPECT_NE(bad_regex.err.find("--key-pattern '((': not RE2 syntax: "), std::string::npos)
      << bad_regex.err;
  const RunResult bad_fen = run_cli({"check", "--engine", "/bin/true", "--fen-pattern", "Fen: .*"});
  EXPECT_EQ(bad_fen.exit_code, 2);
  EXPECT_NE(bad_fen.err.find("--fen-pattern 'Fen: .*': it has 0 capture groups"), std::string::npos)
      << bad_fen.err;
  EXPECT_EQ(run_cli({"check", "--key-command", "d"}).exit_code, 2);  // without --engine
  EXPECT_EQ(run_cli({"check", "--engine", "/bin/true", "--plugin", "x.so"}).exit_code, 2);
}

// 16,000 nested groups crashed the tool while std::regex compiled them (SIGSEGV): a pattern over
// the caps is a usage error naming its option, before any engine starts, its text cut.
TEST(EngineDoor, APatternOverTheCapsIsAUsageErrorNotACrash) {
  const std::string nested = std::string(16000, '(') + std::string(16000, ')');
  const RunResult r = run_cli({"check", "--engine", "/bin/true", "--key-pattern", nested});
  EXPECT_EQ(r.exit_code, 2) << r.err.substr(0, 400);
  EXPECT_EQ(r.err.rfind("error: --key-pattern '" + std::string(120, '(') +
                            "...' (a pattern of 32000 bytes, cut): longer than the 4096 bytes a "
                            "pattern may have\n",
                        0),
            0u)
      << r.err.substr(0, 400);
}

}  // namespace
}  // namespace zobrist_verify
