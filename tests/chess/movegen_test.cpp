// Legal move generation in targeted positions: castling through, out of and into check, Chess960
// castling corner cases, en passant under pins and checks, promotions. Every expected move set was
// worked out by hand and cross-checked once with Stockfish 15.1's `go perft 1`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {
namespace {

struct MoveSetCase {
  const char* name;
  const char* fen;
  bool chess960;      // the position needs Chess960 castling (detected from the FEN)
  const char* moves;  // every legal move in UCI, space-separated, any order
};

void PrintTo(const MoveSetCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

std::vector<std::string> sorted_words(const std::string& text) {
  std::vector<std::string> words;
  for (std::string& w : zv_test::split(text, ' ')) {
    if (!w.empty()) words.push_back(std::move(w));
  }
  std::sort(words.begin(), words.end());
  return words;
}

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += (text.empty() ? "" : " ") + w;
  return text;
}

std::vector<std::string> legal_uci(const Position& pos) {
  std::vector<std::string> moves;
  for (const Move m : legal_moves(pos)) moves.push_back(move_to_uci(pos, m));
  std::sort(moves.begin(), moves.end());
  return moves;
}

const MoveSetCase move_set_cases[] = {
    // Standard castling. A rook on the e-file checks the king: only king steps remain.
    {"NoCastlingOutOfCheck", "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false, "e1d1 e1d2 e1f1 e1f2"},
    // The f-file rook covers f1, which the king crosses for O-O.
    {"NoShortCastlingThroughCheck", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // The d-file rook covers d1, which the king crosses for O-O-O.
    {"NoLongCastlingThroughCheck", "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1e2 e1f1 e1f2 e1g1 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // b1 is attacked, but only the rook crosses it: O-O-O stays legal.
    {"LongCastlingWithAttackedB1", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    {"NoShortCastlingIntoCheck", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1c1 e1d1 e1d2 e1e2 e1f1 e1f2 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    {"NoLongCastlingIntoCheck", "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    {"NoCastlingWithKnightsInBetween", "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a3 b1c3 b1d2 e1d1 e1d2 e1e2 e1f1 e1f2 "
     "g1e2 g1f3 g1h3 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // The rook must cross b1 for O-O-O.
    {"NoLongCastlingWithKnightOnB1", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", false,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 b1a3 b1c3 b1d2 e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    {"BlackNoShortCastlingWithKnightOnG8", "r3k1nr/8/8/8/8/8/8/4K3 b kq - 0 1", false,
     "a8a1 a8a2 a8a3 a8a4 a8a5 a8a6 a8a7 a8b8 a8c8 a8d8 e8c8 e8d7 e8d8 e8e7 e8f7 e8f8 "
     "g8e7 g8f6 g8h6 h8h1 h8h2 h8h3 h8h4 h8h5 h8h6 h8h7"},
    // Chess960: castling written king-takes-rook. King already on g1: O-O only moves the rook.
    {"Chess960KingAlreadyOnG1", "6k1/8/8/8/8/8/8/1R4KR w HB - 0 1", true,
     "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 b1f1 g1b1 g1f1 g1f2 g1g2 g1h1 "
     "g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // A bishop on f1 blocks the rook's destination (O-O) and the king's path (O-O-O).
    {"Chess960BishopOnF1BlocksBothCastlings", "6k1/8/8/8/8/8/8/1R3BKR w HB - 0 1", true,
     "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 b1c1 b1d1 b1e1 f1a6 f1b5 f1c4 f1d3 f1e2 f1g2 "
     "f1h3 g1f2 g1g2 g1h2 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // Rook already on f1: O-O moves only the king, across its own rook.
    {"Chess960RookAlreadyOnF1", "4k3/8/8/8/8/8/8/R3KR2 w FA - 0 1", true,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1a1 e1d1 e1d2 e1e2 e1f1 e1f2 "
     "f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g1 f1h1"},
    {"Chess960RookOnF1ButG1Attacked", "4k1r1/8/8/8/8/8/8/R3KR2 w FA - 0 1", true,
     "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1a1 e1d1 e1d2 e1e2 e1f2 "
     "f1f2 f1f3 f1f4 f1f5 f1f6 f1f7 f1f8 f1g1 f1h1"},
    // Rook already on d1: O-O-O moves only the king; the knight on b1 is in nobody's path.
    {"Chess960RookAlreadyOnD1KnightOnB1", "4k3/8/8/8/8/8/8/1N1RK2R w HD - 0 1", true,
     "b1a3 b1c3 b1d2 d1c1 d1d2 d1d3 d1d4 d1d5 d1d6 d1d7 d1d8 e1d1 e1d2 e1e2 e1f1 e1f2 e1h1 "
     "h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8"},
    // King f1 and rook g1 swap squares.
    {"Chess960KingAndRookSwapShort", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", true,
     "f1e1 f1e2 f1f2 f1g1 f1g2 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1"},
    // After the swap the king would stand on g1, on the black rook's file.
    {"Chess960SwapIntoCheckIsIllegal", "4k1r1/8/8/8/8/8/8/5KR1 w G - 0 1", true,
     "f1e1 f1e2 f1f2 g1g2 g1g3 g1g4 g1g5 g1g6 g1g7 g1g8 g1h1"},
    {"Chess960KingAndRookSwapLong", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", true,
     "c1a1 c1b1 c1c2 c1c3 c1c4 c1c5 c1c6 c1c7 c1c8 d1c1 d1c2 d1d2 d1e1 d1e2"},
    // The castling rook on b1 shields the king on c1 from the queen on a1; O-O-O would move it
    // to d1 and leave the king in check, although no square the king visits is attacked now.
    {"Chess960CastlingRookShieldsKingFromQueen", "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", true,
     "b1a1 c1c2 c1d1 c1d2"},
    {"Chess960CastlingRookShieldsKingFromRook", "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", true,
     "b1a1 b1c1 d1c1 d1c2 d1d2 d1e1 d1e2"},
    {"Chess960SameCastlingWithoutTheQueen", "4k3/8/8/8/8/8/8/1RK5 w B - 0 1", true,
     "b1a1 b1b2 b1b3 b1b4 b1b5 b1b6 b1b7 b1b8 c1b1 c1b2 c1c2 c1d1 c1d2"},
    {"Chess960BlackCastlingRookShieldsKing", "Qrk5/8/8/8/8/8/8/4K3 b b - 0 1", true,
     "b8a8 c8c7 c8d7 c8d8"},
    // En passant. Both pawns leave the fifth rank: the rook on h5 would check the king on a5.
    {"EnPassantExposingKingAlongRankIsExcluded", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", false,
     "a5a4 a5a6 a5b4 a5b5 a5b6 e5e6"},
    // The capturer is pinned on the b8-h2 diagonal and captures onto it (d6): legal.
    {"EnPassantAlongTheDiagonalPinIsIncluded", "kb6/8/8/3pP3/8/8/7K/8 w - d6 0 1", false,
     "e5d6 h2g1 h2g2 h2g3 h2h1 h2h3"},
    // Pinned on the a1-h8 diagonal, capturing off it: illegal (so is the push).
    {"EnPassantOffTheDiagonalPinIsExcluded", "7b/8/8/3pP3/8/8/8/K6k w - d6 0 1", false,
     "a1a2 a1b1 a1b2"},
    // The pawn that just made the double push gives check; taking it en passant answers it.
    {"EnPassantCapturingTheCheckingPawnIsIncluded", "8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1", false,
     "e4d3 e4d4 e4d5 e4e3 e4f3 e4f4 e4f5 e5d6"},
    // Pinned on the e-file: the push stays on the file, the capture leaves it.
    {"EnPassantByFilePinnedPawnIsExcluded", "4r3/8/8/3pP3/8/8/8/4K2k w - d6 0 1", false,
     "e1d1 e1d2 e1e2 e1f1 e1f2 e5e6"},
    // The captured pawn shields the king on the d-file; the capturer lands on d6 and shields it.
    {"EnPassantRemovingAFileShieldButLandingOnTheFileIsIncluded",
     "3r4/8/8/3pP3/8/8/8/3K3k w - d6 0 1", false, "d1c1 d1c2 d1d2 d1e1 d1e2 e5d6 e5e6"},
    {"BlackEnPassant", "8/8/8/8/3Pp3/8/8/4K2k b - d3 0 1", false, "e4d3 e4e3 h1g1 h1g2 h1h2"},
    // Promotions: four pieces on each of the three squares the pawn reaches.
    {"WhitePromotionsWithCaptures", "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false,
     "b7a8b b7a8n b7a8q b7a8r b7b8b b7b8n b7b8q b7b8r b7c8b b7c8n b7c8q b7c8r "
     "e1d1 e1d2 e1e2 e1f1 e1f2"},
    {"BlackPromotionsWithCapture", "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1", false,
     "e8d7 e8d8 e8e7 e8f7 e8f8 g2g1b g2g1n g2g1q g2g1r g2h1b g2h1n g2h1q g2h1r"},
    // A pawn behind a checking bishop on the line to its own king (with the enemy queen behind
    // it) is not pinned: it may capture the checker. Found by the full-depth Chess960 suite
    // (fischer.epd line 596, depth 6, two nodes short).
    {"PawnBehindCheckerMayCaptureIt", "7Q/6p1/5B2/4k3/8/8/8/4K3 b - - 0 1", false,
     "e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6 g7f6"},
    {"PawnBehindCheckerMayCaptureItChess960",
     "rbbqn1rQ/pppp1pp1/5B2/4k3/2PpP3/8/PP3PPP/RB2NKRN b GA - 3 11", true,
     "d8f6 e5d6 e5e6 e5f4 e5f6 e8f6 g7f6"},
};

class TargetedPosition : public testing::TestWithParam<MoveSetCase> {};

TEST_P(TargetedPosition, LegalMovesAreExactlyTheExpectedSet) {
  const MoveSetCase& c = GetParam();
  Game game;
  const std::vector<FenError> errors = game.set(c.fen, polyglot_scheme());
  ASSERT_TRUE(errors.empty()) << c.fen << "\n" << zv_test::describe(errors);
  ASSERT_EQ(game.position().is_chess960(), c.chess960) << c.fen;
  EXPECT_EQ(join(legal_uci(game.position())), join(sorted_words(c.moves))) << "FEN " << c.fen;
}

TEST_P(TargetedPosition, LegalMovesContainNoDuplicates) {
  const MoveSetCase& c = GetParam();
  Game game;
  ASSERT_TRUE(game.set(c.fen, polyglot_scheme()).empty()) << c.fen;
  const MoveList list = legal_moves(game.position());
  std::vector<std::uint16_t> raw;
  for (const Move m : list) raw.push_back(m.raw());
  std::sort(raw.begin(), raw.end());
  EXPECT_EQ(std::adjacent_find(raw.begin(), raw.end()), raw.end()) << c.fen;
}

TEST_P(TargetedPosition, HasLegalMoveAgreesWithTheList) {
  const MoveSetCase& c = GetParam();
  Game game;
  ASSERT_TRUE(game.set(c.fen, polyglot_scheme()).empty()) << c.fen;
  EXPECT_EQ(has_legal_move(game.position()), !legal_moves(game.position()).empty()) << c.fen;
}

INSTANTIATE_TEST_SUITE_P(Cases, TargetedPosition, testing::ValuesIn(move_set_cases),
                         [](const testing::TestParamInfo<MoveSetCase>& info) {
                           return std::string(info.param.name);
                         });

// Castling is encoded king-takes-rook whatever the variant.
TEST(LegalMoves, StandardCastlingIsEncodedKingTakesRook) {
  Game game;
  ASSERT_TRUE(game.set("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", polyglot_scheme()).empty());
  const MoveList list = legal_moves(game.position());
  EXPECT_TRUE(list.contains(Move::make(MoveKind::Castling, E1, H1)));
  EXPECT_TRUE(list.contains(Move::make(MoveKind::Castling, E1, A1)));
  EXPECT_FALSE(list.contains(Move(E1, G1)));
  EXPECT_FALSE(list.contains(Move(E1, C1)));
}

TEST(LegalMoves, EnPassantIsEncodedAsItsOwnKind) {
  Game game;
  ASSERT_TRUE(game.set("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1", polyglot_scheme()).empty());
  EXPECT_TRUE(legal_moves(game.position()).contains(Move::make(MoveKind::EnPassant, E5, D6)));
}

TEST(LegalMoves, CheckmateHasNone) {
  Game game;
  // Fool's mate.
  ASSERT_TRUE(
      game.set("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", polyglot_scheme())
          .empty());
  EXPECT_TRUE(legal_moves(game.position()).empty());
  EXPECT_FALSE(has_legal_move(game.position()));
}

TEST(LegalMoves, StalemateHasNone) {
  Game game;
  ASSERT_TRUE(game.set("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", polyglot_scheme()).empty());
  EXPECT_TRUE(legal_moves(game.position()).empty());
  EXPECT_FALSE(has_legal_move(game.position()));
}

TEST(LegalMoves, MaximumKnownPositionHas218) {
  Game game;
  ASSERT_TRUE(
      game.set("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", polyglot_scheme()).empty());
  EXPECT_EQ(legal_moves(game.position()).size(), 218u);
}

}  // namespace
}  // namespace zobrist_verify
