// `zobrist-verify book`: the real gnuchess book and small books written here. Book keys come from
// an independent Polyglot hasher below (checked against the published vectors), never from the
// library under test.
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

#include "cli_runner.h"

namespace zobrist_verify::testing {
namespace {

const char* const GnuchessBook = "/usr/share/games/gnuchess/book.bin";
const char* const StartPlacement =
    "rnbqkbnrpppppppp................................PPPPPPPPRNBQKBNR";

std::vector<std::uint64_t> polyglot_random64() {
  std::ifstream in(std::string(ZV_CORPUS_DIR) + "/keys/polyglot-random64.txt");
  std::vector<std::uint64_t> keys;
  std::string line;
  while (std::getline(in, line)) keys.push_back(std::stoull(line, nullptr, 16));
  return keys;
}

// An 8x8 board that plays UCI moves from the start position (castling written king-takes-rook,
// as Polyglot books do) and hashes itself by the Polyglot specification.
class TestBoard {
 public:
  TestBoard() {
    // StartPlacement lists rank 8 first; square index is rank * 8 + file.
    for (int i = 0; i < 64; ++i) board_[(7 - i / 8) * 8 + i % 8] = StartPlacement[i];
  }

  void play(const std::string& uci) {
    const int from = square(uci.substr(0, 2));
    const int to = square(uci.substr(2, 2));
    const char piece = board_[from];
    const bool white = piece < 'a';
    ep_file_ = -1;
    if (std::tolower(piece) == 'k' && board_[to] == (white ? 'R' : 'r')) {
      const bool king_side = to > from;
      const int rank = from / 8 * 8;
      board_[from] = board_[to] = '.';
      board_[rank + (king_side ? 6 : 2)] = piece;
      board_[rank + (king_side ? 5 : 3)] = white ? 'R' : 'r';
    } else {
      if (std::tolower(piece) == 'p' && from % 8 != to % 8 && board_[to] == '.')
        board_[to + (white ? -8 : 8)] = '.';  // en passant
      if (std::tolower(piece) == 'p' && std::abs(to - from) == 16) ep_file_ = from % 8;
      board_[to] = uci.size() == 5 ? char(white ? std::toupper(uci[4]) : uci[4]) : piece;
      board_[from] = '.';
    }
    if (std::tolower(piece) == 'k') castle_[white ? 0 : 2] = castle_[white ? 1 : 3] = false;
    const std::array<int, 4> rook_squares{7, 0, 63, 56};  // K, Q, k, q
    for (int i = 0; i < 4; ++i)
      if (from == rook_squares[i] || to == rook_squares[i]) castle_[i] = false;
    white_to_move_ = !white_to_move_;
  }

  std::uint64_t key() const {
    static const std::vector<std::uint64_t> random = polyglot_random64();
    const std::string kinds = "pPnNbBrRqQkK";
    std::uint64_t key = 0;
    for (int s = 0; s < 64; ++s) {
      if (board_[s] != '.') key ^= random[64 * kinds.find(board_[s]) + s];
    }
    for (int i = 0; i < 4; ++i)
      if (castle_[i]) key ^= random[768 + i];
    if (ep_file_ >= 0) {
      // Hashed only when a pawn of the side to move stands beside the pawn that just moved.
      const int rank = white_to_move_ ? 4 : 3;
      const char own_pawn = white_to_move_ ? 'P' : 'p';
      for (int f : {ep_file_ - 1, ep_file_ + 1})
        if (f >= 0 && f < 8 && board_[rank * 8 + f] == own_pawn) {
          key ^= random[772 + ep_file_];
          break;
        }
    }
    if (white_to_move_) key ^= random[780];
    return key;
  }

 private:
  static int square(const std::string& name) { return (name[1] - '1') * 8 + (name[0] - 'a'); }
  std::array<char, 64> board_{};
  std::array<bool, 4> castle_{true, true, true, true};
  bool white_to_move_ = true;
  int ep_file_ = -1;
};

std::uint64_t key_after(const std::vector<std::string>& moves) {
  TestBoard board;
  for (const std::string& m : moves) board.play(m);
  return board.key();
}

// A Polyglot move: to-file bits 0-2, to-row 3-5, from-file 6-8, from-row 9-11, promotion 12-14.
std::uint16_t encode(const std::string& uci, unsigned promotion_code = 0) {
  unsigned raw = unsigned(uci[2] - 'a') | unsigned(uci[3] - '1') << 3 |
                 unsigned(uci[0] - 'a') << 6 | unsigned(uci[1] - '1') << 9;
  if (uci.size() == 5) promotion_code = unsigned(std::string("nbrq").find(uci[4]) + 1);
  return std::uint16_t(raw | promotion_code << 12);
}

struct Entry {
  std::uint64_t key;
  std::uint16_t move;
};

// One book entry per ply of the line (the position before the move, the move), and `last` stored
// under the final position.
std::vector<Entry> line_entries(const std::vector<std::string>& line, const std::string& last) {
  std::vector<Entry> entries;
  TestBoard board;
  for (const std::string& m : line) {
    entries.push_back({board.key(), encode(m)});
    board.play(m);
  }
  entries.push_back({board.key(), encode(last)});
  return entries;
}

std::string book_bytes(std::vector<Entry> entries, bool sort = true) {
  if (sort) {
    std::stable_sort(entries.begin(), entries.end(),
                     [](const Entry& a, const Entry& b) { return a.key < b.key; });
  }
  std::string bytes;
  for (const Entry& e : entries) {
    for (int i = 7; i >= 0; --i) bytes += char(e.key >> (8 * i));
    bytes += char(e.move >> 8);
    bytes += char(e.move);
    bytes += std::string("\x00\x01\x00\x00\x00\x00", 6);  // weight 1, learn 0
  }
  return bytes;
}

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

TEST(BookTest, GnuchessBookHasNoIllegalMoveAndReachesMostOfItsKeys) {
  ASSERT_TRUE(fs::exists(GnuchessBook)) << GnuchessBook << " is missing: run ci/setup";
  RunResult run = run_cli({"book", GnuchessBook});
  EXPECT_EQ(run.exit_code, 0) << run.out << run.err;
  EXPECT_NE(run.out.find("entries ................ 180358\n"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("illegal book moves ..... 0\n"), std::string::npos) << run.out;
  const auto at = run.out.find("keys reached ........... ");
  ASSERT_NE(at, std::string::npos) << run.out;
  std::cout << run.out.substr(at, run.out.find('\n', at) - at) << '\n';
  EXPECT_EQ(run.err, "");
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
}  // namespace zobrist_verify::testing
