// Positions no legal game reaches beyond their checks: a double push that cannot have been played,
// castling rights no start allows, an en-passant square with a running halfmove clock, and more
// promoted pieces than missing pawns. The strict FEN reader rejects each with its own code and a
// message naming the squares, accepts it under FenOptions::allow_unreachable (or its alias), and
// accepts every position a legal game reaches: positions built move by move, and over a million
// positions of random games from the standard start and from Chess960 starts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"
#include "zobrist_verify/chess/bitboard.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify {
// A namespace of its own: fen_impossible_check_test.cpp, in the same unity batch, has helpers of
// the same names.
namespace unreachable_fens {
namespace {

using C = FenErrorCode;

std::vector<FenError> strict_errors(std::string_view fen, FenOptions options = {}) {
  Position pos;
  StateInfo state{};
  return pos.set(fen, state, polyglot_scheme(), options);
}

// The Chess960 start of a Scharnagl index (518 is the standard array), with Shredder castling.
std::string chess960_start(int index) {
  std::string rank(8, ' ');
  auto put_on_empty = [&rank](int nth, char piece) {
    for (char& square : rank)
      if (square == ' ' && nth-- == 0) square = piece;
  };
  rank[std::size_t(2 * (index % 4) + 1)] = 'b';  // the light-squared bishop: b, d, f or h
  index /= 4;
  rank[std::size_t(2 * (index % 4))] = 'b';  // the dark-squared one: a, c, e or g
  index /= 4;
  put_on_empty(index % 6, 'q');
  index /= 6;
  constexpr int Knights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                  {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  put_on_empty(Knights[index][1], 'n');  // the later square first, so the earlier keeps its index
  put_on_empty(Knights[index][0], 'n');
  put_on_empty(0, 'r');
  put_on_empty(0, 'k');
  put_on_empty(0, 'r');
  std::string white = rank;
  for (char& c : white) c = char(c - 'a' + 'A');
  const std::size_t queen_rook = rank.find('r'), king_rook = rank.rfind('r');
  const std::string castling = {char('A' + king_rook), char('A' + queen_rook),
                                char('a' + king_rook), char('a' + queen_rook)};
  return rank + "/pppppppp/8/8/8/8/PPPPPPPP/" + white + " w " + castling + " - 0 1";
}

TEST(Chess960Starts, IndexFiveHundredEighteenIsTheStandardArray) {
  EXPECT_EQ(chess960_start(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  EXPECT_EQ(chess960_start(0), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
}

TEST(Chess960Starts, EveryIndexGivesAStartTheStrictReaderAcceptsWithAllFourRights) {
  for (int index = 0; index < 960; ++index) {
    Game game;
    const std::vector<FenError> errors =
        game.set(chess960_start(index), polyglot_scheme(), FenOptions{.chess960 = true});
    ASSERT_TRUE(errors.empty()) << index << "\n" << zv_test::describe(errors);
    EXPECT_EQ(game.position().castling_rights(), AnyCastling) << index;
  }
}

// A position no legal game reaches, the one error it must give, and what its message must name.
struct UnreachableCase {
  const char* name;
  const char* fen;
  FenErrorCode code;
  std::vector<std::string> named;
};

void PrintTo(const UnreachableCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

std::vector<UnreachableCase> unreachable_cases() {
  return {
      // Before f7-f5 the g4 queen checked the c8 king through f5, with Black to move.
      {"DoublePushAfterAnUnansweredDiagonalCheck",
       "2KBQ3/2P3r1/1P6/P3PpN1/qN1P2q1/Pp5P/1PR3q1/7k w - f6 0 1",
       C::EnPassantImpossiblePush,
       {"'f6'", "double push f7f5", "white king on c8", "check from g4", "black to move"}},
      {"DoublePushFromASquareThatCheckedTheKing",
       "4k3/8/5K2/4p3/8/8/8/8 w - e6 0 1",
       C::EnPassantImpossiblePush,
       {"e7e5", "white king on f6", "check from e7"}},
      {"DoublePushAfterAnUnansweredRankCheck",
       "4k3/8/8/K1p4r/8/8/8/8 w - c6 0 1",
       C::EnPassantImpossiblePush,
       {"c7c5", "white king on a5", "check from h5"}},
      // In check, the same question is the older en-passant rule's.
      {"DoublePushUnderAnOlderQueenCheck",
       "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
       C::EnPassantImpossibleCheck,
       {"d2d4", "b5", "f1"}},
      {"DoublePushUnderAnOlderBishopCheck",
       "8/8/8/5k2/2pP4/8/8/1B2K3 b - d3 0 1",
       C::EnPassantImpossibleCheck,
       {"d2d4", "f5", "b1"}},
      {"KingsOnDifferentFiles",
       "r3k2r/8/8/8/8/8/8/R2K3R w HAha - 0 1",
       C::ImpossibleCastlingRights,
       {"'h'", "black king on e8", "'H'", "white king on d1", "both kings on one file"}},
      {"KingSideRooksOnDifferentFiles",
       "r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
       C::ImpossibleCastlingRights,
       {"'k'", "black rook on g8", "'K'", "white rook on h1", "king-side rooks on one file"}},
      {"QueenSideRooksOnDifferentFiles",
       "r3k2r/8/8/8/8/8/8/1R2K2R w KQkq - 0 1",
       C::ImpossibleCastlingRights,
       {"'q'", "black rook on a8", "'Q'", "white rook on b1", "queen-side rooks on one file"}},
      {"BlackKingOnTheHFileKeepsARight",
       "r2r3k/p7/3p4/8/8/P6P/8/R3K2R b HAa - 0 1",
       C::ImpossibleCastlingRights,
       {"'a'", "black king on h8", "files b to g"}},
      {"WhiteKingOnTheAFileKeepsARight",
       "4k3/8/8/8/8/8/8/K6R w K - 0 1",
       C::ImpossibleCastlingRights,
       {"'K'", "white king on a1", "files b to g"}},
      {"EnPassantSquareWithHalfmoveClockOne",
       "4k3/8/8/8/4P3/8/8/4K3 b - e3 1 1",
       C::EnPassantHalfmoveClock,
       {"'1' is not 0", "en-passant square e3", "double push e2e4"}},
      {"ThreeRooksWithEightPawns",
       "4k3/8/8/8/8/8/PPPPPPPP/RR2K2R w - - 0 1",
       C::TooMuchMaterial,
       {"white has 8 pawns and 3 rooks on a1 b1 h1: at least 1 promotion, but 8 pawns leave room "
        "for 0"}},
      {"TwoLightSquaredBishopsWithEightPawns",
       "4k3/8/8/8/8/8/PPPPPPPP/4KB1B w - - 0 1",
       C::TooMuchMaterial,
       {"white has 8 pawns and 2 light-squared bishops on f1 h1"}},
      {"TwoDarkSquaredBlackBishopsWithEightPawns",
       "1b2k2b/pppppppp/8/8/8/8/8/4K3 w - - 0 1",
       C::TooMuchMaterial,
       {"black has 8 pawns and 2 dark-squared bishops on b8 h8"}},
      {"FourQueensWithSixPawns",
       "4k3/8/8/8/8/8/PPPPPP2/QQQQK3 w - - 0 1",
       C::TooMuchMaterial,
       {"white has 6 pawns and 4 queens on a1 b1 c1 d1: at least 3 promotions, but 6 pawns leave "
        "room for 2"}},
      {"QueensAndKnightsWithSevenPawns",
       "4k3/8/8/8/8/8/PPPPPPP1/QQNNNK2 w - - 0 1",
       C::TooMuchMaterial,
       {"white has 7 pawns, 2 queens on a1 b1 and 3 knights on c1 d1 e1: at least 2 promotions, "
        "but 7 pawns leave room for 1"}},
      {"NinePawns",
       "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1",
       C::TooMuchMaterial,
       {"white has 9 pawns, but a side starts with 8"}},
  };
}

class UnreachablePositions : public ::testing::TestWithParam<UnreachableCase> {};

TEST_P(UnreachablePositions, AreRejectedWithTheirOwnCodeAsTheOnlyError) {
  const std::vector<FenError> errors = strict_errors(GetParam().fen);
  ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, GetParam().code) << zv_test::describe(errors);
  EXPECT_TRUE(is_unreachable(errors[0].code));
}

TEST_P(UnreachablePositions, NameTheirSquaresAndPiecesInTheMessage) {
  const std::vector<FenError> errors = strict_errors(GetParam().fen);
  ASSERT_FALSE(errors.empty());
  for (const std::string& words : GetParam().named)
    EXPECT_NE(errors[0].message().find(words), std::string_view::npos)
        << words << " in: " << errors[0].message();
}

TEST_P(UnreachablePositions, AreRejectedAlsoWhenOnlyValidityIsAsked) {
  Position pos;
  StateInfo state{};
  EXPECT_FALSE(pos.set(GetParam().fen, state, polyglot_scheme(), {}, nullptr));
}

TEST_P(UnreachablePositions, AreAcceptedWithAllowUnreachable) {
  const std::vector<FenError> errors =
      strict_errors(GetParam().fen, FenOptions{.allow_unreachable = true});
  EXPECT_TRUE(errors.empty()) << zv_test::describe(errors);
}

INSTANTIATE_TEST_SUITE_P(Cases, UnreachablePositions, ::testing::ValuesIn(unreachable_cases()),
                         [](const ::testing::TestParamInfo<UnreachableCase>& info) {
                           return std::string(info.param.name);
                         });

TEST(UnreachableCodes, AreTheFourCheckCodesAndTheFourNewOnes) {
  const std::vector<FenErrorCode> expected = {
      C::TooManyCheckers,          C::ImpossibleDoubleCheck,   C::ImpossibleCheck,
      C::EnPassantImpossibleCheck, C::EnPassantImpossiblePush, C::ImpossibleCastlingRights,
      C::EnPassantHalfmoveClock,   C::TooMuchMaterial};
  std::vector<FenErrorCode> named;
  for (int code = 0; code <= int(C::TooMuchMaterial); ++code)
    if (is_unreachable(FenErrorCode(code))) named.push_back(FenErrorCode(code));
  EXPECT_EQ(named, expected);
}

TEST(UnreachableCodes, HaveTheirOwnNames) {
  EXPECT_STREQ(to_string(C::EnPassantImpossiblePush), "en-passant-impossible-push");
  EXPECT_STREQ(to_string(C::ImpossibleCastlingRights), "impossible-castling-rights");
  EXPECT_STREQ(to_string(C::EnPassantHalfmoveClock), "en-passant-halfmove-clock");
  EXPECT_STREQ(to_string(C::TooMuchMaterial), "too-much-material");
}

// Each rule is judged only where the rules it builds on hold, so a broken field gives one error.
struct NotJudgedCase {
  const char* fen;
  FenErrorCode only;
};

TEST(UnreachableRules, AreNotJudgedWhereTheRulesTheyBuildOnFail) {
  const NotJudgedCase cases[] = {
      // 'Q' has no rook, so the king on a1 keeping 'K' is not judged.
      {"4k3/8/8/8/8/8/8/K6R w KQ - 0 1", C::CastlingWithoutRook},
      // An en-passant square on the wrong rank says nothing about the clock.
      {"4k3/8/8/8/4P3/8/8/4K3 w - e3 1 1", C::EnPassantWrongRank},
      // 17 white pieces are reported once, not again as too many promotions.
      {"4k3/8/8/8/8/P7/PPPPPPPP/RNBQKBNR w - - 0 1", C::TooManyPieces},
      // With the other king in check the double push is not taken back.
      {"R3k3/8/5K2/4p3/8/8/8/8 w - e6 0 1", C::OpponentInCheck},
  };
  for (const NotJudgedCase& c : cases) {
    const std::vector<FenError> errors = strict_errors(c.fen);
    ASSERT_EQ(errors.size(), 1u) << c.fen << "\n" << zv_test::describe(errors);
    EXPECT_EQ(errors[0].code, c.only) << c.fen;
  }
}

// A right's wing is the side of the king its rook stands on, so no right has its rook on the
// wrong side: a letter for the other wing finds no rook.
TEST(UnreachableRules, ARightsWingIsTheSideItsRookStandsOn) {
  Game game;
  ASSERT_TRUE(game.set("4k3/8/8/8/8/8/8/4KR2 w F - 0 1", polyglot_scheme()).empty());
  EXPECT_EQ(game.position().castling_rights(), WhiteOO);
  const std::vector<FenError> errors = strict_errors("4k3/8/8/8/8/8/8/4KR2 w Q - 0 1");
  ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, C::CastlingWithoutRook);
}

TEST(UnreachableRules, AllowUnreachableKeepsEveryOtherError) {
  // Three rooks with eight pawns, and a halfmove clock with a leading zero.
  const std::vector<FenError> errors = strict_errors("4k3/8/8/8/8/8/PPPPPPPP/RR2K2R w - - 01 1",
                                                     FenOptions{.allow_unreachable = true});
  ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, C::LeadingZero);
}

// Boundaries on the reachable side of each rule.
struct ReachableCase {
  const char* name;
  const char* fen;
};

void PrintTo(const ReachableCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

std::vector<ReachableCase> reachable_cases() {
  return {
      {"EnPassantSquareWithHalfmoveClockZero", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1"},
      {"EnPassantSquareInAFourFieldFen", "4k3/8/8/8/4P3/8/8/4K3 b - e3"},
      {"HalfmoveClockWithoutEnPassantSquare", "4k3/8/8/8/4P3/8/8/4K3 b - - 9 1"},
      {"ThreeRooksWithSevenPawns", "4k3/8/8/8/8/8/PPPPPPP1/RR2K2R w - - 0 1"},
      {"TwoLightSquaredBishopsWithSevenPawns", "4k3/8/8/8/8/8/PPPPPPP1/4KB1B w - - 0 1"},
      {"BishopsOnBothColoursWithEightPawns", "4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1"},
      {"EightPawnsAndTheStartSet", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      // Every black pawn promoted: nine queens, no pawn (tricky.perft's "gotta love perft 2").
      {"EightPromotionsAndNoPawn", "8/6kR/8/8/8/bq6/1rqqqqqq/K1nqnbrq b - - 0 1"},
      {"OnlyOneColourKeepsRightsWithTheKingsOnDifferentFiles",
       "r3k2r/8/8/8/8/8/8/R2K3R w HA - 0 1"},
      {"RookFilesDifferOnDifferentWings", "1r2k3/8/8/8/8/8/8/4K2R w Kq - 0 1"},
      {"KingsOnTheBFileKeepAllFourRights", "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1"},
      {"KingsOnTheGFileKeepAllFourRights", "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1"},
      {"KingSideRightWithBothRooksOnThatWing", "4k3/8/8/8/8/8/PPPPPPP1/4K1RR w K - 0 1"},
  };
}

class ReachableBoundaries : public ::testing::TestWithParam<ReachableCase> {};

TEST_P(ReachableBoundaries, AreAccepted) {
  const std::vector<FenError> errors = strict_errors(GetParam().fen);
  EXPECT_TRUE(errors.empty()) << zv_test::describe(errors);
}

INSTANTIATE_TEST_SUITE_P(Cases, ReachableBoundaries, ::testing::ValuesIn(reachable_cases()),
                         [](const ::testing::TestParamInfo<ReachableCase>& info) {
                           return std::string(info.param.name);
                         });

// A position built by legal moves from a start, so a game reaches it; the FEN it reaches.
struct BuiltCase {
  const char* name;
  int chess960_index;  // -1: the standard start
  const char* moves;
  const char* reached;
};

void PrintTo(const BuiltCase& c, std::ostream* out) {
  *out << c.moves;
}

std::vector<BuiltCase> built_cases() {
  return {
      // Qe7 pins the e5 pawn to the e1 king, so e5xf6 is illegal; the square is still written.
      {"EnPassantSquareWithThePinnedCapture", -1, "e2e4 d7d5 e4d5 e7e5 d2d4 d8e7 d4e5 f7f5",
       "rnb1kbnr/ppp1q1pp/8/3PPp2/8/8/PPP2PPP/RNBQKBNR w KQkq f6 0 5"},
      // e2-e4 opens the d1 queen's diagonal to the h5 king.
      {"DoublePushGivesADiscoveredCheck", -1, "g1f3 f7f6 f3g1 e8f7 g1f3 f7g6 f3g1 g6h5 e2e4",
       "rnbq1bnr/ppppp1pp/5p2/7k/4P3/8/PPPP1PPP/RNBQKBNR b KQ e3 0 5"},
      {"DoublePushGivesCheck", -1, "g1f3 e7e6 f3g1 e8e7 g1f3 e7d6 f3g1 d6c5 d2d4",
       "rnbq1bnr/pppp1ppp/4p3/2k5/3P4/8/PPP1PPPP/RNBQKBNR b KQ d3 0 5"},
      // b7-b5 answers the a4 queen's check: Black stood in check before its own double push.
      {"DoublePushBlocksACheck", -1, "c2c3 d7d5 d1a4 b7b5",
       "rnbqkbnr/p1p1pppp/8/1p1p4/Q7/2P5/PP1PPPPP/RNB1KBNR w KQkq b6 0 3"},
      {"TwoQueensWithSevenPawnsEachSide", -1, "a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7a8q g2h1q",
       "Qnbqkbnr/p1ppppp1/8/8/8/8/1PPPPP1P/RNBQKBNq w Qk - 0 6"},
      {"ThirdKnightsByUnderpromotion", -1, "a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7a8n g2h1n",
       "Nnbqkbnr/p1ppppp1/8/8/8/8/1PPPPP1P/RNBQKBNn w Qk - 0 6"},
      {"SecondLightSquaredBishopsByUnderpromotion", -1,
       "a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7a8b g2h1b",
       "Bnbqkbnr/p1ppppp1/8/8/8/8/1PPPPP1P/RNBQKBNb w Qk - 0 6"},
      {"ThirdRooksByUnderpromotion", -1, "a2a4 h7h5 a4a5 h5h4 a5a6 h4h3 a6b7 h3g2 b7a8r g2h1r",
       "Rnbqkbnr/p1ppppp1/8/8/8/8/1PPPPP1P/RNBQKBNr w Qk - 0 6"},
      {"Chess960KingsOnTheBFileKeepAllFourRights", 959, "a2a3 a7a6 h2h3 h7h6",
       "rkrnnqbb/1pppppp1/p6p/8/8/P6P/1PPPPPP1/RKRNNQBB w CAca - 0 3"},
      {"Chess960KingsOnTheGFileKeepAllFourRights", 0, "c2c3 c7c6 d2d4 d7d5",
       "bbqnnrkr/pp2pppp/2p5/3p4/3P4/2P5/PP2PPPP/BBQNNRKR w HFhf d6 0 3"},
      // The standard array as Chess960: White castles king-takes-rook, Black keeps both rights.
      {"Chess960OneSideCastledTheOtherKeepsItsRights", 518, "e2e4 e7e5 g1f3 g8f6 f1c4 f8c5 e1h1",
       "rnbqk2r/pppp1ppp/5n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b ha - 5 4"},
  };
}

class BuiltPositions : public ::testing::TestWithParam<BuiltCase> {};

TEST_P(BuiltPositions, ReachTheirFenAndAreAcceptedStrictly) {
  const BuiltCase& c = GetParam();
  const bool chess960 = c.chess960_index >= 0;
  const std::string start = chess960 ? chess960_start(c.chess960_index) : StartFen;
  Game game;
  ASSERT_TRUE(game.set(start, polyglot_scheme(), FenOptions{.chess960 = chess960}).empty());
  const Expected<int> played = game.play_uci_sequence(c.moves);
  ASSERT_TRUE(played.has_value()) << played.error();
  const std::string fen = game.position().fen();
  EXPECT_EQ(fen, c.reached);
  const std::vector<FenError> errors = strict_errors(fen, FenOptions{.chess960 = chess960});
  EXPECT_TRUE(errors.empty()) << fen << "\n" << zv_test::describe(errors);
}

INSTANTIATE_TEST_SUITE_P(Cases, BuiltPositions, ::testing::ValuesIn(built_cases()),
                         [](const ::testing::TestParamInfo<BuiltCase>& info) {
                           return std::string(info.param.name);
                         });

// What the random games reached, so that each test can show it reached its cases.
struct WalkCounts {
  long positions = 0;
  long en_passant = 0;         // an en-passant square set
  long promotion_limit = 0;    // a side with pawns plus promoted pieces exactly 8, and a promotion
  long underpromoted = 0;      // a side with a third knight or rook, or two bishops on one colour
  long all_four_rights = 0;    // both kings on files b to g keep both wings
  long both_sides_rights = 0;  // both colours keep a right
};

// The fewest promotions a side's pieces need, counted independently of the library.
int promotions(const Position& pos, Color c, bool& underpromoted) {
  constexpr Bitboard Dark = 0xAA55AA55AA55AA55ULL;
  const Bitboard bishops = pos.pieces(c, Bishop);
  const int extra[] = {popcount(pos.pieces(c, Queen)) - 1, popcount(pos.pieces(c, Rook)) - 2,
                       popcount(pos.pieces(c, Knight)) - 2, popcount(bishops & Dark) - 1,
                       popcount(bishops & ~Dark) - 1};
  int total = 0;
  for (int i = 0; i < 5; ++i) total += std::max(extra[i], 0);
  underpromoted = extra[1] > 0 || extra[2] > 0 || extra[3] > 0 || extra[4] > 0;
  return total;
}

void count(const Position& pos, WalkCounts& counts) {
  ++counts.positions;
  counts.en_passant += pos.ep_square() != NoSquare;
  bool limit = false, under = false;
  for (const Color c : {White, Black}) {
    bool side_under = false;
    const int promoted = promotions(pos, c, side_under);
    limit |= promoted > 0 && promoted + popcount(pos.pieces(c, Pawn)) == 8;
    under |= side_under;
  }
  counts.promotion_limit += limit;
  counts.underpromoted += under;
  counts.all_four_rights += pos.castling_rights() == AnyCastling;
  counts.both_sides_rights += pos.can_castle(WhiteCastling) && pos.can_castle(BlackCastling);
}

constexpr int MaxPlies = 160;

// Plays `games` games from start(g) with moves picked by choose(pos, moves, rng), reads every
// position reached back strictly, and stops at the first rejection with its reproduction.
template <class Start, class Choose>
WalkCounts walk(int games, std::uint64_t seed, Start start, Choose choose) {
  SplitMix64 rng(seed);
  WalkCounts counts;
  std::string fen;
  std::vector<FenError> errors;
  for (int g = 0; g < games; ++g) {
    const auto [start_fen, chess960] = start(g, rng);
    Game game;
    const std::vector<FenError> start_errors =
        game.set(start_fen, polyglot_scheme(), FenOptions{.chess960 = chess960});
    if (!start_errors.empty()) {
      ADD_FAILURE() << start_fen << "\n" << zv_test::describe(start_errors);
      return counts;
    }
    for (int ply = 0; ply < MaxPlies; ++ply) {
      const MoveList moves = legal_moves(game.position());
      if (moves.empty()) break;
      game.play(choose(game.position(), moves, rng));
      const Position& pos = game.position();
      count(pos, counts);
      pos.write_fen(fen);
      Position again;
      StateInfo state{};
      if (!again.set(fen, state, polyglot_scheme(), FenOptions{.chess960 = chess960}, &errors)) {
        ADD_FAILURE() << "seed " << seed << " game " << g << ": from " << start_fen << " moves "
                      << game.uci_moves() << " reached " << fen << "\n"
                      << zv_test::describe(errors);
        return counts;
      }
    }
  }
  return counts;
}

struct StartChoice {
  std::string fen;
  bool chess960;
};

StartChoice standard_start(int, SplitMix64&) {
  return {StartFen, false};
}

StartChoice random_chess960_start(int, SplitMix64& rng) {
  return {chess960_start(int(rng.next() % 960)), true};
}

StartChoice standard_or_chess960_start(int game, SplitMix64& rng) {
  return game % 2 == 0 ? standard_start(game, rng) : random_chess960_start(game, rng);
}

Move any_move(const Position&, const MoveList& moves, SplitMix64& rng) {
  return moves[rng.next() % moves.size()];
}

// Promotions first (any piece, so three in four under-promote), else mostly pawn moves, double
// pushes first.
Move pawn_move_first(const Position& pos, const MoveList& moves, SplitMix64& rng) {
  std::vector<Move> promotions, double_pushes, pawn_moves;
  for (const Move m : moves) {
    if (m.kind() == MoveKind::Promotion) promotions.push_back(m);
    if (type_of(pos.moved_piece(m)) != Pawn) continue;
    pawn_moves.push_back(m);
    if (m.kind() == MoveKind::Normal && std::abs(int(m.to()) - int(m.from())) == 16)
      double_pushes.push_back(m);
  }
  if (!promotions.empty()) return promotions[rng.next() % promotions.size()];
  const std::uint64_t roll = rng.next() % 10;
  if (!double_pushes.empty() && roll < 3) return double_pushes[rng.next() % double_pushes.size()];
  if (!pawn_moves.empty() && roll < 8) return pawn_moves[rng.next() % pawn_moves.size()];
  return any_move(pos, moves, rng);
}

// Moves that touch no king or rook whose castling right is kept, when there are some.
Move castling_kept(const Position& pos, const MoveList& moves, SplitMix64& rng) {
  std::vector<Move> keeping;
  for (const Move m : moves)
    if (!(pos.castling_rights_mask(m.from()) | pos.castling_rights_mask(m.to())))
      keeping.push_back(m);
  if (keeping.empty()) return any_move(pos, moves, rng);
  return keeping[rng.next() % keeping.size()];
}

TEST(RandomGamePositions, EveryPositionFromTheStandardStartIsAccepted) {
  const WalkCounts counts = walk(3000, 1801, standard_start, any_move);
  EXPECT_GT(counts.positions, 400'000);
  EXPECT_GT(counts.en_passant, 10'000);
}

TEST(RandomGamePositions, EveryPositionFromChess960StartsIsAccepted) {
  const WalkCounts counts = walk(3000, 960, random_chess960_start, any_move);
  EXPECT_GT(counts.positions, 400'000);
  EXPECT_GT(counts.both_sides_rights, 25'000);
}

TEST(RandomGamePositions, EveryPositionOfPromotionHeavyGamesIsAccepted) {
  const WalkCounts counts = walk(1500, 8, standard_or_chess960_start, pawn_move_first);
  EXPECT_GT(counts.positions, 200'000);
  EXPECT_GT(counts.en_passant, 8'000);
  EXPECT_GT(counts.promotion_limit, 200);
  EXPECT_GT(counts.underpromoted, 50'000);
}

TEST(RandomGamePositions, EveryPositionOfChess960GamesKeepingCastlingRightsIsAccepted) {
  const WalkCounts counts = walk(1500, 4, random_chess960_start, castling_kept);
  EXPECT_GT(counts.positions, 200'000);
  EXPECT_GT(counts.all_four_rights, 50'000);
}

using testkit::run_cli;

// One example of each class, each exits 2 from `key` naming a square, and 0 with the option.
TEST(CliUnreachable, KeyRejectsEachClassAndAcceptsItWithAllowUnreachable) {
  const std::pair<const char*, const char*> cases[] = {
      {"2KBQ3/2P3r1/1P6/P3PpN1/qN1P2q1/Pp5P/1PR3q1/7k w - f6 0 1", "f7f5"},
      {"r3k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "g8"},
      {"4k3/8/8/8/4P3/8/8/4K3 b - e3 1 1", "e3"},
      {"4k3/8/8/8/8/8/PPPPPPPP/RR2K2R w - - 0 1", "a1 b1 h1"},
  };
  for (const auto& [fen, square] : cases) {
    const auto strict = run_cli({"key", "--fen", fen});
    EXPECT_EQ(strict.exit_code, 2) << fen;
    EXPECT_NE(strict.err.find(square), std::string::npos) << strict.err;
    const auto allowed = run_cli({"key", "--fen", fen, "--allow-unreachable"});
    EXPECT_EQ(allowed.exit_code, 0) << fen << "\n" << allowed.err;
  }
}

TEST(CliUnreachable, PerftCountsAnUnreachablePositionWithAllowUnreachable) {
  const auto r = run_cli({"perft", "--fen", "4k3/8/8/8/8/8/PPPPPPPP/RR2K2R w - - 0 1", "--depth",
                          "1", "--allow-unreachable"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("Nodes searched: "), std::string::npos) << r.out;
}

TEST(CliUnreachable, VerifyAcceptsAllowUnreachable) {
  const auto r =
      run_cli({"verify", "--corpus", ZV_CORPUS_DIR, "--max-nodes", "1000", "--allow-unreachable"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(CliUnreachable, EveryCommandThatReadsAFenOffersAllowUnreachableAndNoAlias) {
  for (const char* command : {"key", "perft", "verify"}) {
    const auto r = run_cli({command, "--help"});
    EXPECT_NE(r.out.find("--allow-unreachable"), std::string::npos) << command;
    EXPECT_EQ(r.out.find("alias"), std::string::npos) << command;
  }
}

}  // namespace
}  // namespace unreachable_fens
}  // namespace zobrist_verify
