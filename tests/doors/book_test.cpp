// `zobrist-verify book` on small books written here (the real gnuchess book is read in
// engine_book_test.cpp). Book keys come from an independent Polyglot hasher (book_writer.h,
// checked against the published vectors), never from the library under test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "book_writer.h"
#include "cli_runner.h"

namespace zobrist_verify::testkit {
namespace {

RunResult run_book(const TempDir& dir, const std::string& bytes, bool json = true) {
  const fs::path path = dir.path() / "book.bin";
  write_file(path, bytes);
  std::vector<std::string> args{"book", path.string()};
  if (json) args.push_back("--json");
  return run_cli(args);
}

bool is_one_error_line(const std::string& err) {
  return err.starts_with("error: ") && std::count(err.begin(), err.end(), '\n') == 1;
}

const std::vector<std::string> CastlingLine{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1h1"};

TEST(BookTest, IndependentHasherReproducesThePublishedPolyglotKeys) {
  EXPECT_EQ(key_after({}), 0x463b96181691fc9cULL);
  EXPECT_EQ(key_after({"e2e4"}), 0x823c9b50fd114196ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5", "f7f5"}), 0x22a48b5a8e47ff78ULL);
  EXPECT_EQ(key_after({"e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"}), 0x00fdd303c946bdd9ULL);
  EXPECT_EQ(key_after({"a2a4", "b7b5", "h2h4", "b5b4", "c2c4", "b4c3", "a1a3"}),
            0x5c3f9b829b279560ULL);
}

TEST(BookTest, CastlingEncodedKingTakesRookIsPlayedAsCastling) {
  TempDir dir;
  RunResult run = run_book(dir, book_bytes(line_entries(CastlingLine, "g8f6")));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\"reached_keys\": 8,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"unreached_keys\": 0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"max_depth\": 7,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"illegal_moves\": 0,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"first_findings\": []"), std::string::npos) << run.out;
}

TEST(BookTest, PromotionIsDecodedAndPlayed) {
  TempDir dir;
  const std::vector<std::string> line{"e2e4", "d7d5", "e4d5", "c7c6", "d5c6",
                                      "g8f6", "c6b7", "b8d7", "b7a8q"};
  RunResult run = run_book(dir, book_bytes(line_entries(line, "d7b6")));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("\"reached_keys\": 10,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"unreached_keys\": 0,"), std::string::npos) << run.out;
}

TEST(BookTest, SortedBookSaysSortedInText) {
  TempDir dir;
  RunResult run = run_book(dir, book_bytes(line_entries(CastlingLine, "g8f6")), /*json=*/false);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("sorted by key .......... yes\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("book: PASS\n"), std::string::npos) << run.out;
}

TEST(BookTest, UnsortedBookFailsNamesTheFirstEntryOutOfOrderAndIsStillWalked) {
  std::vector<Entry> entries = line_entries(CastlingLine, "g8f6");
  std::sort(entries.begin(), entries.end(),
            [](const Entry& a, const Entry& b) { return a.key > b.key; });
  TempDir dir;
  RunResult run = run_book(dir, book_bytes(entries, /*sort=*/false));
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("\"sorted\": false, \"first_unsorted_entry\": 1,"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("\"reached_keys\": 8,"), std::string::npos) << run.out;
}

TEST(BookTest, TrailingPartialEntryIsAWarningAndTheBookIsStillRead) {
  TempDir dir;
  RunResult run =
      run_book(dir, book_bytes(line_entries(CastlingLine, "g8f6")) + '\x07', /*json=*/false);
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("warning: 1 trailing byte after the last whole entry"), std::string::npos)
      << run.out;
  EXPECT_NE(run.out.find("entries ................ 8\n"), std::string::npos) << run.out;
}

TEST(BookTest, EmptyBookIsAnErrorExit2) {
  TempDir dir;
  RunResult run = run_book(dir, "");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(run.err)) << run.err;
  EXPECT_NE(run.err.find("is empty"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(BookTest, BookShorterThanOneEntryIsAnErrorExit2) {
  TempDir dir;
  RunResult run = run_book(dir, std::string(15, '\x01'));
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(run.err)) << run.err;
  EXPECT_NE(run.err.find("15 bytes"), std::string::npos) << run.err;
}

TEST(BookTest, MissingBookIsAnErrorExit2) {
  TempDir dir;
  RunResult run = run_cli({"book", (dir.path() / "no-such-book.bin").string()});
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_TRUE(is_one_error_line(run.err)) << run.err;
  EXPECT_NE(run.err.find("no-such-book.bin"), std::string::npos) << run.err;
}

TEST(BookTest, IllegalMoveIsReportedWithItsPosition) {
  TempDir dir;
  RunResult run = run_book(dir, book_bytes({{key_after({}), encode("e2e5")}}));
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("\"illegal_moves\": 1,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", "
                         "\"move\": \"e2e5\", \"why\": \"illegal: "),
            std::string::npos)
      << run.out;
}

TEST(BookTest, PromotionBitsOnANonPromotionDoNotDecode) {
  TempDir dir;
  RunResult run = run_book(dir, book_bytes({{key_after({}), encode("e2e4", 4)}}));
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("\"undecodable_moves\": 1,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"move\": \"e2e4q\", \"why\": \"does not decode: "), std::string::npos)
      << run.out;
}

TEST(BookTest, UndecodableMoveUnderAnUnreachedKeyIsCountedWithoutAPosition) {
  TempDir dir;
  RunResult run = run_book(
      dir, book_bytes({{key_after({}), encode("e2e4")}, {0x0123456789abcdefULL, encode("a1a1")}}));
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_NE(run.out.find("\"unreached_keys\": 1,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\"undecodable_moves\": 1,"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("{\"fen\": \"\", \"move\": \"a1a1\""), std::string::npos) << run.out;
}

}  // namespace
}  // namespace zobrist_verify::testkit
