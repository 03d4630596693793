// `zobrist-verify book` judges the book's keys: a known start must be in it, a writer's slip is
// named, and the en-passant rule its keys follow is found. Every book here is written by the test
// (book_writer.h) from one fixed set of games, keyed the right way or with one slip.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "book_writer.h"
#include "cli_runner.h"

namespace zobrist_verify::testkit {
namespace {

using Rule = BookKeying::EnPassant;

// Double pushes no pawn can take (always differs from the other rules), an en-passant capture,
// and a double push beside a pawn pinned to its king on the d-file (pseudo-legal differs from
// legal after 6. e4).
const std::vector<std::vector<std::string>> Games{
    {"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "f8c5", "e1h1", "g8f6"},
    {"e2e4", "g8f6", "e4e5", "d7d5", "e5d6", "e7d6"},
    {"d2d4", "e7e5", "d4e5", "d7d5", "g1f3", "d8e7", "a2a3", "e8d8", "a3a4", "d5d4", "e2e4",
     "g8f6"},
    {"d2d4", "d7d5", "c2c4", "e7e6"},
};

RunResult run_book(const std::string& bytes, std::vector<std::string> options = {"--json"}) {
  TempDir dir;
  const fs::path path = dir.path() / "book.bin";
  write_file(path, bytes);
  std::vector<std::string> args{"book", path.string()};
  args.insert(args.end(), options.begin(), options.end());
  return run_cli(args);
}

bool has(const RunResult& run, const std::string& text) {
  return run.out.find(text) != std::string::npos;
}

TEST(BookVerdictTest, PolyglotKeyedBookPassesWithThePseudoLegalRuleDecided) {
  RunResult run = run_book(games_book(Games));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "\"start\": \"start-position\"")) << run.out;
  EXPECT_TRUE(has(run, "\"fitting\": [\"pseudo-legal\"]")) << run.out;
  EXPECT_TRUE(has(run, "\"unreached_keys\": 0,")) << run.out;
}

TEST(BookVerdictTest, TurnKeyXoredForBlackFailsAndTheDiagnosisNamesIt) {
  BookKeying keying;
  keying.turn_key_for_black = true;
  RunResult run = run_book(games_book(Games, keying), {});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  // No walk begins under the expected keys: every distinct key is unreached, none reached.
  EXPECT_TRUE(has(run, "keys reached ........... 0 of ")) << run.out;
  EXPECT_FALSE(has(run, "keys never reached ..... 0\n")) << run.out;
  EXPECT_TRUE(has(run,
                  "the keys are Polyglot's with the turn key XORed for Black instead of "
                  "White"))
      << run.out;
  EXPECT_TRUE(has(run, "book: FAIL\n")) << run.out;
}

TEST(BookVerdictTest, EnPassantKeyedAfterEveryDoublePushFailsNamingTheAlwaysRule) {
  BookKeying keying;
  keying.en_passant = Rule::Always;
  RunResult run = run_book(games_book(Games, keying), {});
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(has(run, "en-passant rule ........ WRONG: always (")) << run.out;
}

TEST(BookVerdictTest, EnPassantKeyedAfterEveryDoublePushPassesWhenAlwaysIsAccepted) {
  BookKeying keying;
  keying.en_passant = Rule::Always;
  RunResult run = run_book(games_book(Games, keying), {"--json", "--en-passant", "always"});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "\"fitting\": [\"always\"]")) << run.out;
  EXPECT_TRUE(has(run, "\"unreached_keys\": 0,")) << run.out;
}

TEST(BookVerdictTest, LegalRuleIsToldFromPseudoLegalByThePinnedCapture) {
  BookKeying keying;
  keying.en_passant = Rule::Legal;
  const std::string book = games_book(Games, keying);
  RunResult run = run_book(book);
  EXPECT_EQ(run.exit_code, 1) << run.out << run.err;
  EXPECT_TRUE(has(run, "\"fitting\": [\"legal\"]")) << run.out;
  RunResult accepted = run_book(book, {"--json", "--en-passant", "legal"});
  EXPECT_EQ(accepted.exit_code, 0) << accepted.out << accepted.err;
}

TEST(BookVerdictTest, BookOfBlackMovesOnlyIsWalkedFromTheStartsChildren) {
  RunResult run = run_book(games_book(Games, {}, /*only_black=*/true));
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "\"start\": \"start-children\", \"start_roots\": 2,")) << run.out;
  EXPECT_TRUE(has(run, "\"unreached_keys\": 0,")) << run.out;
}

TEST(BookVerdictTest, BookOfOneLateOpeningPassesOnOrderAndDecodingWithKeysNotJudged) {
  const std::vector<std::string>& game = Games[0];
  std::vector<std::string> opening(game.begin(), game.begin() + 4);
  RunResult run = run_book(book_bytes(line_entries(opening, "f1c4")).substr(16 * 4), {});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_TRUE(has(run, "keys were NOT judged")) << run.out;
  EXPECT_TRUE(has(run, "book: PASS (order and decoding only; keys not judged)\n")) << run.out;
}

}  // namespace
}  // namespace zobrist_verify::testkit
