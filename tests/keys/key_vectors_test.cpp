// Published key vectors: the Polyglot specification's keys and keys printed by Stockfish 15.1,
// reached by playing UCI moves from a FEN. Each failure names the row's line in the corpus file.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {
namespace {

struct KeyRow {
  std::string where;  // "keys/polyglot-vectors.tsv:7"
  std::string fen;
  std::string moves;
  Key key = 0;
};

// Reads "fen<TAB>moves<TAB>hex key" rows; a malformed row is a test failure naming its line.
std::vector<KeyRow> read_key_rows(const char* file) {
  std::vector<KeyRow> rows;
  const auto text = zv_test::read_corpus_file(file);
  EXPECT_TRUE(text.has_value()) << text.error();
  if (!text) return rows;
  for (const zv_test::Line& line : zv_test::content_lines(*text)) {
    const std::string where = std::string(file) + ":" + std::to_string(line.number);
    const std::vector<std::string> columns = zv_test::split(line.text, '\t');
    if (columns.size() != 3) {
      ADD_FAILURE() << where << ": expected 3 tab-separated columns, found " << columns.size()
                    << ": \"" << line.text << "\"";
      continue;
    }
    const auto key = zv_test::parse_hex_key(zv_test::trim(columns[2]));
    if (!key) {
      ADD_FAILURE() << where << ": key \"" << columns[2] << "\" is not 16 hex digits";
      continue;
    }
    const std::string fen = zv_test::trim(columns[0]);
    rows.push_back(
        {where, fen == "startpos" ? std::string(StartFen) : fen, zv_test::trim(columns[1]), *key});
  }
  return rows;
}

// Sets the row's FEN and plays its moves; on failure records which row and returns false, so the
// remaining rows are still checked.
bool play_row(Game& game, const KeyRow& row, const KeyScheme& scheme) {
  const std::vector<FenError> errors = game.set(row.fen, scheme);
  if (!errors.empty()) {
    ADD_FAILURE() << row.where << ": FEN \"" << row.fen << "\" rejected:\n"
                  << zv_test::describe(errors);
    return false;
  }
  if (row.moves.empty()) return true;
  const Expected<int> played = game.play_uci_sequence(row.moves);
  if (!played) {
    ADD_FAILURE() << row.where << ": moves \"" << row.moves << "\": " << played.error();
    return false;
  }
  return true;
}

TEST(PolyglotVectors, FileHasElevenRows) {
  EXPECT_EQ(read_key_rows("keys/polyglot-vectors.tsv").size(), 11u);
}

TEST(PolyglotVectors, KeyAfterPlayingTheMovesMatchesEveryRow) {
  for (const KeyRow& row : read_key_rows("keys/polyglot-vectors.tsv")) {
    Game game;
    if (!play_row(game, row, polyglot_scheme())) continue;
    EXPECT_EQ(zv_test::hex(game.position().key()), zv_test::hex(row.key))
        << row.where << ": \"" << row.fen << "\" moves \"" << row.moves << "\"";
  }
}

TEST(PolyglotVectors, FromScratchKeyMatchesEveryRow) {
  for (const KeyRow& row : read_key_rows("keys/polyglot-vectors.tsv")) {
    Game game;
    if (!play_row(game, row, polyglot_scheme())) continue;
    EXPECT_EQ(zv_test::hex(game.position().compute_keys().key), zv_test::hex(row.key))
        << row.where << ": \"" << row.fen << "\" moves \"" << row.moves << "\"";
  }
}

TEST(PolyglotVectors, KeyOfTheFenReachedMatchesEveryRow) {
  // The same key must come from parsing the final position directly, without the move history.
  for (const KeyRow& row : read_key_rows("keys/polyglot-vectors.tsv")) {
    Game played;
    if (!play_row(played, row, polyglot_scheme())) continue;
    Game parsed;
    const std::string fen = played.position().fen();
    const std::vector<FenError> errors = parsed.set(fen, polyglot_scheme());
    EXPECT_TRUE(errors.empty()) << row.where << ": " << fen << "\n" << zv_test::describe(errors);
    if (!errors.empty()) continue;
    EXPECT_EQ(zv_test::hex(parsed.position().key()), zv_test::hex(row.key))
        << row.where << ": \"" << fen << "\"";
  }
}

TEST(StockfishKeys, FileHasFourteenRows) {
  EXPECT_EQ(read_key_rows("keys/stockfish-15.1-keys.tsv").size(), 14u);
}

TEST(StockfishKeys, PrintedKeyAfterPlayingTheMovesMatchesEveryRow) {
  for (const KeyRow& row : read_key_rows("keys/stockfish-15.1-keys.tsv")) {
    Game game;
    if (!play_row(game, row, stockfish_scheme())) continue;
    EXPECT_EQ(zv_test::hex(game.position().printed_key()), zv_test::hex(row.key))
        << row.where << ": \"" << row.fen << "\" moves \"" << row.moves << "\"";
  }
}

TEST(StockfishKeys, FromScratchKeyEqualsTheIncrementalKeyOnEveryRow) {
  for (const KeyRow& row : read_key_rows("keys/stockfish-15.1-keys.tsv")) {
    Game game;
    if (!play_row(game, row, stockfish_scheme())) continue;
    EXPECT_EQ(zv_test::hex(game.position().compute_keys().key), zv_test::hex(game.position().key()))
        << row.where << ": \"" << row.fen << "\" moves \"" << row.moves << "\"";
  }
}

}  // namespace
}  // namespace zobrist_verify
