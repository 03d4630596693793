// Checks no legal game reaches: the strict FEN reader rejects each impossible kind with its own
// code and the checkers' squares, accepts it under FenOptions::allow_unreachable, and
// accepts every check a game does reach (designed ones, perft trees, random games).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {
namespace {

using C = FenErrorCode;

std::vector<FenError> strict_errors(std::string_view fen, FenOptions options = {}) {
  Position pos;
  StateInfo state{};
  return pos.set(fen, state, polyglot_scheme(), options);
}

// A position no legal game reaches, the one error it must give, the checkers' squares and the
// words saying why.
struct ImpossibleCase {
  const char* name;
  const char* fen;
  FenErrorCode code;
  std::vector<std::string> checkers;
  std::string why;
};

void PrintTo(const ImpossibleCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

constexpr const char* NoSingleMove = "no single move gives check from both";
constexpr const char* BeforeAnyMove = "the king was in check before any of them";
constexpr const char* NotThePush = "each checker must be the pushed pawn or a slider the push";

std::vector<ImpossibleCase> impossible_cases() {
  return {
      {"TripleCheck",
       "8/p2Pb3/1N2n2k/2N5/1P2K3/6n1/4r3/B3q2b w - - 0 1",
       C::TooManyCheckers,
       {"e2", "g3", "h1"},
       "a single move gives at most two checks"},
      {"TwoPawns",
       "8/8/8/4k3/3P1P2/8/8/4K3 b - - 0 1",
       C::ImpossibleDoubleCheck,
       {"d4", "f4"},
       "two pawns"},
      {"TwoKnights",
       "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1",
       C::ImpossibleDoubleCheck,
       {"d6", "f6"},
       "two knights"},
      {"PawnAndKnight",
       "8/8/2N5/4k3/3P4/8/8/4K3 b - - 0 1",
       C::ImpossibleDoubleCheck,
       {"c6", "d4"},
       "a pawn and a knight"},
      {"SlidersOnOneRankThroughTheKing",
       "5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1",
       C::ImpossibleDoubleCheck,
       {"d3", "h3"},
       "two sliders on one line through the king"},
      {"SlidersOnOneDiagonalThroughTheKing",
       "3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1",
       C::ImpossibleDoubleCheck,
       {"a6", "d3"},
       "two sliders on one line through the king"},
      {"SlidersOnOneFileThroughTheKing",
       "4r3/8/8/8/4K3/8/8/k3q3 w - - 0 1",
       C::ImpossibleDoubleCheck,
       {"e1", "e8"},
       "two sliders on one line through the king"},
      {"TwoContactChecks",
       "8/8/8/4r3/4K3/3b4/8/k7 w - - 0 1",
       C::ImpossibleDoubleCheck,
       {"d3", "e5"},
       "two contact checks"},
      // The knight comes from none of the squares between the bishop and the king.
      {"KnightAndBishopNoMoveGivesTogether",
       "4k3/8/5N2/7B/8/8/8/4K3 b - - 0 1",
       C::ImpossibleDoubleCheck,
       {"f6", "h5"},
       NoSingleMove},
      {"PawnOnItsStartingRank",
       "8/8/8/8/8/3k4/4P3/4K3 b - - 0 1",
       C::ImpossibleCheck,
       {"e2"},
       BeforeAnyMove},
      {"BishopInACornerNextToTheKing",
       "8/8/8/8/8/8/1k6/B3K3 b - - 0 1",
       C::ImpossibleCheck,
       {"a1"},
       BeforeAnyMove},
      {"KnightWithEveryOriginOccupied",
       "8/8/8/P1P5/3P4/1N6/3P4/k1B1K3 b - - 0 1",
       C::ImpossibleCheck,
       {"b3"},
       BeforeAnyMove},
      {"EnPassantSquareBehindAnOlderDiagonalCheck",
       "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
       C::EnPassantImpossibleCheck,
       {"f1"},
       NotThePush},
      {"EnPassantSquareBehindAnOlderPawnCheck",
       "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6 0 1",
       C::EnPassantImpossibleCheck,
       {"f2"},
       NotThePush},
      {"EnPassantSquareWithThePinnedCaptureInCheck",
       "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
       C::EnPassantImpossibleCheck,
       {"b8"},
       NotThePush},
      // The pushed pawn gives one check; the rook's is older.
      {"EnPassantSquareWithThePushedPawnAndAnOlderCheck",
       "8/8/8/2k5/3Pp3/8/8/2R1K3 b - d3 0 1",
       C::EnPassantImpossibleCheck,
       {"c1", "d4"},
       NotThePush},
  };
}

class ImpossibleChecks : public testing::TestWithParam<ImpossibleCase> {};

TEST_P(ImpossibleChecks, AreRejectedWithTheirOwnCodeAsTheOnlyError) {
  const ImpossibleCase& c = GetParam();
  const std::vector<FenError> errors = strict_errors(c.fen);
  ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, c.code) << zv_test::describe(errors);
}

TEST_P(ImpossibleChecks, NameEveryCheckerSquareInTheMessage) {
  const ImpossibleCase& c = GetParam();
  const std::vector<FenError> errors = strict_errors(c.fen);
  ASSERT_FALSE(errors.empty());
  const std::string message(errors[0].message());
  for (const std::string& square : c.checkers)
    EXPECT_NE(message.find(" " + square), std::string::npos) << square << " in: " << message;
}

TEST_P(ImpossibleChecks, SayWhyInTheMessage) {
  const ImpossibleCase& c = GetParam();
  const std::vector<FenError> errors = strict_errors(c.fen);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].message().find(c.why), std::string_view::npos) << errors[0].message();
}

