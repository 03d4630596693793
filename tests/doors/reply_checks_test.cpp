// What the engine door reads in a reply besides the key: the lines that report a refusal, and the
// position an engine shows compared as a position with the one the door set up.
#include "zobrist_verify/doors/reply_checks.h"

#include <gtest/gtest.h>

namespace zobrist_verify {
namespace {

TEST(ReportsError, RecognisesErrorIllegalAndInvalidLinesInAnyCase) {
  EXPECT_TRUE(reports_error("Error in FEN at character 33"));
  EXPECT_TRUE(reports_error("ERROR: bad position"));
  EXPECT_TRUE(reports_error("error: this engine cannot take that position"));
  EXPECT_TRUE(reports_error("Illegal position"));
  EXPECT_TRUE(reports_error("  invalid FEN string"));
  EXPECT_TRUE(reports_error("info string Invalid position: Black to move is not supported"));
}

TEST(ReportsError, LeavesOrdinaryOutputAlone) {
  EXPECT_FALSE(reports_error("Key: 8F8F01D4562F59FB"));
  EXPECT_FALSE(reports_error("Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
  EXPECT_FALSE(reports_error("info string NNUE evaluation using nn-ad9b42354671.nnue enabled"));
  EXPECT_FALSE(reports_error("info depth 1 score cp 20 pv e2e4"));
  EXPECT_FALSE(reports_error("Checkers: "));
  EXPECT_FALSE(reports_error("No error here"));  // only the first word counts
  EXPECT_FALSE(reports_error(""));
}

TEST(ShownPosition, TheSamePositionWrittenAlikeMatches) {
  const char* fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(shown_position_difference(fen, fen, false), std::nullopt);
}

TEST(ShownPosition, ClocksAreNotCompared) {
  EXPECT_EQ(shown_position_difference("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
                                      "4k3/8/8/8/8/8/8/R3K2R w KQ - 13 40", false),
            std::nullopt);
}

TEST(ShownPosition, CastlingRightsMatchInShredderAndXFenLetters) {
  // Chess960: king on b1, rooks on a1 and h1; X-FEN's K and Q name the outermost rooks.
  const char* shredder = "1r4kr/8/8/8/8/8/8/RK5R w HAhb - 0 1";
  const char* xfen = "1r4kr/8/8/8/8/8/8/RK5R w KQkq - 0 1";
  EXPECT_EQ(shown_position_difference(xfen, shredder, true), std::nullopt);
  EXPECT_EQ(shown_position_difference(shredder, xfen, true), std::nullopt);
  EXPECT_EQ(shown_position_difference("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1",
                                      "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false),
            std::nullopt);
}

TEST(ShownPosition, AChess960SideLetterMayNameAnInnerRook) {
  // King g1, rooks a1 and f1, the right with the f1 rook (Shredder F). Glaurung 2.2 prints Q,
  // which X-FEN reads as the a1 rook: the same right on the same side, not another position.
  const char* expected = "4k3/8/8/8/8/8/8/R4RK1 w F - 0 1";
  EXPECT_EQ(shown_position_difference("4k3/8/8/8/8/8/8/R4RK1 w Q - 0 1", expected, true),
            std::nullopt);
  // A right lost or gained on a side still differs; so does a file letter naming another rook.
  EXPECT_TRUE(shown_position_difference("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", expected, true));
  EXPECT_TRUE(shown_position_difference("4k3/8/8/8/8/8/8/R4RK1 w QK - 0 1", expected, true));
  EXPECT_TRUE(shown_position_difference("4k3/8/8/8/8/8/8/R4RK1 w A - 0 1", expected, true));
  // In standard chess the letters are exact: Q is the a1 rook.
  EXPECT_TRUE(shown_position_difference("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1",
                                        "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", false));
}

TEST(ShownPosition, MissingCastlingRightsDiffer) {
  const auto difference = shown_position_difference("4k3/8/8/8/8/8/8/R3K2R w K - 0 1",
                                                    "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false);
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->find("castling"), std::string::npos) << *difference;
}

TEST(ShownPosition, AnEnPassantSquareNoPawnCanTakeMayBeLeftOut) {
  // After 1. e4 no black pawn can take on e3: Stockfish shows "-".
  EXPECT_EQ(shown_position_difference("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                      false),
            std::nullopt);
  // Or kept.
  EXPECT_EQ(shown_position_difference("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
                                      false),
            std::nullopt);
}

TEST(ShownPosition, AnEnPassantSquareAPawnCanTakeMustBeShown) {
  const auto difference = shown_position_difference(
      "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
      "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", false);
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->find("en-passant square is none, not e3"), std::string::npos)
      << *difference;
  // Nor may an engine show one the position has not.
  EXPECT_TRUE(shown_position_difference(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", false));
}

TEST(ShownPosition, AnotherPlacementOrSideToMoveDiffers) {
  const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  const auto moved = shown_position_difference(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", start, false);
  ASSERT_TRUE(moved);
  EXPECT_NE(moved->find("pieces differ"), std::string::npos) << *moved;
  const auto turn = shown_position_difference(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1", start, false);
  ASSERT_TRUE(turn);
  EXPECT_NE(turn->find("side to move is Black"), std::string::npos) << *turn;
}

TEST(ShownPosition, AFenTheReaderCannotTakeDiffers) {
  const auto difference = shown_position_difference(
      "not a fen", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false);
  ASSERT_TRUE(difference);
  EXPECT_NE(difference->find("cannot read"), std::string::npos) << *difference;
}

}  // namespace
}  // namespace zobrist_verify
