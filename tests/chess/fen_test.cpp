// Strict FEN parsing: each malformed FEN is rejected with its own error code, field and column,
// runs of bad characters once, in bounded messages and with at most one allocation. (Valid edge
// cases and the normal form fen() writes: fen_accepts_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <new>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"

// This program replaces the global operator new with one that counts its calls, so that tests can
// state how often parsing allocates (each tests/*_test.cpp is a program of its own).
namespace {
std::size_t heap_allocations = 0;
}  // namespace

// None of the three is inlined: g++ would then see memory from malloc reach operator delete, or
// memory from operator new reach free, and warn (-Wmismatched-new-delete).
[[gnu::noinline]] void* operator new(std::size_t size) {
  ++heap_allocations;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept {
  std::free(p);
}
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}

namespace zobrist_verify {
namespace {

constexpr std::size_t AnyColumn = std::size_t(-1);

// One malformed FEN and the error it must produce. Columns are 0-based; [column_min, column_max]
// allows for "where the problem starts" being either character of a pair (" " then " ", "44").
struct RejectCase {
  const char* name;
  std::string fen;
  FenErrorCode code;
  FenField field;
  std::size_t column_min = AnyColumn;
  std::size_t column_max = AnyColumn;
  bool only = false;  // the FEN has exactly this one problem, so exactly one error is expected
};

// Names the case by its FEN when GoogleTest prints a failing parameter.
void PrintTo(const RejectCase& c, std::ostream* out) {
  *out << '"' << c.fen << '"';
}

std::vector<FenError> parse_errors(std::string_view fen, FenOptions options = {}) {
  Position pos;
  StateInfo state{};
  return pos.set(fen, state, polyglot_scheme(), options);
}

bool contains_ignoring_case(std::string_view text, std::string_view part) {
  return std::search(text.begin(), text.end(), part.begin(), part.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) ==
                  std::tolower(static_cast<unsigned char>(b));
         }) != text.end();
}

// zv_test::StartPosition's columns: side 44, castling 46, en passant 51, clocks 53 and 55.
RejectCase at(const char* name, std::string fen, FenErrorCode code, FenField field,
              std::size_t column, bool only) {
  return {name, std::move(fen), code, field, column, column, only};
}
RejectCase between(const char* name, std::string fen, FenErrorCode code, FenField field,
                   std::size_t first, std::size_t last, bool only) {
  return {name, std::move(fen), code, field, first, last, only};
}
RejectCase anywhere(const char* name, std::string fen, FenErrorCode code, FenField field,
                    bool only) {
  return {name, std::move(fen), code, field, AnyColumn, AnyColumn, only};
}

using C = FenErrorCode;
using F = FenField;

