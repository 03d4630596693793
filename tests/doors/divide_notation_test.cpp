// A divide's moves as engines print them, read into UCI against their position
// (divide_notation.h, issue 39, section 2): UCI and long algebraic by their squares, SAN against
// the legal moves.
#include <string>

#include <gtest/gtest.h>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/divide_notation.h"

namespace zobrist_verify {
namespace {

// White: king e1 with the h1 rook's right, knights b1 and f3 (both reach d2), pawns b7 and e5;
// Black: king e8, a pawn just pushed d7-d5 (e5xd6 en passant).
constexpr const char* Fen = "4k3/1P6/8/3pP3/8/5N2/8/1N2K2R w K d6 0 1";

std::string read(const char* printed, bool king_takes_rook = false) {
  Game game;
  EXPECT_TRUE(game.set(Fen, polyglot_scheme()).empty());
  Expected<std::string> uci = divide_move_in_uci(game.position(), printed, king_takes_rook);
  return uci ? *uci : "error: " + uci.error();
}

TEST(DivideNotation, UciIsReadAsItIs) {
  EXPECT_EQ(read("e5e6"), "e5e6");
  EXPECT_EQ(read("b7b8Q"), "b7b8q");
  EXPECT_EQ(read("e5e7"), "e5e7");  // illegal: an extra move of the comparison
}

TEST(DivideNotation, LongAlgebraicIsReadByItsSquares) {
  EXPECT_EQ(read("Ng1-f3"), "g1f3");  // no knight on g1: read by its squares all the same
  EXPECT_EQ(read("Nf3-d2"), "f3d2");
  EXPECT_EQ(read("e5-d6"), "e5d6");
  EXPECT_EQ(read("e5xd6"), "e5d6");
  EXPECT_EQ(read("b7-b8=Q"), "b7b8q");
  EXPECT_EQ(read("b7-b8N"), "b7b8n");
  EXPECT_EQ(read("Ke1-g1"), "e1g1");
  EXPECT_EQ(read("Ke8xe8"), "e8e8");  // PyChess's phantom Chess960 castling, an extra move
}

TEST(DivideNotation, SanIsMatchedAgainstTheLegalMoves) {
  EXPECT_EQ(read("Nbd2"), "b1d2");
  EXPECT_EQ(read("N1d2"), "b1d2");
  EXPECT_EQ(read("Nfd2"), "f3d2");
  EXPECT_EQ(read("Ng5"), "f3g5");
  EXPECT_EQ(read("exd6"), "e5d6");
  EXPECT_EQ(read("e6"), "e5e6");
  EXPECT_EQ(read("b8=Q"), "b7b8q");
  EXPECT_EQ(read("b8N+"), "b7b8n");
  EXPECT_EQ(read("Rh8+"), "h1h8");
  EXPECT_EQ(read("Kd1!?"), "e1d1");
  EXPECT_EQ(read("O-O"), "e1g1");
  EXPECT_EQ(read("0-0"), "e1g1");
  EXPECT_EQ(read("O-O", true), "e1h1");  // Chess960: king takes rook
}

TEST(DivideNotation, SanThatFitsNoLegalMoveIsQuotedAsPrinted) {
  EXPECT_EQ(read("Bf3"), "'Bf3'");
  EXPECT_EQ(read("b8"), "'b8'");  // a promotion must name its piece
  EXPECT_EQ(read("O-O-O"), "'O-O-O'");
}

TEST(DivideNotation, SanThatFitsTwoLegalMovesIsAFault) {
  EXPECT_EQ(read("Nd2"),
            "error: the SAN move 'Nd2' fits 2 legal moves (b1d2, f3d2): SAN names one");
}

TEST(DivideNotation, TextInNoNotationIsAFault) {
  EXPECT_EQ(read("zz9"),
            "error: 'zz9' is a move in no notation the door reads (UCI e2e4, long algebraic "
            "Ng1-f3, SAN Nf3)");
  EXPECT_EQ(read("Nf3-"),
            "error: 'Nf3-' is a move in no notation the door reads (UCI e2e4, "
            "long algebraic Ng1-f3, SAN Nf3)");
}

TEST(DivideNotation, AWholeDivideIsReadAtThePositionItsMovesReach) {
  DivideCounts printed;
  printed.moves = {{"Nf6", 1}, {"Nc6", 1}, {"e5", 1}};
  printed.nodes = 3;
  Expected<DivideCounts> read = divide_in_uci("startpos", "e2e4", false, printed);
  ASSERT_TRUE(read) << read.error();
  ASSERT_EQ(read->moves.size(), 3u);
  EXPECT_EQ(read->moves[0].first, "g8f6");
  EXPECT_EQ(read->moves[1].first, "b8c6");
  EXPECT_EQ(read->moves[2].first, "e7e5");
  EXPECT_EQ(read->nodes, 3u);
}

}  // namespace
}  // namespace zobrist_verify
