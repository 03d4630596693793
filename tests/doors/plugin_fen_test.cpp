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

TEST(PluginFen, EveryLengthModuloEightIsReadToItsLastByte) {
  // The last word of a text whose length is not a multiple of eight is read overlapping the one
  // before. Move numbers of 1 to 8 digits, and 0 to 7 pawns on the second rank, move the last
  // fields through every position in that word.
  for (int digits = 1; digits <= 8; ++digits) {
    const std::string clock = "1" + std::string(std::size_t(digits - 1), '0');
    const std::string kept = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 " + clock;
    EXPECT_EQ(sent(kept), kept) << kept.size() << " bytes";
    const std::string x_fen = "4k1r1/8/8/8/8/8/8/4K1R1 w Kk - 0 " + clock;
    EXPECT_EQ(sent(x_fen), "4k1r1/8/8/8/8/8/8/4K1R1 w Gg - 0 " + clock) << x_fen.size() << " bytes";
  }
  // Four fields: a space seen where there is none would pass them on without their clocks.
  for (int pawns = 0; pawns < 8; ++pawns) {
    const std::string rank = std::string(std::size_t(pawns), 'P') + std::to_string(8 - pawns);
    const std::string fen = "4k3/8/8/8/8/8/" + rank + "/4K3 w - -";
    EXPECT_FALSE(zv::already_in_plugin_form(fen, false)) << fen;
    EXPECT_EQ(sent(fen), fen + " 0 1") << fen.size() << " bytes";
    EXPECT_TRUE(zv::already_in_plugin_form(fen + " 0 1", false)) << fen;
    // Each space turned into another byte, or another added: not six fields.
    for (std::size_t at = fen.find(' '); at != std::string::npos; at = fen.find(' ', at + 1)) {
      std::string joined = fen + " 0 1";
      joined[at] = '_';
      EXPECT_FALSE(zv::already_in_plugin_form(joined, false)) << joined;
    }
    EXPECT_FALSE(zv::already_in_plugin_form(fen + " 0 1 ", false)) << fen;
    EXPECT_FALSE(zv::already_in_plugin_form(fen + " 0 1", true)) << "a Chess960 position";
  }
}

TEST(PluginFen, TextsTooShortOrTooLongForAFenGoThroughAsTheyAre) {
  EXPECT_EQ(sent(""), "");
  EXPECT_EQ(sent("8/8 w"), "8/8 w");
  const std::string noise(300, ' ');
  EXPECT_EQ(sent(noise), noise);
}

}  // namespace
