// The FEN the plugin door sends: one already in the form plugin.h promises goes through byte for
// byte; any other is rewritten by the reference's writer. The door decides this once per position
// from a bit set of the FEN's spaces, so the cases below put fields on either side of byte 64.
#include <gtest/gtest.h>

#include <string>

#include "zobrist_verify/doors/plugin_hash.h"

namespace {

namespace zv = zobrist_verify;

std::string sent(const std::string& fen) {
  return zv::plugin_fen(fen, false, zv::PluginOptions{});
}

TEST(PluginFen, AStandardFenGoesThroughUnchanged) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(sent(start), start);
  const std::string no_castling = "8/8/4k3/8/2pP4/8/4K3/8 b - d3 0 40";
  EXPECT_EQ(sent(no_castling), no_castling);
}

TEST(PluginFen, AFenWhoseCastlingFieldLiesPastByte64GoesThroughUnchanged) {
  // 82 bytes; the castling field starts at byte 70.
  const std::string fen =
      "r1b1k2r/1p1p1p1p/p1p1p1p1/1n1b1q1n/N1B1Q1B1/P1P1P1P1/1P1P1P1P/R3K2R w KQkq - 10 20";
  EXPECT_EQ(sent(fen), fen);
}

TEST(PluginFen, CastlingLettersForRooksOffTheirSquaresAreRewrittenAsShredderLetters) {
  // The king-side rooks stand on g1 and g8: K and k name them as X-FEN letters, a Chess960
  // position, sent with file letters. The castling field starts at byte 72.
  EXPECT_EQ(
      sent("r1b1k1r1/1p1p1p1p/p1p1p1p1/1n1b1q1n/N1B1Q1B1/P1P1P1P1/1P1P1P1P/R3K1R1 w KQkq - 10 20"),
      "r1b1k1r1/1p1p1p1p/p1p1p1p1/1n1b1q1n/N1B1Q1B1/P1P1P1P1/1P1P1P1P/R3K1R1 w GAga - 10 20");
  EXPECT_EQ(sent("4k1r1/8/8/8/8/8/8/4K1R1 w Kk - 0 1"), "4k1r1/8/8/8/8/8/8/4K1R1 w Gg - 0 1");
}

TEST(PluginFen, AFenWithoutItsClocksIsRewrittenWithThem) {
  EXPECT_EQ(sent("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

}  // namespace
