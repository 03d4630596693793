// UCI move text: parse_uci_move accepts exactly the legal moves, with errors that name the move
// and the position; move_to_uci and parse_uci_move are inverses on every legal move.
#include <gtest/gtest.h>

#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {
namespace {

constexpr const char* CastlingFen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
constexpr const char* PromotionFen = "3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1";
constexpr const char* Chess960Fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";

void set_position(Game& game, std::string_view fen, FenOptions options = {}) {
  const std::vector<FenError> errors = game.set(fen, polyglot_scheme(), options);
  ASSERT_TRUE(errors.empty()) << fen << "\n" << zv_test::describe(errors);
}

Expected<Move> parse(std::string_view fen, std::string_view text, FenOptions options = {}) {
  Game game;
  set_position(game, fen, options);
  return parse_uci_move(game.position(), text);
}

TEST(ParseUciMove, AcceptsAQuietMove) {
  const Expected<Move> m = parse(StartFen, "e2e4");
  ASSERT_TRUE(m.has_value()) << m.error();
  EXPECT_EQ(*m, Move(E2, E4));
}

TEST(ParseUciMove, AcceptsAPromotionWithCapture) {
  const Expected<Move> m = parse(PromotionFen, "e7d8n");
  ASSERT_TRUE(m.has_value()) << m.error();
  EXPECT_EQ(*m, Move::make(MoveKind::Promotion, E7, D8, Knight));
}

TEST(ParseUciMove, AcceptsEnPassant) {
  const Expected<Move> m = parse("8/8/8/3pP3/4K3/8/8/k7 w - d6 0 1", "e5d6");
  ASSERT_TRUE(m.has_value()) << m.error();
  EXPECT_EQ(*m, Move::make(MoveKind::EnPassant, E5, D6));
}

// Each rejected text, with the position it is tried in.
struct Rejected {
  const char* name;
  const char* fen;
  const char* text;
};

const Rejected rejected_moves[] = {
    {"IllegalPawnStep", StartFen, "e2e5"},
    {"MoveOfAnEmptySquare", StartFen, "e3e4"},
    {"MoveOfTheOpponentsPiece", StartFen, "e7e5"},
    {"Empty", StartFen, ""},
    {"TooShort", StartFen, "e2"},
    {"TrailingCharacter", StartFen, "e2e4x"},
    {"OffTheBoard", StartFen, "z9z9"},
    {"NullMove", StartFen, "0000"},
    {"KingIsNotAPromotionPiece", PromotionFen, "e7e8k"},
    {"PawnIsNotAPromotionPiece", PromotionFen, "e7e8p"},
    {"PromotionWithoutLetter", PromotionFen, "e7d8"},
    {"PromotionLetterOnAQuietMove", StartFen, "e2e4q"},
    {"PromotionLetterOnAKingMove", PromotionFen, "e1d1q"},
    {"IntoCheck", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", "e1f2"},
    {"CastlingThroughCheck", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"},
    {"Chess960KingTwoSquaresIsNotCastling", Chess960Fen, "e1c1"},
};

void PrintTo(const Rejected& r, std::ostream* out) {
  *out << r.text << " in " << r.fen;
}

class ParseUciMoveRejects : public testing::TestWithParam<Rejected> {};

TEST_P(ParseUciMoveRejects, WithAnErrorNamingTheMoveAndTheFen) {
  const Rejected& r = GetParam();
  Game game;
  set_position(game, r.fen);
  const Expected<Move> m = parse_uci_move(game.position(), r.text);
  ASSERT_FALSE(m.has_value()) << "\"" << r.text << "\" accepted in " << r.fen;
  if (*r.text != '\0') {
    EXPECT_NE(m.error().find(r.text), std::string::npos) << m.error();
  }
  EXPECT_NE(m.error().find(game.position().fen()), std::string::npos) << m.error();
}

INSTANTIATE_TEST_SUITE_P(BadText, ParseUciMoveRejects, testing::ValuesIn(rejected_moves),
                         [](const testing::TestParamInfo<Rejected>& info) {
                           return std::string(info.param.name);
                         });

TEST(ParseUciMove, StandardCastlingAcceptsKingTwoSquares) {
  const Expected<Move> short_castle = parse(CastlingFen, "e1g1");
  ASSERT_TRUE(short_castle.has_value()) << short_castle.error();
  EXPECT_EQ(*short_castle, Move::make(MoveKind::Castling, E1, H1));
  const Expected<Move> long_castle = parse(CastlingFen, "e1c1");
  ASSERT_TRUE(long_castle.has_value()) << long_castle.error();
  EXPECT_EQ(*long_castle, Move::make(MoveKind::Castling, E1, A1));
}

TEST(ParseUciMove, StandardCastlingAcceptsKingTakesRook) {
  const Expected<Move> short_castle = parse(CastlingFen, "e1h1");
  ASSERT_TRUE(short_castle.has_value()) << short_castle.error();
  EXPECT_EQ(*short_castle, Move::make(MoveKind::Castling, E1, H1));
  const Expected<Move> black_long = parse("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8");
  ASSERT_TRUE(black_long.has_value()) << black_long.error();
  EXPECT_EQ(*black_long, Move::make(MoveKind::Castling, E8, A8));
}

TEST(ParseUciMove, Chess960CastlingIsKingTakesRook) {
  const Expected<Move> short_castle = parse(Chess960Fen, "e1g1");
  ASSERT_TRUE(short_castle.has_value()) << short_castle.error();
  EXPECT_EQ(*short_castle, Move::make(MoveKind::Castling, E1, G1));
  const Expected<Move> long_castle = parse(Chess960Fen, "e1b1");
  ASSERT_TRUE(long_castle.has_value()) << long_castle.error();
  EXPECT_EQ(*long_castle, Move::make(MoveKind::Castling, E1, B1));
}

TEST(ParseUciMove, Chess960OptionOnAStandardPositionWantsKingTakesRook) {
  FenOptions options;
  options.chess960 = true;
  const Expected<Move> takes_rook = parse(CastlingFen, "e1h1", options);
  ASSERT_TRUE(takes_rook.has_value()) << takes_rook.error();
  EXPECT_EQ(*takes_rook, Move::make(MoveKind::Castling, E1, H1));
  EXPECT_FALSE(parse(CastlingFen, "e1g1", options).has_value());
}

TEST(MoveToUci, WritesStandardCastlingAsKingTwoSquares) {
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, E1, H1), false), "e1g1");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, E1, A1), false), "e1c1");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, E8, H8), false), "e8g8");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, E8, A8), false), "e8c8");
}

