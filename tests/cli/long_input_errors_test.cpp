// An error line quotes outside input cut to its head, marked "..." with its full length, so no
// error grows with its input (issue 41: a 10 MB key-list line gave a 10 MB error line).
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.h"
#include "zobrist_verify/chess/game.h"

namespace zobrist_verify {
namespace {

using testkit::run_cli;
using testkit::RunResult;
using testkit::TempDir;
using testkit::write_file;

// One error line, at most a few hundred bytes, naming the input's full length.
void expect_short_error(const RunResult& run, const std::string& length) {
  EXPECT_EQ(run.exit_code, 2) << run.err.substr(0, 400);
  EXPECT_LT(run.err.size(), 600u) << run.err.substr(0, 400);
  EXPECT_NE(run.err.find("...' (" + length + " bytes)"), std::string::npos)
      << run.err.substr(0, 400);
}

TEST(LongInputErrors, KeyListLineIsCut) {
  TempDir dir;
  write_file(dir.path() / "keys.txt", "0123\n" + std::string(1'000'000, 'g') + "\n");
  expect_short_error(run_cli({"keys", "--key-list", (dir.path() / "keys.txt").string()}),
                     "1000000");
}

TEST(LongInputErrors, SchemeKeyIsCut) {
  TempDir dir;
  write_file(dir.path() / "scheme.txt", "psq P a1 " + std::string(900'000, '1') + "\n");
  expect_short_error(run_cli({"keys", "--scheme", "file:" + (dir.path() / "scheme.txt").string()}),
                     "900000");
}

TEST(LongInputErrors, EpdDepthFieldIsCut) {
  TempDir dir;
  write_file(dir.path() / "suite.epd",
             std::string(StartFen) + " ;D1 " + std::string(100'000, 'z') + "\n");
  expect_short_error(run_cli({"perft", "--epd", (dir.path() / "suite.epd").string()}), "100003");
}

TEST(LongInputErrors, FenArgumentIsCut) {
  expect_short_error(run_cli({"perft", "--fen", std::string(3000, 'r'), "--depth", "1"}), "3000");
}

TEST(LongInputErrors, PerftCommandAndMovesAreCut) {
  expect_short_error(
      run_cli({"movegen", "--engine", "/bin/cat", "--perft-command", std::string(100'000, 'z')}),
      "100000");
  expect_short_error(run_cli({"replay", "--plugin", "/nonexistent/plugin.so", "--fen", StartFen,
                              "--moves", "e2e4 " + std::string(100'000, 'z')}),
                     "100000");
}

TEST(LongInputErrors, UnknownOptionIsCut) {
  expect_short_error(run_cli({"--" + std::string(100'000, 'x')}), "100002");
}

}  // namespace
}  // namespace zobrist_verify