TEST_P(ImpossibleChecks, AreRejectedAlsoWhenOnlyValidityIsAsked) {
  Position pos;
  StateInfo state{};
  EXPECT_FALSE(pos.set(GetParam().fen, state, polyglot_scheme(), {}, nullptr));
}

TEST_P(ImpossibleChecks, AreAcceptedWithAllowUnreachable) {
  const std::vector<FenError> errors =
      strict_errors(GetParam().fen, FenOptions{.allow_unreachable = true});
  EXPECT_TRUE(errors.empty()) << zv_test::describe(errors);
}

TEST(AllowUnreachable, KeepsEveryOtherErrorOfATripleCheck) {
  // A triple check with a bad castling letter and a halfmove clock with a leading zero.
  const std::vector<FenError> errors = strict_errors(
      "8/p2Pb3/1N2n2k/2N5/1P2K3/6n1/4r3/B3q2b w K - 01 1", FenOptions{.allow_unreachable = true});
  ASSERT_EQ(errors.size(), 2u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, C::LeadingZero);
  EXPECT_EQ(errors[1].code, C::CastlingWithoutKing);
}

// The check codes end with EnPassantImpossibleCheck; is_unreachable also names the later ones
// (fen_unreachable_test.cpp).
TEST(AllowUnreachable, NamesTheFourImpossibleCheckCodesAmongTheCheckCodes) {
  int named = 0;
  for (int code = 0; code <= int(C::EnPassantImpossibleCheck); ++code)
    named += is_unreachable(FenErrorCode(code));
  EXPECT_EQ(named, 4);
}

INSTANTIATE_TEST_SUITE_P(Cases, ImpossibleChecks, testing::ValuesIn(impossible_cases()),
                         [](const testing::TestParamInfo<ImpossibleCase>& info) {
                           return std::string(info.param.name);
                         });

// A check a legal game reaches, how it arose, and how many checkers it has.
struct ReachableCase {
  const char* name;
  const char* fen;
  int checkers;
};

