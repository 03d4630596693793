// `zobrist-verify check`: exit codes, the report forms and the JUnit file, run as a process.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>

namespace {

struct CliRun {
  int exit_code = -1;
  std::string out;
};

// Runs the CLI with `arguments` (shell words), stdout captured, stderr discarded.
CliRun run_cli(const std::string& arguments) {
  const std::string command = std::string(ZV_CLI_PATH) + " " + arguments + " 2>/dev/null";
  CliRun run;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return run;
  std::array<char, 4096> buffer;
  while (std::size_t n = std::fread(buffer.data(), 1, buffer.size(), pipe))
    run.out.append(buffer.data(), n);
  const int status = pclose(pipe);
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

std::string temp_path(const std::string& name) {
  return (testing::TempDir().empty() ? std::string("/tmp/") : testing::TempDir()) + name;
}

TEST(CheckCommand, AllPropertiesOfOneSchemePassWithExitZero) {
  const CliRun run = run_cli("check --scheme stockfish --cases 20");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  EXPECT_NE(run.out.find("reference:stockfish castling "), std::string::npos);
  EXPECT_NE(run.out.find("check: 9 passed, 0 failed, 0 skipped\n"), std::string::npos) << run.out;
}

TEST(CheckCommand, WithoutSchemeChecksTheThreeBuiltIns) {
  const CliRun run = run_cli("check --cases 5 --property side-to-move");
  EXPECT_EQ(run.exit_code, 0) << run.out;
  for (const char* name : {"reference:polyglot ", "reference:stockfish ", "reference:rustic "})
    EXPECT_NE(run.out.find(name), std::string::npos) << name;
  EXPECT_NE(run.out.find("check: 3 passed, 0 failed, 0 skipped\n"), std::string::npos) << run.out;
}

TEST(CheckCommand, LinesAreAlignedWithDots) {
  const CliRun run = run_cli("check --scheme rustic --cases 5 --property castling,en-passant");
  EXPECT_NE(run.out.find("reference:rustic en-passant ......"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find(" PASS  5 cases"), std::string::npos) << run.out;
}

TEST(CheckCommand, JsonHasPassedAndProperties) {
  const CliRun run = run_cli("check --scheme seed:7 --cases 5 --property castling --json");
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
  const CliRun run =
      run_cli("check --scheme polyglot --cases 5 --property castling --junit " + path);
  EXPECT_EQ(run.exit_code, 0);
  std::ifstream in(path);
  std::stringstream xml;
  xml << in.rdbuf();
  EXPECT_NE(xml.str().find("<testcase classname=\"reference:polyglot\" name=\"castling\""),
            std::string::npos)
      << xml.str();
}

TEST(CheckCommand, UnknownPropertyIsAUsageError) {
  EXPECT_EQ(run_cli("check --property no-such").exit_code, 2);
}

TEST(CheckCommand, UnknownSchemeIsAUsageError) {
  EXPECT_EQ(run_cli("check --scheme nope").exit_code, 2);
}

TEST(CheckCommand, BadCaseCountIsAUsageError) {
  EXPECT_EQ(run_cli("check --cases 0").exit_code, 2);
  EXPECT_EQ(run_cli("check --cases many").exit_code, 2);
}

TEST(CheckCommand, UnwritableJunitPathIsAUsageError) {
  EXPECT_EQ(run_cli("check --junit /nonexistent-dir/x.xml").exit_code, 2);
}

TEST(CheckCommand, SeedIsPrintedAndAcceptedInHex) {
  const CliRun run = run_cli("check --scheme polyglot --cases 3 --seed 0xabc --property castling");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("seed 0000000000000abc"), std::string::npos) << run.out;
}

TEST(CheckCommand, HelpListsTheProperties) {
  const CliRun run = run_cli("check --help");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.out.find("unequal-positions-unequal-keys"), std::string::npos);
}

}  // namespace
