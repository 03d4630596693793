// Strict FEN parsing, the valid side: edge cases that parse, and fen() as a stable normal form
// that keeps the keys under every built-in scheme. (Rejections: fen_test.cpp.)
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "test_support.h"
#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {
namespace {

// Parses a FEN that must be valid; the Game keeps its StateInfo alive.
void set_valid(Game& game, std::string_view fen, const KeyScheme& scheme = polyglot_scheme(),
               FenOptions options = {}) {
  const std::vector<FenError> errors = game.set(fen, scheme, options);
  ASSERT_TRUE(errors.empty()) << "FEN \"" << fen << "\" rejected:\n" << zv_test::describe(errors);
}

TEST(FenAccepts, FourFieldsWithClocksDefaultingToZeroAndOne) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(set_valid(game, zv_test::StartBoard + " w KQkq -"));
  EXPECT_EQ(game.position().rule50(), 0);
  EXPECT_EQ(game.position().fullmove_number(), 1);
  EXPECT_EQ(game.position().fen(), zv_test::StartPosition);
}

TEST(FenAccepts, FourFieldsWithBlackToMoveAndAnEnPassantSquare) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(
      set_valid(game, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3"));
  EXPECT_EQ(game.position().ep_square(), E3);
  EXPECT_EQ(game.position().fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
}

TEST(FenAccepts, ShredderLettersOnTheStandardStartPosition) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(set_valid(game, zv_test::StartBoard + " w HAha - 0 1"));
  const Position& pos = game.position();
  EXPECT_EQ(pos.castling_rights(), AnyCastling);
  EXPECT_EQ(pos.castling_rook_square(WhiteOO), H1);
  EXPECT_EQ(pos.castling_rook_square(WhiteOOO), A1);
  EXPECT_EQ(pos.castling_rook_square(BlackOO), H8);
  EXPECT_EQ(pos.castling_rook_square(BlackOOO), A8);
}

TEST(FenAccepts, XFenKQkqMeansTheOuterRooksInChess960) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(
      set_valid(game, "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1"));
  const Position& pos = game.position();
  EXPECT_TRUE(pos.is_chess960());
  EXPECT_EQ(pos.castling_rights(), AnyCastling);
  EXPECT_EQ(pos.castling_rook_square(WhiteOO), G1);
  EXPECT_EQ(pos.castling_rook_square(WhiteOOO), B1);
  EXPECT_EQ(pos.castling_rook_square(BlackOO), G8);
  EXPECT_EQ(pos.castling_rook_square(BlackOOO), B8);
  EXPECT_EQ(pos.fen(), "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1");
}

TEST(FenAccepts, XFenKPicksTheOutermostRookWhenTwoStandOnThatSide) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(set_valid(game, "2k5/8/8/8/8/8/8/R1K1R2R w K - 0 1"));
  EXPECT_EQ(game.position().castling_rook_square(WhiteOO), H1);
  EXPECT_EQ(game.position().castling_rights(), WhiteOO);
  EXPECT_EQ(game.position().fen(), "2k5/8/8/8/8/8/8/R1K1R2R w H - 0 1");
}

TEST(FenAccepts, PartialCastlingRightsKkq) {
  Game game;
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1";
  ASSERT_NO_FATAL_FAILURE(set_valid(game, fen));
  EXPECT_EQ(game.position().castling_rights(), WhiteOO | BlackOO | BlackOOO);
  EXPECT_EQ(game.position().fen(), fen);
}

TEST(FenAccepts, AParseForValidityOnlySetsThePositionAsTheFullParseDoes) {
  const std::string fen = "r3k2r/8/8/8/4Pp2/8/8/R3K2R b KQkq e3 0 40";
  Position full, quick;
  StateInfo full_state{}, quick_state{};
  ASSERT_TRUE(full.set(fen, full_state, polyglot_scheme()).empty());
  ASSERT_TRUE(quick.set(fen, quick_state, polyglot_scheme(), {}, nullptr));
  EXPECT_EQ(quick.fen(), full.fen());
  EXPECT_EQ(quick.keys(), full.keys());
}

TEST(FenAccepts, LargeClocks) {
  Game game;
  const std::string fen = "4k3/8/8/8/8/8/8/4K3 b - - 99 150";
  ASSERT_NO_FATAL_FAILURE(set_valid(game, fen));
  EXPECT_EQ(game.position().rule50(), 99);
  EXPECT_EQ(game.position().fullmove_number(), 150);
  EXPECT_EQ(game.position().fen(), fen);
}

TEST(FenAccepts, Chess960OptionOnAStandardPositionWritesShredderLetters) {
  Game game;
  FenOptions options;
  options.chess960 = true;
  ASSERT_NO_FATAL_FAILURE(set_valid(game, zv_test::StartPosition, polyglot_scheme(), options));
  EXPECT_TRUE(game.position().is_chess960());
  EXPECT_EQ(game.position().fen(), zv_test::StartBoard + " w HAha - 0 1");
}

TEST(FenRoundTrip, StandardStartPositionIsWrittenBackExactly) {
  Game game;
  ASSERT_NO_FATAL_FAILURE(set_valid(game, StartFen));
  EXPECT_EQ(game.position().fen(), StartFen);
}

