// Lengthening moves: quiet piece moves that keep a game going for thousands of plies, so that
// routes past engines' 4096-ply histories can be generated.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/long_route.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {
namespace {

void set(Game& game, const std::string& fen) {
  ASSERT_TRUE(game.set(fen, polyglot_scheme()).empty()) << fen;
}

TEST(LengtheningMove, FromTheStartPositionOnlyKnightsMove) {
  Game game;
  ASSERT_TRUE(game.set(StartFen, polyglot_scheme()).empty());
  for (std::uint64_t choice = 0; choice < 8; ++choice) {
    const std::string move =
        move_to_uci(game.position(), lengthening_move(game.position(), choice));
    EXPECT_TRUE(move == "b1a3" || move == "b1c3" || move == "g1f3" || move == "g1h3") << move;
  }
}

TEST(LengtheningMoves, PlayFiveThousandPliesWithoutCaptureOrPawnMove) {
  Game game;
  ASSERT_TRUE(game.set(StartFen, polyglot_scheme()).empty());
  for (std::uint64_t ply = 0; ply < 5000; ++ply) {
    const Move m = lengthening_move(game.position(), ply * 0x9E3779B97F4A7C15ULL);
    ASSERT_NE(m, Move::none()) << "at ply " << ply << ": " << game.position().fen();
    game.play(m);
  }
  // Every pawn where it started, no capture: the clock counts every ply.
  const std::string fen = game.position().fen();
  EXPECT_NE(fen.find("/pppppppp/"), std::string::npos) << fen;
  EXPECT_NE(fen.find("/PPPPPPPP/"), std::string::npos) << fen;
  EXPECT_EQ(fen.substr(fen.size() - 15), "w - - 5000 2501") << fen;
  EXPECT_TRUE(game.position().check().ok());
}

// The queen's quiet moves that keep Black stalemated are left out: Black always has a reply.
TEST(LengtheningMove, NeverLeavesTheOpponentWithoutAMove) {
  for (std::uint64_t choice = 0; choice < 40; ++choice) {
    Game game;
    set(game, "k7/2Q5/1K6/8/8/8/8/8 w - - 0 1");
    const Move m = lengthening_move(game.position(), choice);
    ASSERT_NE(m, Move::none());
    game.play(m);
    EXPECT_TRUE(has_legal_move(game.position())) << choice << ": " << game.position().fen();
  }
}

// The king has no square: a pawn move is the only way on.
TEST(LengtheningMove, FallsBackOnAPawnMoveWhenNoPieceCanMoveQuietly) {
  for (std::uint64_t choice = 0; choice < 4; ++choice) {
    Game game;
    set(game, "8/8/8/8/8/8/P1k5/K7 w - - 0 1");
    const std::string move =
        move_to_uci(game.position(), lengthening_move(game.position(), choice));
    EXPECT_TRUE(move == "a2a3" || move == "a2a4") << move;
  }
}

TEST(LengtheningMove, IsNoneWhenTheGameIsOver) {
  Game game;
  set(game, "k7/1Q6/1K6/8/8/8/8/8 b - - 0 1");  // mate
  EXPECT_EQ(lengthening_move(game.position(), 0), Move::none());
}

}  // namespace
}  // namespace zobrist_verify