TEST(MoveToUci, WritesChess960CastlingAsKingTakesRook) {
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, E1, H1), true), "e1h1");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, F1, G1), true), "f1g1");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Castling, C8, B8), true), "c8b8");
}

TEST(MoveToUci, WritesPromotionLetterInLowerCase) {
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Promotion, E7, E8, Queen), false), "e7e8q");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Promotion, B2, A1, Knight), false), "b2a1n");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Promotion, G7, H8, Rook), false), "g7h8r");
  EXPECT_EQ(move_to_uci(Move::make(MoveKind::Promotion, D2, D1, Bishop), false), "d2d1b");
}

std::vector<zv_test::CorpusFen> round_trip_fens() {
  return zv_test::perft_corpus_fens();
}

// Every legal move of every corpus position, and of the positions one move later.
TEST(MoveToUci, RoundTripsThroughParseUciMoveForEveryLegalMove) {
  const std::vector<zv_test::CorpusFen> fens = round_trip_fens();
  ASSERT_EQ(fens.size(), 128u + 960u + 19u);
  std::size_t checked = 0;
  for (const auto& [fen, where] : fens) {
    Game game;
    ASSERT_NO_FATAL_FAILURE(set_position(game, fen, zv_test::suite_reading())) << where;
    for (const Move first : legal_moves(game.position())) {
      game.play(first);
      const Position& pos = game.position();
      std::set<std::string> texts;
      for (const Move m : legal_moves(pos)) {
        const std::string text = move_to_uci(pos, m);
        EXPECT_TRUE(texts.insert(text).second)
            << where << " after " << game.uci_moves() << ": two moves written " << text;
        const Expected<Move> parsed = parse_uci_move(pos, text);
        ++checked;
        if (!parsed) {
          ADD_FAILURE() << where << " after " << game.uci_moves() << ": " << parsed.error();
          continue;
        }
        EXPECT_EQ(*parsed, m) << where << " after " << game.uci_moves() << ": " << text;
      }
      ASSERT_TRUE(game.undo());
    }
  }
  EXPECT_GT(checked, 500'000u);
}

}  // namespace
}  // namespace zobrist_verify
