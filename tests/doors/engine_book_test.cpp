// `zobrist-verify book` on books made by Debian's programs: the gnuchess book (package
// gnuchess-book) and books written by polyglot make-book (package polyglot). Each case skips
// when its package is missing (ci/setup installs both).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>

#include "cli_runner.h"

namespace zobrist_verify::testkit {
namespace {

bool has(const RunResult& run, const std::string& text) {
  return run.out.find(text) != std::string::npos;
}

const char* const GnuchessBook = "/usr/share/games/gnuchess/book.bin";

TEST(BookTest, GnuchessBookHasNoIllegalMoveAndReachesMostOfItsKeys) {
  if (!fs::exists(GnuchessBook)) GTEST_SKIP() << GnuchessBook << " is missing: run ci/setup";
  RunResult run = run_cli({"book", GnuchessBook});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("entries ................ 180358\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("illegal book moves ..... 0\n"), std::string::npos) << run.out;
  const auto at = run.out.find("keys reached ........... ");
  ASSERT_NE(at, std::string::npos) << run.out;
  std::cout << run.out.substr(at, run.out.find('\n', at) - at) << '\n';
  EXPECT_EQ(run.err, "");
}

// Debian's polyglot make-book, over the games of PolyglotPgn; `extra` adds e.g. -only-black.
const char* const PolyglotBinary = "/usr/games/polyglot";
const char* const PolyglotPgn =
    "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 1-0\n\n"
    "[Result \"0-1\"]\n\n1. d4 e5 2. dxe5 d5 3. Nf3 Qe7 4. a3 Kd8 5. a4 d4 6. e4 Nf6 0-1\n\n"
    "[Result \"1/2-1/2\"]\n\n1. e4 Nf6 2. e5 d5 3. exd6 exd6 1/2-1/2\n";

RunResult run_polyglot_book(const std::string& extra) {
  TempDir dir;
  write_file(dir.path() / "games.pgn", PolyglotPgn);
  const std::string command = "cd " + dir.path().string() + " && " + PolyglotBinary +
                              " make-book -pgn games.pgn -bin book.bin -min-game 1 " + extra +
                              " >/dev/null 2>&1";
  if (std::system(command.c_str()) != 0) return {-1, "", "polyglot make-book failed"};
  return run_cli({"book", (dir.path() / "book.bin").string()});
}

TEST(BookVerdictTest, PolyglotMakeBookPasses) {
  if (!fs::exists(PolyglotBinary)) GTEST_SKIP() << PolyglotBinary << " is missing: run ci/setup";
  RunResult run = run_polyglot_book("");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "known start ............ the start position's key is in the book\n"))
      << run.out;
}

TEST(BookVerdictTest, PolyglotMakeBookOnlyBlackPassesFromTheStartsChildren) {
  if (!fs::exists(PolyglotBinary)) GTEST_SKIP() << PolyglotBinary << " is missing: run ci/setup";
  RunResult run = run_polyglot_book("-only-black");
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "keys one ply from it")) << run.out;
  EXPECT_TRUE(has(run, "keys never reached ..... 0\n")) << run.out;
}

}  // namespace
}  // namespace zobrist_verify::testkit
