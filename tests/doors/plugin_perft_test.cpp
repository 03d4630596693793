// plugin_perft_divide, in process: a plugin's own legal_moves and make_move build the whole tree
// below depth 1 (published perft counts for the reference as a plugin), a generator bug shows in
// the one root move whose subtree it reaches, and the refusal of the root FEN is a refusal (not a
// fault) that names the route.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "zobrist_verify/doors/plugin_hash.h"
#include "zobrist_verify/doors/plugin_perft.h"

namespace {

using namespace zobrist_verify;

std::shared_ptr<const PluginLibrary> load(const std::string& name) {
  auto library = PluginLibrary::load(std::string(ZV_PLUGIN_DIR) + "/" + name + ".so");
  if (!library) throw std::runtime_error(library.error());
  return *library;
}

std::uint64_t count_of(const DivideCounts& divide, const std::string& move) {
  for (const auto& [m, count] : divide.moves)
    if (m == move) return count;
  ADD_FAILURE() << "no move " << move << " in the divide";
  return 0;
}

constexpr const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// Perft of the start position: 20 moves, 8902 leaves at depth 3, 600 of them under e2e4 (the
// published counts and divide, e.g. the Chess Programming Wiki's "Perft Results").
TEST(PluginPerft, TheReferenceAsAPluginCountsThePublishedStartPositionPerft) {
  PluginHash plugin(load("zv_reference_plugin"), {});
  auto one = plugin_perft_divide(plugin, Start, false, {}, 1);
  ASSERT_TRUE(one) << one.error();
  EXPECT_EQ(one->moves.size(), 20u);
  auto three = plugin_perft_divide(plugin, Start, false, {}, 3);
  ASSERT_TRUE(three) << three.error();
  EXPECT_EQ(three->nodes, 8902u);
  EXPECT_EQ(count_of(*three, "e2e4"), 600u);  // the published divide at depth 3
}

// After 1. e4 d5 2. e5 f5 (published: perft 1 of this position counts exf6 e.p.), from the FEN
// before 2... f5 the plugin that forgets en-passant captures loses exactly one leaf at depth 2,
// under f7f5, and nowhere else.
TEST(PluginPerft, AMissingEnPassantCaptureShowsUnderTheDoublePushThatAllowsIt) {
  const std::string fen = "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2";
  PluginHash good(load("zv_reference_plugin"), {});
  PluginHash buggy(load("zv_drops_en_passant_plugin"), {});
  auto expected = plugin_perft_divide(good, fen, false, {}, 2);
  auto got = plugin_perft_divide(buggy, fen, false, {}, 2);
  ASSERT_TRUE(expected) << expected.error();
  ASSERT_TRUE(got) << got.error();
  ASSERT_EQ(got->moves.size(), expected->moves.size());
  for (const auto& [move, count] : expected->moves)
    EXPECT_EQ(count_of(*got, move) + (move == "f7f5" ? 1 : 0), count) << move;
  EXPECT_EQ(got->nodes + 1, expected->nodes);
}

// The same bug seen from a route: the moves before the divide are the plugin's to play.
TEST(PluginPerft, MovesBeforeTheDivideArePlayedByThePlugin) {
  const std::vector<std::string> route = {"e2e4", "d7d5", "e4e5", "f7f5"};
  PluginHash good(load("zv_reference_plugin"), {});
  PluginHash buggy(load("zv_drops_en_passant_plugin"), {});
  auto expected = plugin_perft_divide(good, Start, false, route, 1);
  auto got = plugin_perft_divide(buggy, Start, false, route, 1);
  ASSERT_TRUE(expected) << expected.error();
  ASSERT_TRUE(got) << got.error();
  EXPECT_EQ(count_of(*expected, "e5f6"), 1u);  // exf6 e.p. is legal here
  EXPECT_EQ(got->moves.size() + 1, expected->moves.size());
  for (const auto& [move, count] : got->moves) EXPECT_NE(move, "e5f6");
}

TEST(PluginPerft, ARefusedRootFenIsARefusalThatNamesTheRoute) {
  PluginHash refusing(load("zv_refuses_black_plugin"), {});
  const std::string fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  auto divide = plugin_perft_divide(refusing, fen, false, {}, 2);
  ASSERT_FALSE(divide);
  EXPECT_EQ(divide.error_kind(), ErrorKind::Refused);
  EXPECT_NE(divide.error().find("(at '" + fen + "')"), std::string::npos) << divide.error();
}

}  // namespace