std::vector<zv_test::CorpusFen> all_corpus_fens() {
  std::vector<zv_test::CorpusFen> fens = zv_test::perft_corpus_fens();
  for (const char* file : {"keys/polyglot-vectors.tsv", "keys/stockfish-15.1-keys.tsv"}) {
    const auto text = zv_test::read_corpus_file(file);
    EXPECT_TRUE(text.has_value()) << text.error();
    if (!text) continue;
    for (auto& f : zv_test::key_table_fens(file, *text, StartFen)) fens.push_back(std::move(f));
  }
  return fens;
}

TEST(FenRoundTrip, EveryCorpusFenIsStableAndKeepsItsKeysUnderEveryScheme) {
  const std::vector<zv_test::CorpusFen> fens = all_corpus_fens();
  ASSERT_EQ(fens.size(), 128u + 960u + 19u + 11u + 14u);
  for (const KeyScheme* scheme : zv_test::every_builtin_scheme()) {
    for (const auto& [fen, where] : fens) {
      Game first;
      ASSERT_NO_FATAL_FAILURE(set_valid(first, fen, *scheme, zv_test::suite_reading())) << where;
      const std::string written = first.position().fen();
      const FenOptions options = zv_test::suite_reading(first.position().is_chess960());
      Game second;
      ASSERT_NO_FATAL_FAILURE(set_valid(second, written, *scheme, options)) << where;
      EXPECT_EQ(second.position().fen(), written) << where << " " << scheme->name;
      EXPECT_EQ(second.position().is_chess960(), first.position().is_chess960()) << where;
      EXPECT_EQ(second.position().keys(), first.position().keys())
          << where << " " << scheme->name << ": \"" << fen << "\" vs \"" << written << "\"";
    }
  }
}

TEST(FenRoundTrip, StandardSuiteFensAreAlreadyInNormalForm) {
  const auto text = zv_test::read_corpus_file("perft/standard.epd");
  ASSERT_TRUE(text.has_value()) << text.error();
  const auto fens = zv_test::suite_fens("perft/standard.epd", *text);
  ASSERT_EQ(fens.size(), 128u);
  for (const auto& [fen, where] : fens) {
    Game game;
    ASSERT_NO_FATAL_FAILURE(set_valid(game, fen, polyglot_scheme(), zv_test::suite_reading()))
        << where;
    EXPECT_EQ(game.position().fen(), fen) << where;
  }
}

// Whether the FEN's castling needs Chess960: a Shredder letter other than the a and h files, or a
// king with a castling right standing off the e-file.
bool needs_chess960(const std::string& fen) {
  const std::vector<std::string> fields = zv_test::split(fen, ' ');
  const std::vector<std::string> ranks = zv_test::split(fields[0], '/');
  const auto king_file = [](const std::string& rank, char king) {
    int file = 0;
    for (const char c : rank) {
      if (c == king) return file;
      file += std::isdigit(static_cast<unsigned char>(c)) ? c - '0' : 1;
    }
    return -1;
  };
  for (const char c : fields[2]) {
    if (c == '-') continue;
    const bool white = std::isupper(static_cast<unsigned char>(c));
    const char lower = char(std::tolower(static_cast<unsigned char>(c)));
    if (lower != 'a' && lower != 'h' && lower != 'k' && lower != 'q') return true;
    if (king_file(white ? ranks[7] : ranks[0], white ? 'K' : 'k') != 4) return true;
  }
  return false;
}

TEST(FenRoundTrip, Chess960PositionsAreWrittenWithShredderLetters) {
  const auto text = zv_test::read_corpus_file("perft/fischer.epd");
  ASSERT_TRUE(text.has_value()) << text.error();
  const auto fens = zv_test::suite_fens("perft/fischer.epd", *text);
  ASSERT_EQ(fens.size(), 960u);
  int chess960 = 0;
  for (const auto& [fen, where] : fens) {
    if (!needs_chess960(fen)) continue;
    ++chess960;
    Game game;
    ASSERT_NO_FATAL_FAILURE(set_valid(game, fen)) << where;
    EXPECT_TRUE(game.position().is_chess960()) << where << " " << fen;
    EXPECT_EQ(game.position().fen(), fen) << where;
  }
  EXPECT_GT(chess960, 800);  // most of the suite; guards against the filter selecting nothing
}

TEST(FenRoundTrip, FourFieldInputIsWrittenWithSixFields) {
  const auto text = zv_test::read_corpus_file("perft/tricky.perft");
  ASSERT_TRUE(text.has_value()) << text.error();
  const auto fens = zv_test::suite_fens("perft/tricky.perft", *text);
  ASSERT_EQ(fens.size(), 19u);
  for (const auto& [fen, where] : fens) {
    ASSERT_EQ(zv_test::split(fen, ' ').size(), 4u) << where;
    Game game;
    ASSERT_NO_FATAL_FAILURE(set_valid(game, fen, polyglot_scheme(), zv_test::suite_reading()))
        << where;
    const std::string written = game.position().fen();
    EXPECT_EQ(zv_test::split(written, ' ').size(), 6u) << where << ": " << written;
    EXPECT_EQ(written.substr(written.size() - 4), " 0 1") << where << ": " << written;
  }
}

}  // namespace
}  // namespace zobrist_verify