std::vector<RejectCase> reject_cases() {
  return {
      // The string as a whole.
      at("EmptyString", "", C::Empty, F::Whole, 0, true),
      anywhere("OneField", zv_test::StartBoard, C::FieldCount, F::Whole, true),
      anywhere("ThreeFields", zv_test::StartBoard + " w KQkq", C::FieldCount, F::Whole, true),
      anywhere("FiveFields", zv_test::StartBoard + " w KQkq - 0", C::FieldCount, F::Whole, true),
      anywhere("SevenFields", zv_test::StartPosition + " 0", C::FieldCount, F::Whole, true),
      at("LeadingSpace", " " + zv_test::StartPosition, C::BadSpacing, F::Whole, 0, false),
      at("TrailingSpace", zv_test::StartPosition + " ", C::BadSpacing, F::Whole, 56, false),
      at("TrailingNewline", zv_test::StartPosition + "\n", C::BadSpacing, F::Whole, 56, false),
      between("DoubledSpaceAfterPlacement", zv_test::StartBoard + "  w KQkq - 0 1", C::BadSpacing,
              F::Whole, 43, 44, false),
      between("DoubledSpaceBetweenClocks", zv_test::StartBoard + " w KQkq - 0  1", C::BadSpacing,
              F::Whole, 54, 55, false),
      at("TabAsSeparator", zv_test::StartBoard + "\tw KQkq - 0 1", C::BadSpacing, F::Whole, 43,
         false),
      between("EmptyCastlingFieldIsDoubledSpace", zv_test::StartBoard + " w  - 0 1", C::BadSpacing,
              F::Whole, 45, 46, false),
      // Piece placement.
      at("BadPieceLetter", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
         C::BadCharacter, F::Placement, 13, false),
      anywhere("SevenRanks", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", C::RankCount,
               F::Placement, false),
      anywhere("NineRanks", "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               C::RankCount, F::Placement, false),
      between("RankOfSevenSquares", "rnbqkbnr/pppppppp/8/8/8/7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              C::RankLength, F::Placement, 24, 25, false),
      between("RankOfNineSquares", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP1/RNBQKBNR w KQkq - 0 1",
              C::RankLength, F::Placement, 26, 35, false),
      between("DigitsFourFour", "rnbqkbnr/pppppppp/8/8/44/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              C::ConsecutiveDigits, F::Placement, 22, 23, false),
      between("DigitsOneSeven", "rnbqkbnr/pppppppp/8/8/17/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              C::ConsecutiveDigits, F::Placement, 22, 23, false),
      // Side to move.
      at("SideUpperCaseW", zv_test::StartBoard + " W KQkq - 0 1", C::BadSideToMove, F::SideToMove,
         44, true),
      at("SideX", zv_test::StartBoard + " x KQkq - 0 1", C::BadSideToMove, F::SideToMove, 44, true),
      at("SideWB", zv_test::StartBoard + " wb KQkq - 0 1", C::BadSideToMove, F::SideToMove, 44,
         true),
      // Castling syntax.
      at("CastlingTrailingX", zv_test::StartBoard + " w KQkqX - 0 1", C::BadCastlingSyntax,
         F::Castling, 50, true),
      at("CastlingLetterZ", zv_test::StartBoard + " w KQkz - 0 1", C::BadCastlingSyntax,
         F::Castling, 49, true),
      between("CastlingDashThenLetter", zv_test::StartBoard + " w -K - 0 1", C::BadCastlingSyntax,
              F::Castling, 46, 47, true),
      between("CastlingLetterThenDash", zv_test::StartBoard + " w K- - 0 1", C::BadCastlingSyntax,
              F::Castling, 46, 47, true),
      at("CastlingKK", zv_test::StartBoard + " w KK - 0 1", C::DuplicateCastling, F::Castling, 47,
         true),
      at("CastlingKQkqk", zv_test::StartBoard + " w KQkqk - 0 1", C::DuplicateCastling, F::Castling,
         50, true),
      // En-passant syntax.
      at("EnPassantE9", zv_test::StartBoard + " w KQkq e9 0 1", C::BadEnPassantSyntax, F::EnPassant,
         51, true),
      at("EnPassantI3", zv_test::StartBoard + " w KQkq i3 0 1", C::BadEnPassantSyntax, F::EnPassant,
         51, true),
      at("EnPassantFileOnly", zv_test::StartBoard + " w KQkq e 0 1", C::BadEnPassantSyntax,
         F::EnPassant, 51, true),
      at("EnPassantDashSquare", zv_test::StartBoard + " w KQkq -e3 0 1", C::BadEnPassantSyntax,
         F::EnPassant, 51, true),
      at("EnPassantUpperCase", zv_test::StartBoard + " w KQkq E6 0 1", C::BadEnPassantSyntax,
         F::EnPassant, 51, true),
      // En passant against the position.
      at("EnPassantRank3WithWhiteToMove",
         "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1", C::EnPassantWrongRank,
         F::EnPassant, 53, false),
      at("EnPassantRank6WithBlackToMove",
         "rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR b KQkq e6 0 1", C::EnPassantWrongRank,
         F::EnPassant, 53, false),
      at("EnPassantNoPawnInFront", "rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
         C::EnPassantNoPawn, F::EnPassant, 51, true),
      at("EnPassantSquareOccupied", "rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/R1BQKBNR b KQkq e3 0 1",
         C::EnPassantNotEmpty, F::EnPassant, 55, true),
      at("EnPassantOriginOccupied", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPPNPPP/R1BQKBNR b KQkq e3 0 1",
         C::EnPassantNotEmpty, F::EnPassant, 53, true),
      // Checks no legal game reaches (more in fen_impossible_check_test.cpp).
      at("TripleCheck", "8/p2Pb3/1N2n2k/2N5/1P2K3/6n1/4r3/B3q2b w - - 0 1", C::TooManyCheckers,
         F::Placement, 0, true),
      at("DoubleCheckFromTwoKnights", "4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1", C::ImpossibleDoubleCheck,
         F::Placement, 0, true),
      at("CheckFromAPawnThatNeverMoved", "8/8/8/8/8/3k4/4P3/4K3 b - - 0 1", C::ImpossibleCheck,
         F::Placement, 0, true),
      at("EnPassantSquareBehindAnOlderCheck", "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
         C::EnPassantImpossibleCheck, F::EnPassant, 28, true),
      // Clocks.
      at("HalfmoveX", zv_test::StartBoard + " w KQkq - x 1", C::BadNumber, F::HalfmoveClock, 53,
         true),
      at("HalfmovePlusSign", zv_test::StartBoard + " w KQkq - +1 1", C::BadNumber, F::HalfmoveClock,
         53, true),
      between("HalfmoveFraction", zv_test::StartBoard + " w KQkq - 1.5 1", C::BadNumber,
              F::HalfmoveClock, 53, 54, true),
      at("HalfmoveMinusOne", zv_test::StartBoard + " w KQkq - -1 1", C::NegativeNumber,
         F::HalfmoveClock, 53, true),
      at("HalfmoveOverflow", zv_test::StartBoard + " w KQkq - 99999999999999999999 1",
         C::NumberOverflow, F::HalfmoveClock, 53, true),
      at("HalfmoveLeadingZero", zv_test::StartBoard + " w KQkq - 01 1", C::LeadingZero,
         F::HalfmoveClock, 53, true),
      at("HalfmoveDoubleZero", zv_test::StartBoard + " w KQkq - 00 1", C::LeadingZero,
         F::HalfmoveClock, 53, true),
      at("FullmoveZero", zv_test::StartBoard + " w KQkq - 0 0", C::ZeroFullmove, F::FullmoveNumber,
         55, true),
      at("FullmoveX", zv_test::StartBoard + " w KQkq - 0 x", C::BadNumber, F::FullmoveNumber, 55,
         true),
      at("FullmoveMinusThree", zv_test::StartBoard + " w KQkq - 0 -3", C::NegativeNumber,
         F::FullmoveNumber, 55, true),
      at("FullmoveOverflow", zv_test::StartBoard + " w KQkq - 0 99999999999999999999",
         C::NumberOverflow, F::FullmoveNumber, 55, true),
      at("FullmoveLeadingZero", zv_test::StartBoard + " w KQkq - 0 01", C::LeadingZero,
         F::FullmoveNumber, 55, true),
      // Kings, pawns, piece counts.
      anywhere("MissingWhiteKing", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1",
               C::MissingKing, F::Placement, true),
      anywhere("MissingBlackKing", "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
               C::MissingKing, F::Placement, true),
      anywhere("TwoBlackKings", "rnbqkbnr/ppppkppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1",
               C::TooManyKings, F::Placement, true),
      anywhere("TwoWhiteKings", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", C::TooManyKings, F::Placement,
               true),
      anywhere("WhitePawnOnRank1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", C::PawnOnBackRank,
               F::Placement, true),
      anywhere("BlackPawnOnRank1", "4k3/8/8/8/8/8/8/p3K3 w - - 0 1", C::PawnOnBackRank,
               F::Placement, true),
      anywhere("WhitePawnOnRank8", "P3k3/8/8/8/8/8/8/4K3 b - - 0 1", C::PawnOnBackRank,
               F::Placement, true),
      anywhere("BlackPawnOnRank8", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", C::PawnOnBackRank,
               F::Placement, true),
      anywhere("SeventeenWhitePieces", "rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               C::TooManyPieces, F::Placement, true),
      anywhere("SeventeenBlackPieces", "rnbqkbnr/pppppppp/n7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               C::TooManyPieces, F::Placement, true),
      // Castling rights against the board.
      at("WhiteCastlingKingOffBackRank", "4k3/8/8/8/8/8/4K3/7R w K - 0 1", C::CastlingWithoutKing,
         F::Castling, 23, true),
      at("BlackCastlingKingOffBackRank", "r7/4k3/8/8/8/8/8/4K3 w q - 0 1", C::CastlingWithoutKing,
         F::Castling, 23, true),
      at("WhiteShortWithoutRook", "4k3/8/8/8/8/8/8/4K3 w K - 0 1", C::CastlingWithoutRook,
         F::Castling, 22, true),
      at("BlackShortWithoutRook", "r3k3/8/8/8/8/8/8/4K3 w k - 0 1", C::CastlingWithoutRook,
         F::Castling, 23, true),
      at("BlackLongWithoutRookThirdLetter", "4k3/8/8/8/8/8/8/R3K2R w KQq - 0 1",
         C::CastlingWithoutRook, F::Castling, 26, true),
      at("ShredderLetterOnEmptyFile", "4k3/8/8/8/8/8/8/1R2K1R1 w HB - 0 1", C::CastlingWithoutRook,
         F::Castling, 26, true),
      at("ShredderLetterOnKnight", "4k3/8/8/8/8/8/8/1R2K1RN w H - 0 1", C::CastlingWithoutRook,
         F::Castling, 26, true),
      at("XFenShortWithNoRookRightOfKing", "4k3/8/8/8/8/8/8/1R1K4 w K - 0 1",
         C::CastlingWithoutRook, F::Castling, 24, true),
  };
}

class MalformedFen : public testing::TestWithParam<RejectCase> {};

TEST_P(MalformedFen, IsRejectedWithItsCodeFieldAndColumn) {
  const RejectCase& c = GetParam();
  const std::vector<FenError> errors = parse_errors(c.fen);
  const auto match = std::find_if(errors.begin(), errors.end(),
                                  [&](const FenError& e) { return e.code == c.code; });
  ASSERT_NE(match, errors.end()) << "FEN \"" << c.fen << "\": expected " << to_string(c.code)
                                 << ", got:\n"
                                 << zv_test::describe(errors);
  EXPECT_EQ(match->field, c.field) << "FEN \"" << c.fen << "\": " << to_string(c.code)
                                   << " reported in " << to_string(match->field);
  if (c.column_min != AnyColumn) {
    EXPECT_GE(match->column, c.column_min) << "FEN \"" << c.fen << "\"\n"
                                           << zv_test::describe(errors);
    EXPECT_LE(match->column, c.column_max) << "FEN \"" << c.fen << "\"\n"
                                           << zv_test::describe(errors);
  }
  if (c.only) {
    EXPECT_EQ(errors.size(), 1u) << "FEN \"" << c.fen << "\" has one problem, got:\n"
                                 << zv_test::describe(errors);
  }
}

TEST_P(MalformedFen, IsRejectedWithMessagesThatNameTheirField) {
  const RejectCase& c = GetParam();
  const std::vector<FenError> errors = parse_errors(c.fen);
  ASSERT_FALSE(errors.empty()) << "FEN \"" << c.fen << "\" was accepted";
  for (const FenError& e : errors) {
    EXPECT_FALSE(e.message().empty()) << to_string(e.code);
    EXPECT_TRUE(contains_ignoring_case(e.message(), to_string(e.field)))
        << "message \"" << e.message() << "\" does not name its field \"" << to_string(e.field)
        << "\"";
  }
}

TEST_P(MalformedFen, IsRejectedAlsoWhenOnlyValidityIsAsked) {
  const RejectCase& c = GetParam();
  Position pos;
  StateInfo state{};
  EXPECT_FALSE(pos.set(c.fen, state, polyglot_scheme(), {}, nullptr)) << "FEN \"" << c.fen << '"';
}

INSTANTIATE_TEST_SUITE_P(Cases, MalformedFen, testing::ValuesIn(reject_cases()),
                         [](const testing::TestParamInfo<RejectCase>& info) {
                           return std::string(info.param.name);
                         });

bool has_code(const std::vector<FenError>& errors, FenErrorCode code) {
  return std::any_of(errors.begin(), errors.end(),
                     [&](const FenError& e) { return e.code == code; });
}

// Which field carries this error is left to the parser.
TEST(FenRejects, SideNotToMoveInCheck) {
  const std::vector<FenError> errors = parse_errors("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
  EXPECT_TRUE(has_code(errors, FenErrorCode::OpponentInCheck)) << zv_test::describe(errors);
  EXPECT_EQ(errors.size(), 1u) << zv_test::describe(errors);
}

TEST(FenRejects, EveryFieldErrorOfOneStringAtOnce) {
  const std::string fen = zv_test::StartBoard + " W KQkqX e9 -1 0";
  const std::vector<FenError> errors = parse_errors(fen);
  struct Want {
    FenErrorCode code;
    FenField field;
    std::size_t column;
  };
  for (const Want& want :
       {Want{C::BadSideToMove, F::SideToMove, 44}, Want{C::BadCastlingSyntax, F::Castling, 50},
        Want{C::BadEnPassantSyntax, F::EnPassant, 52},
        Want{C::NegativeNumber, F::HalfmoveClock, 55},
        Want{C::ZeroFullmove, F::FullmoveNumber, 58}}) {
    const bool found = std::any_of(errors.begin(), errors.end(), [&](const FenError& e) {
      return e.code == want.code && e.field == want.field && e.column == want.column;
    });
    EXPECT_TRUE(found) << "missing " << to_string(want.code) << " at column " << want.column
                       << " in:\n"
                       << zv_test::describe(errors);
  }
}

TEST(FenRejects, EveryPositionErrorOfOneBoardAtOnce) {
  const std::vector<FenError> errors = parse_errors("kk6/8/8/8/8/8/8/P7 w - - 0 1");
  EXPECT_TRUE(has_code(errors, C::MissingKing)) << zv_test::describe(errors);
  EXPECT_TRUE(has_code(errors, C::TooManyKings)) << zv_test::describe(errors);
  EXPECT_TRUE(has_code(errors, C::PawnOnBackRank)) << zv_test::describe(errors);
}

TEST(FenRejects, FormatErrorsWritesOneLineForEachError) {
  const std::vector<FenError> errors = parse_errors(zv_test::StartBoard + " W KQkqX e9 -1 0");
  ASSERT_GE(errors.size(), 2u);
  const std::string text = format_errors(errors);
  for (const FenError& e : errors) EXPECT_NE(text.find(e.message()), std::string::npos) << text;
  const auto newlines = std::count(text.begin(), text.end(), '\n');
  EXPECT_GE(newlines, std::ptrdiff_t(errors.size()) - 1) << text;
  EXPECT_LE(newlines, std::ptrdiff_t(errors.size())) << text;
}

const FenError* find_code(const std::vector<FenError>& errors, FenErrorCode code) {
  const auto it =
      std::find_if(errors.begin(), errors.end(), [&](const FenError& e) { return e.code == code; });
  return it == errors.end() ? nullptr : &*it;
}

// A run of one mistake is one error, quoting the run or counting the repeats.
struct SingleErrorCase {
  const char* name;
  std::string fen;
  FenErrorCode code;
  std::size_t column;
  std::string_view message;
};

TEST(FenRejects, RunOfOneMistakeIsOneError) {
  const SingleErrorCase cases[] = {
      {"bad placement characters", "rnbqkbnr/ppxyzppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       C::BadCharacter, 11,
       "FEN piece placement field, character 12: 'xyz' (3 characters) are not piece letters "
       "(PNBRQK, pnbrqk), digits 1-8 or '/'"},
      {"digits", "rnbqkbnr/pppppppp/8/8/11111111/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       C::ConsecutiveDigits, 22,
       "FEN piece placement field, character 23: '11111111': 8 digits in a row; empty squares "
       "are counted by a single digit 1-8"},
      {"a repeated castling letter, at the second K", zv_test::StartBoard + " w KKKQ - 0 1",
       C::DuplicateCastling, 47, "FEN castling field, character 48: 'K' appears 3 times"},
  };
  for (const SingleErrorCase& c : cases) {
    SCOPED_TRACE(c.name);
    const std::vector<FenError> errors = parse_errors(c.fen);
    ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
    EXPECT_EQ(errors[0].code, c.code);
    EXPECT_EQ(errors[0].column, c.column);
    EXPECT_EQ(errors[0].message(), c.message);
  }
}

TEST(FenRejects, RunOfOtherWhiteSpaceIsOneError) {
  const std::vector<FenError> errors = parse_errors(zv_test::StartPosition + "\r\n");
  const FenError* spacing = find_code(errors, C::BadSpacing);
  ASSERT_NE(spacing, nullptr) << zv_test::describe(errors);
  EXPECT_EQ(std::count_if(errors.begin(), errors.end(),
                          [](const FenError& e) { return e.code == C::BadSpacing; }),
            1)
      << zv_test::describe(errors);
  EXPECT_EQ(spacing->column, 56u);
  EXPECT_NE(spacing->message().find("'\\x0d\\n' (2 characters) are not allowed"),
            std::string_view::npos)
      << spacing->message();
}

TEST(FenRejects, RunOfCastlingNonLettersIsOneError) {
  const std::vector<FenError> errors = parse_errors(zv_test::StartBoard + " w KQ-1k - 0 1");
  ASSERT_EQ(errors.size(), 1u) << zv_test::describe(errors);
  EXPECT_EQ(errors[0].code, C::BadCastlingSyntax);
  EXPECT_EQ(errors[0].column, 48u);
  EXPECT_NE(errors[0].message().find("'-1' (2 characters) are not castling letters"),
            std::string_view::npos)
      << errors[0].message();
}

TEST(FenRejects, LongGarbageGivesCutMessagesThatStillNameTheirField) {
  const std::string garbage(200, 'x');
  const std::vector<FenError> errors = parse_errors(garbage + " w - - 0 1");
  const FenError* bad = find_code(errors, C::BadCharacter);
  ASSERT_NE(bad, nullptr) << zv_test::describe(errors);
  EXPECT_EQ(bad->message(), "FEN piece placement field, character 1: '" + garbage.substr(0, 32) +
                                "'... (200 characters) are not piece letters (PNBRQK, pnbrqk), "
                                "digits 1-8 or '/'");
  for (const FenError& e : errors) {
    EXPECT_TRUE(e.message().starts_with(to_string(e.field))) << e.message();
    EXPECT_LE(e.message().size(), BoundedText::Capacity) << e.message();
  }
}

TEST(FenRejects, EscapedGarbageIsCutAfterTheSameNumberOfShownCharacters) {
  const std::vector<FenError> errors = parse_errors(std::string(100, '\x01') + " w - - 0 1");
  const FenError* bad = find_code(errors, C::BadCharacter);
  ASSERT_NE(bad, nullptr) << zv_test::describe(errors);
  std::string eight_escapes;
  for (int i = 0; i < 8; ++i) eight_escapes += "\\x01";
  EXPECT_NE(bad->message().find("'" + eight_escapes + "'... (100 characters)"),
            std::string_view::npos)
      << bad->message();
}

TEST(FenRejects, RunsAndOtherProblemsOfOneStringAreAllReported) {
  // Columns: "??" 11, "-1" 48, "e9" 51, "\r\n" 57 (inside the fullmove field "1\r\n" at 56).
  const std::string fen = "rnbqkbnr/pp??pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ-1 e9 0 1\r\n";
  const std::vector<FenError> errors = parse_errors(fen);
  struct Want {
    FenErrorCode code;
    std::size_t column;
  };
  for (const Want& want :
       {Want{C::BadCharacter, 11}, Want{C::BadCastlingSyntax, 48}, Want{C::BadEnPassantSyntax, 51},
        Want{C::BadSpacing, 57}, Want{C::BadNumber, 57}}) {
    EXPECT_EQ(std::count_if(errors.begin(), errors.end(),
                            [&](const FenError& e) {
                              return e.code == want.code && e.column == want.column;
                            }),
              1)
        << to_string(want.code) << " at column " << want.column << " in:\n"
        << zv_test::describe(errors);
  }
  EXPECT_EQ(errors.size(), 5u) << zv_test::describe(errors);
}

TEST(FenErrorText, TextThatFitsIsKeptWhole) {
  BoundedText text;
  text.append(std::string(BoundedText::Capacity - 2, 'a'));
  text.append_number(42);
  EXPECT_FALSE(text.cut());
  EXPECT_EQ(text.view(), std::string(BoundedText::Capacity - 2, 'a') + "42");
}

TEST(FenErrorText, TextThatDoesNotFitIsCutAndEndsWithTheMark) {
  BoundedText text;
  text.append("start ");
  for (int i = 0; i < 100; ++i) text.append("0123456789");
  text.append("dropped after the cut");
  text.append_number(42);
  EXPECT_TRUE(text.cut());
  EXPECT_EQ(text.view().size(), BoundedText::Capacity);
  EXPECT_TRUE(text.view().starts_with("start 0123456789")) << text.view();
  EXPECT_TRUE(text.view().ends_with("1234...")) << text.view();  // 6 + 245 characters kept
}

TEST(FenErrorText, ANumberThatDoesNotFitIsCutToo) {
  BoundedText text;
  text.append(std::string(BoundedText::Capacity - 1, 'a'));
  text.append_number(12345);
  EXPECT_TRUE(text.cut());
  EXPECT_EQ(text.view(), std::string(BoundedText::Capacity - 3, 'a') + "...");
}

// The number of calls of operator new while f runs.
template <typename F>
std::size_t heap_allocations_during(F f) {
  const std::size_t before = heap_allocations;
  f();
  return heap_allocations - before;
}

TEST(FenCost, AFailingParseAllocatesOnlyItsListOfErrors) {
  Position pos;
  StateInfo state{};
  ASSERT_TRUE(
      pos.set(zv_test::StartPosition, state, polyglot_scheme()).empty());  // builds the tables once
  // Seven errors: a bad run and the rank length and count in the placement, then one per field.
  const std::string fen = std::string(200, 'x') + " W KQ-1 e9 -1 1";
  std::vector<FenError> errors;
  const std::size_t allocations =
      heap_allocations_during([&] { errors = pos.set(fen, state, polyglot_scheme()); });
  EXPECT_GE(errors.size(), 6u) << zv_test::describe(errors);
  EXPECT_EQ(allocations, 1u) << zv_test::describe(errors);
}

TEST(FenCost, AValidParseAndWritingItsFenIntoAReusedStringDoNotAllocate) {
  Position pos;
  StateInfo state{};
  ASSERT_TRUE(
      pos.set(zv_test::StartPosition, state, polyglot_scheme()).empty());  // builds the tables once
  std::string written;
  written.reserve(100);
  const std::size_t allocations = heap_allocations_during([&] {
    EXPECT_TRUE(pos.set(zv_test::StartPosition, state, polyglot_scheme()).empty());
    pos.write_fen(written);
  });
  EXPECT_EQ(written, zv_test::StartPosition);
  EXPECT_EQ(allocations, 0u);
}

TEST(FenCost, AFailingParseIntoAReusedListAllocatesNothing) {
  Position pos;
  StateInfo state{};
  const std::string fen = std::string(200, 'x') + " W KQ-1 e9 -1 1";
  std::vector<FenError> errors;
  ASSERT_FALSE(pos.set(fen, state, polyglot_scheme(), {}, &errors));  // the list grows once
  const std::size_t allocations = heap_allocations_during(
      [&] { EXPECT_FALSE(pos.set(fen, state, polyglot_scheme(), {}, &errors)); });
  EXPECT_GE(errors.size(), 6u) << zv_test::describe(errors);
  EXPECT_EQ(allocations, 0u);
}

TEST(FenCost, AParseForValidityOnlyAllocatesNothing) {
  Position pos;
  StateInfo state{};
  ASSERT_TRUE(
      pos.set(zv_test::StartPosition, state, polyglot_scheme()).empty());  // builds the tables once
  const std::string fen = std::string(200, 'x') + " W KQ-1 e9 -1 1";
  const std::size_t allocations = heap_allocations_during(
      [&] { EXPECT_FALSE(pos.set(fen, state, polyglot_scheme(), {}, nullptr)); });
  EXPECT_EQ(allocations, 0u);
}

TEST(FenCost, JudgingWhetherChecksAreReachableAllocatesNothing) {
  Position pos;
  StateInfo state{};
  ASSERT_TRUE(
      pos.set(zv_test::StartPosition, state, polyglot_scheme()).empty());  // builds the tables once
  // A double check some move gives, and a triple check no move gives.
  const std::string reachable = "4R3/1B6/3P4/8/4k3/8/8/7K b - - 0 1";
  const std::string impossible = "8/p2Pb3/1N2n2k/2N5/1P2K3/6n1/4r3/B3q2b w - - 0 1";
  const std::size_t allocations = heap_allocations_during([&] {
    EXPECT_TRUE(pos.set(reachable, state, polyglot_scheme(), {}, nullptr));
    EXPECT_FALSE(pos.set(impossible, state, polyglot_scheme(), {}, nullptr));
  });
  EXPECT_EQ(allocations, 0u);
}

}  // namespace
}  // namespace zobrist_verify

// Found by fuzz_fen: strchr treats the string's terminating NUL as a match, so a NUL byte in the
// placement was read as piece code 15 and corrupted the board.
TEST(FenSyntax, NulByteInPlacementIsABadCharacter) {
  using namespace zobrist_verify;
  StateInfo st;
  Position pos;
  const std::string fen("4k2\0/8/8/8/8/8/8/4K3 w - -", 26);
  const auto errors = pos.set(fen, st, polyglot_scheme());
  ASSERT_FALSE(errors.empty());
  EXPECT_EQ(errors.front().code, FenErrorCode::BadCharacter);
  EXPECT_EQ(errors.front().column, 3u);
  EXPECT_NE(errors.front().message().find("\\x00"), std::string_view::npos)
      << errors.front().message();
}
