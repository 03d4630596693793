// The example plugin (examples/plugin, plain C, built as a project of its own by the fixture
// example_plugin_builds), loaded through the door: it gives Polyglot's published keys, its move
// generator agrees with the reference's, and it refuses what it cannot play in its own words.
// The property suite runs on it separately (ctest example_plugin_passes_the_suite).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/plugin_hash.h"

#ifndef ZV_EXAMPLE_PLUGIN
#error "ZV_EXAMPLE_PLUGIN must be the path of the built example plugin"
#endif

namespace zobrist_verify {
namespace {

using ::testing::HasSubstr;

std::shared_ptr<const PluginLibrary> example() {
  Expected<std::shared_ptr<const PluginLibrary>> library = PluginLibrary::load(ZV_EXAMPLE_PLUGIN);
  EXPECT_TRUE(library) << library.error();
  return library ? *library : nullptr;
}

TEST(ExamplePlugin, DeclaresStandardChessWithUnmakeNullMovesAndAPawnKey) {
  auto library = example();
  ASSERT_TRUE(library);
  const Capabilities caps = PluginHash(library, PluginOptions{}).capabilities();
  EXPECT_FALSE(caps.chess960);
  EXPECT_TRUE(caps.unmake);
  EXPECT_TRUE(caps.null_move);
  EXPECT_TRUE(caps.pawn_key);
  EXPECT_FALSE(caps.material_key);
  EXPECT_NE(library->api().legal_moves, nullptr);
  EXPECT_NE(library->api().last_error, nullptr);
}

TEST(ExamplePlugin, GivesEveryPublishedPolyglotKeyAndTheReferencesPawnKey) {
  auto library = example();
  ASSERT_TRUE(library);
  const auto text = zv_test::read_corpus_file("keys/polyglot-vectors.tsv");
  ASSERT_TRUE(text) << text.error();
  int rows = 0;
  for (const zv_test::Line& line : zv_test::content_lines(*text)) {
    const std::vector<std::string> columns = zv_test::split(line.text, '\t');
    ASSERT_EQ(columns.size(), 3u) << "polyglot-vectors.tsv:" << line.number;
    PluginHash plugin(library, PluginOptions{});
    auto reference = make_reference_hash(polyglot_scheme());
    ASSERT_TRUE(plugin.set_position(columns[0], false));
    ASSERT_TRUE(reference->set_position(columns[0], false));
    for (const std::string& move : zv_test::split(columns[1], ' ')) {
      if (move.empty()) continue;
      ASSERT_TRUE(plugin.make_move(move)) << move;
      ASSERT_TRUE(reference->make_move(move)) << move;
    }
    EXPECT_EQ(zv_test::hex(*plugin.key()), columns[2]) << "polyglot-vectors.tsv:" << line.number;
    EXPECT_EQ(*plugin.pawn_key(), *reference->pawn_key()) << "polyglot-vectors.tsv:" << line.number;
    ++rows;
  }
  EXPECT_EQ(rows, 11);
}

std::vector<std::string> sorted(std::vector<std::string> moves) {
  std::sort(moves.begin(), moves.end());
  return moves;
}

std::vector<std::string> reference_moves(const Position& pos) {
  std::vector<std::string> moves;
  for (Move m : legal_moves(pos)) moves.push_back(move_to_uci(pos, m));
  return sorted(moves);
}

// Compares the plugin's legal moves with the reference's at this node and, `depth` plies on, at
// every node below it; returns the nodes compared, or stops at the first difference.
int compare_move_sets(PluginHash& plugin, Game& game, int depth, const std::string& where) {
  Expected<std::vector<std::string>> moves = plugin.legal_moves();
  if (!moves) {
    ADD_FAILURE() << where << ": " << moves.error();
    return 0;
  }
  const std::vector<std::string> expected = reference_moves(game.position());
  if (sorted(*moves) != expected) {
    ADD_FAILURE() << where << " after '" << game.uci_moves() << "': the plugin's moves "
                  << testing::PrintToString(sorted(*moves)) << ", the reference's "
                  << testing::PrintToString(expected);
    return 0;
  }
  int nodes = 1;
  if (depth == 0) return nodes;
  for (const std::string& move : expected) {
    if (!plugin.make_move(move) || !game.play_uci(move)) {
      ADD_FAILURE() << where << ": cannot play " << move << " after '" << game.uci_moves() << "'";
      return 0;
    }
    const int below = compare_move_sets(plugin, game, depth - 1, where);
    if (!plugin.unmake_move() || !game.undo()) {
      ADD_FAILURE() << where << ": cannot take back " << move;
      return 0;
    }
    if (below == 0) return 0;
    nodes += below;
  }
  return nodes;
}

TEST(ExamplePlugin, LegalMovesEqualTheReferencesTwoPliesDeepFromEveryStandardSuitePosition) {
  auto library = example();
  ASSERT_TRUE(library);
  int positions = 0, nodes = 0;
  for (const char* file : {"perft/standard.epd", "perft/tricky.perft"}) {
    const auto text = zv_test::read_corpus_file(file);
    ASSERT_TRUE(text) << text.error();
    for (const zv_test::CorpusFen& start : zv_test::suite_fens(file, *text)) {
      Game game;
      ASSERT_TRUE(game.set(start.fen, polyglot_scheme(), zv_test::suite_reading()).empty())
          << start.where;
      if (game.position().is_chess960()) continue;  // X-FEN positions of tricky.perft
      PluginHash plugin(library, PluginOptions{});
      ASSERT_TRUE(plugin.set_position(start.fen, false)) << start.where;
      const int compared = compare_move_sets(plugin, game, 2, start.where);
      ASSERT_GT(compared, 0) << start.where;
      nodes += compared;
      ++positions;
    }
  }
  EXPECT_GE(positions, 140);
  std::printf("compared the legal moves of %d nodes below %d positions\n", nodes, positions);
}

TEST(ExamplePlugin, RefusesAnIllegalMoveSayingWhy) {
  auto library = example();
  ASSERT_TRUE(library);
  PluginHash plugin(library, PluginOptions{});
  ASSERT_TRUE(plugin.set_position(StartFen, false));
  const Expected<Done> played = plugin.make_move("e2e5");
  ASSERT_FALSE(played);
  EXPECT_THAT(played.error(), HasSubstr("refused the move e2e5"));
  EXPECT_THAT(played.error(), HasSubstr(": move 'e2e5' is not legal here (20 legal moves)"));
}

TEST(ExamplePlugin, RefusesANullMoveInCheck) {
  auto library = example();
  ASSERT_TRUE(library);
  PluginHash plugin(library, PluginOptions{});
  ASSERT_TRUE(plugin.set_position("4k3/8/8/8/8/8/8/4K2r w - - 0 1", false));
  const Expected<Done> played = plugin.make_move("0000");
  ASSERT_FALSE(played);
  EXPECT_THAT(played.error(), HasSubstr("null move refused: the side to move is in check"));
}

// The door sends only valid FENs in normal form; the example's own reader is seen through the
// raw table.
std::string raw_set_fen_error(const zv_plugin& table, const char* fen) {
  zv_state* state = table.create();
  if (!state) return "create() returned NULL";
  const int status = table.set_fen(state, fen);
  const char* message = table.last_error(state);
  std::string error = status == 0 ? "accepted" : message ? message : "(no message)";
  table.destroy(state);
  return error;
}

TEST(ExamplePlugin, ItsFenReaderSaysWhatItRefuses) {
  auto library = example();
  ASSERT_TRUE(library);
  const zv_plugin& table = library->api();
  EXPECT_THAT(raw_set_fen_error(table, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"),
              HasSubstr("castling letter 'H' is not one of KQkq"));
  EXPECT_THAT(raw_set_fen_error(table, "8/8/8/8/8/8/8/8 w - - 0 1"),
              HasSubstr("White has 0 kings, not 1"));
  EXPECT_THAT(raw_set_fen_error(table, "4k3/8/8/8/8/8/8/4K3 w - -"), HasSubstr("has 4 fields"));
  EXPECT_THAT(raw_set_fen_error(table, "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
              HasSubstr("en-passant square 'e6' has no pawn in front of it"));
  EXPECT_EQ(raw_set_fen_error(table, StartFen), "accepted");
}

}  // namespace
}  // namespace zobrist_verify
