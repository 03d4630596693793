// The detours of --move-routes-only's castling property: moves that lose the castling rights a
// game's move lost, by another mechanism where one exists, and come back to the same placement
// and side to move with every other right kept.
#include <gtest/gtest.h>

#include <string>

#include "chess/detours.h"
#include "chess/position_tools.h"
#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify::properties {
namespace {

struct Found {
  std::string moves, how;
  std::string reached;  // placement, side and castling after the detour
};

// The detour from `fen` for the rights `move` loses there; `game` is checked to be left as it was.
std::optional<Found> detour_for(const std::string& fen, const std::string& move) {
  Game game;
  EXPECT_TRUE(game.set(fen, polyglot_scheme()).empty()) << fen;
  const Expected<Move> m = parse_uci_move(game.position(), move);
  EXPECT_TRUE(m.has_value()) << move;
  const CastlingRights before = game.position().castling_rights();
  game.play(*m);
  const auto lost = CastlingRights(before & ~game.position().castling_rights());
  (void)game.undo();
  const std::optional<RightsDetour> detour = rights_detour(game, lost, *m);
  EXPECT_EQ(game.position().fen(), *normal_fen(fen)) << "the game is left where it was";
  if (!detour) return std::nullopt;
  Game after;
  EXPECT_TRUE(after.set(fen, polyglot_scheme()).empty());
  EXPECT_TRUE(after.play_uci_sequence(moves_text(detour->moves)).has_value());
  const FenFields f = split_fen(after.position().fen());
  return Found{moves_text(detour->moves), detour->how,
               f.placement + " " + f.side + " " + f.castling};
}

const std::string Corners = "r3k2r/8/8/3B4/3b4/8/8/R3K2R w KQkq - 0 1";

TEST(RightsDetour, ARookCapturedOnItsCornerIsMatchedByThatRookOutAndBackWhileTheCapturerWaits) {
  const std::optional<Found> d = detour_for(Corners, "d5a8");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->how, "the a8 rook out and back");
  EXPECT_EQ(d->moves, "d5a2 a8a3 a2d5 a3a8");  // the bishop waits, never a rook or the king
  EXPECT_EQ(d->reached, "r3k2r/8/8/3B4/3b4/8/8/R3K2R w KQk");
}

TEST(RightsDetour, AKingMoveIsMatchedByBothRooksOutAndBack) {
  const std::optional<Found> d = detour_for(Corners, "e1d1");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->how, "the h1 rook out and back and the a1 rook out and back");
  // Black waits with its bishop: its rooks and king would lose Black's rights.
  EXPECT_EQ(d->moves, "h1f1 d4b2 f1h1 b2d4 a1b1 d4g1 b1a1 g1d4");
  EXPECT_EQ(d->reached, "r3k2r/8/8/3B4/3b4/8/8/R3K2R w kq");
}

TEST(RightsDetour, ARookMoveIsMatchedByTheKingWhenItsSideHasNoOtherRight) {
  const std::optional<Found> d = detour_for("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h2");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->how, "the e1 king out and back");
  EXPECT_EQ(d->moves, "e1d1 e8d7 d1e1 d7e8");
  EXPECT_EQ(d->reached, "4k3/8/8/8/8/8/8/4K2R w -");
}

TEST(RightsDetour, ARookMoveWithTheOtherRightHeldIsMatchedByThatRookAgainNeverTheKing) {
  const std::optional<Found> d = detour_for(Corners, "h1h2");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->how, "the h1 rook out and back");
  EXPECT_EQ(d->reached, "r3k2r/8/8/3B4/3b4/8/8/R3K2R w Qkq");
}

TEST(RightsDetour, ThereIsNoneWhenTheOtherSideHasOnlyPawnsToWaitWith) {
  EXPECT_FALSE(detour_for("kb6/ppp5/8/8/8/8/8/R3K3 w Q - 0 1", "a1a2"));
}

}  // namespace
}  // namespace zobrist_verify::properties