void PrintTo(const ReachableCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

std::vector<ReachableCase> reachable_cases() {
  return {
      {"KnightMoveDiscoversARook", "4k3/8/5N2/8/8/8/8/4RK2 b - - 0 1", 2},            // Ne4-f6
      {"PawnCaptureDiscoversARookOnItsFile", "8/8/5k2/4P3/8/8/8/4KR2 b - - 0 1", 2},  // f4xe5
      {"KnightPromotionDiscoversARook", "5N2/R6k/8/8/8/8/8/4K3 b - - 0 1", 2},        // e7xf8=N
      // e5xd6 e.p. opens the e-file for the rook and the diagonal for the bishop.
      {"EnPassantDiscoversTwoSliders", "4R3/1B6/3P4/8/4k3/8/8/7K b - - 0 1", 2},
      {"DoublePushDiscoversABishop", "8/8/8/7k/4P3/8/8/3BK3 b - e3 0 1", 1},
      {"DoublePushDiscoversABishopWithoutTheSquare", "8/8/8/7k/4P3/8/8/3BK3 b - - 0 1", 1},
      {"DoublePushGivesCheck", "8/8/8/4k3/3P4/8/8/4K3 b - d3 0 1", 1},
      // The board of an impossible en-passant case: without the square, the queen moved last.
      {"OlderCheckWithoutAnEnPassantSquare", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1", 1},
      // The rook on f1 cannot have come along the rank: only castling (king f1, rook h1) gives it.
      {"Chess960CastlingGivesCheck", "5k2/8/8/8/8/8/8/4BRK1 b - - 0 1", 1},
      {"PromotedBishopInACorner", "8/8/8/8/8/8/1K6/b3k3 w - - 0 1", 1},  // a2-a1=B
      {"PawnCheck", "8/8/8/4k3/3P4/8/8/4K3 b - - 0 1", 1},
      {"KnightCheck", "4k3/8/3N4/8/8/8/8/4K3 b - - 0 1", 1},
      {"BishopCheck", "4k3/8/8/1B6/8/8/8/4K3 b - - 0 1", 1},
      {"RookCheck", "R3k3/8/8/8/8/8/8/4K3 b - - 0 1", 1},
      {"QueenCheck", "4k3/8/8/8/Q7/8/8/4K3 b - - 0 1", 1},
      {"BlackQueenCheck", "4k3/8/8/8/8/8/8/q3K3 w - - 0 1", 1},
  };
}

class ReachableChecks : public testing::TestWithParam<ReachableCase> {};

TEST_P(ReachableChecks, AreAccepted) {
  const std::vector<FenError> errors = strict_errors(GetParam().fen);
  EXPECT_TRUE(errors.empty()) << zv_test::describe(errors);
}

TEST_P(ReachableChecks, HaveTheCheckersTheirNameClaims) {
  Game game;
  ASSERT_TRUE(game.set(GetParam().fen, polyglot_scheme()).empty());
  EXPECT_EQ(popcount(game.position().checkers()), GetParam().checkers);
}

INSTANTIATE_TEST_SUITE_P(Cases, ReachableChecks, testing::ValuesIn(reachable_cases()),
                         [](const testing::TestParamInfo<ReachableCase>& info) {
                           return std::string(info.param.name);
                         });

// The perft suites hold positions no legal game reaches; these are all of them, with the code
// strict reading gives (one has castling rights no start allows, the others impossible checks).
struct SuiteRejection {
  std::string fen;
  FenErrorCode code;
};

TEST(PerftSuites, StrictReadingRejectsExactlyTheirNineUnreachablePositions) {
  const std::vector<SuiteRejection> expected = {
      // Both white bishops on the long diagonal through the black king.
      {"B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1", C::ImpossibleDoubleCheck},
      // Position 4 (mirrored): no white piece can have left b3-g8, nor the bishop come to b3.
      {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ -", C::ImpossibleCheck},
      {"3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - -", C::ImpossibleDoubleCheck},
      {"2Nq4/2K5/1b6/8/7R/3k4/7P/8 w - -", C::ImpossibleDoubleCheck},
      {"5R2/2P5/8/4k3/8/3rK2r/8/8 w - -", C::ImpossibleDoubleCheck},
      {"8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3", C::EnPassantImpossibleCheck},
      {"1b1k4/8/8/1rPpK3/8/8/8/8 w - d6", C::EnPassantImpossibleCheck},
      {"rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR w KQkq c6",
       C::EnPassantImpossibleCheck},
      // The black king on h8 keeps a right: every start has the king on files b to g.
      {"r2r3k/p7/3p4/8/8/P6P/8/R3K2R b KQq -", C::ImpossibleCastlingRights},
  };
  std::vector<SuiteRejection> rejected;
  for (const auto& [fen, where] : zv_test::perft_corpus_fens()) {
    const bool chess960 = where.starts_with("perft/fischer.epd");
    const std::vector<FenError> errors = strict_errors(fen, FenOptions{.chess960 = chess960});
    for (const FenError& e : errors) {
      EXPECT_TRUE(is_unreachable(e.code)) << where << ": " << e.message();
      rejected.push_back({fen, e.code});
    }
  }
  ASSERT_EQ(rejected.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(rejected[i].fen, expected[i].fen);
    EXPECT_EQ(rejected[i].code, expected[i].code) << expected[i].fen;
  }
}

// Positions reached by moves must all be accepted. Counts of checks show the walks reach them.
struct WalkCounts {
  int positions = 0;
  int checks = 0;
  int double_checks = 0;
  int en_passant_checks = 0;  // in check with an en-passant square set
};

// Counts the position and reads its FEN back strictly; the errors are left in `errors`.
bool accepted(const Position& pos, std::string& fen, WalkCounts& counts,
              std::vector<FenError>& errors) {
  pos.write_fen(fen);
  ++counts.positions;
  counts.checks += pos.checkers() != 0;
  counts.double_checks += popcount(pos.checkers()) == 2;
  counts.en_passant_checks += pos.checkers() && pos.ep_square() != NoSquare;
  Position again;
  StateInfo state{};
  return again.set(fen, state, polyglot_scheme(), FenOptions{.chess960 = pos.is_chess960()},
                   &errors);
}

void walk(Position& pos, int depth, std::string& fen, WalkCounts& counts,
          const std::string& where) {
  if (depth == 0) return;
  std::vector<FenError> errors;
  for (const Move m : legal_moves(pos)) {
    StateInfo state;
    pos.make_move(m, state);
    EXPECT_TRUE(accepted(pos, fen, counts, errors)) << where << " reached " << fen << "\n"
                                                    << zv_test::describe(errors);
    walk(pos, depth - 1, fen, counts, where);
    pos.unmake_move(m);
  }
}

// Whether strict reading rejects the FEN for nothing but its checks. A root rejected for other
// reasons (castling rights no start allows) passes them on to the positions after it.
bool at_most_impossible_checks(const std::string& fen) {
  return std::ranges::all_of(strict_errors(fen), [](const FenError& e) {
    return e.code == C::TooManyCheckers || e.code == C::ImpossibleDoubleCheck ||
           e.code == C::ImpossibleCheck || e.code == C::EnPassantImpossibleCheck;
  });
}

// Every move from a position whose side not to move is safe leads to an accepted position, even
// from the suites' roots with checks no game reaches.
TEST(GamePositions, EveryPositionOfTheTrickyPerftTreesToDepthThreeIsAccepted) {
  const auto text = zv_test::read_corpus_file("perft/tricky.perft");
  ASSERT_TRUE(text.has_value()) << text.error();
  WalkCounts counts;
  std::string fen;
  for (const auto& [root, where] : zv_test::suite_fens("perft/tricky.perft", *text)) {
    if (!at_most_impossible_checks(root)) continue;
    Game game;
    ASSERT_TRUE(game.set(root, polyglot_scheme(), zv_test::suite_reading()).empty()) << where;
    walk(game.position(), 3, fen, counts, where);
  }
  EXPECT_GT(counts.positions, 350'000);
  EXPECT_GT(counts.checks, 9'000);
  EXPECT_GT(counts.double_checks, 0);
  EXPECT_GT(counts.en_passant_checks, 40);
}

// A random legal move: half the time one giving double check, else half the time one giving
// check, when there is one.
Move random_move_favouring_checks(Position& pos, std::mt19937_64& rng) {
  const MoveList moves = legal_moves(pos);
  std::vector<Move> checking, double_checking;
  for (const Move m : moves) {
    StateInfo state;
    pos.make_move(m, state);
    if (pos.checkers()) checking.push_back(m);
    if (popcount(pos.checkers()) == 2) double_checking.push_back(m);
    pos.unmake_move(m);
  }
  if (!double_checking.empty() && rng() % 2 == 0)
    return double_checking[rng() % double_checking.size()];
  if (!checking.empty() && rng() % 2 == 0) return checking[rng() % checking.size()];
  return moves[rng() % moves.size()];
}

TEST(GamePositions, EveryPositionOfRandomGamesFavouringChecksIsAccepted) {
  std::vector<std::pair<std::string, bool>> starts = {
      {StartFen, false},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", false},
      {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", false},
      {"r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1", true},
      {"rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1", true},
  };
  std::mt19937_64 rng(20260107);
  WalkCounts counts;
  std::string fen;
  for (int g = 0; g < 3000; ++g) {
    const auto& [start, chess960] = starts[std::size_t(g) % starts.size()];
    Game game;
    ASSERT_TRUE(game.set(start, polyglot_scheme(), FenOptions{.chess960 = chess960}).empty());
    std::vector<FenError> errors;
    for (int ply = 0; ply < 120 && has_legal_move(game.position()); ++ply) {
      game.play(random_move_favouring_checks(game.position(), rng));
      EXPECT_TRUE(accepted(game.position(), fen, counts, errors))
          << "from " << start << " moves " << game.uci_moves() << " reached " << fen << "\n"
          << zv_test::describe(errors);
    }
  }
  EXPECT_GT(counts.checks, 60'000);
  EXPECT_GT(counts.double_checks, 200);
  EXPECT_GT(counts.en_passant_checks, 400);
}

}  // namespace
}  // namespace zobrist_verify
