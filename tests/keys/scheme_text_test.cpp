// The key scheme text format (docs/key-scheme-file.md): parsing, writing, errors and files.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "scheme_compare.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zv = zobrist_verify;
using zv::Key;
using zv::KeyScheme;

// A namespace of its own: its helpers share names with other files of
// its unity batch (parse_error).
namespace scheme_text {
namespace {

using zv_test::same_scheme;

// The error message of parsing `text` as source "x" (empty if it parsed).
std::string parse_error(const std::string& text) {
  const auto parsed = zv::parse_scheme_text(text, "x");
  return parsed ? std::string() : parsed.error();
}

// --- Text format ---

TEST(SchemeText, EveryBuiltinSchemeRoundTrips) {
  for (const KeyScheme* s :
       {&zv::polyglot_scheme(), &zv::stockfish_scheme(), &zv::rustic_scheme()}) {
    const auto parsed = zv::parse_scheme_text(zv::write_scheme_text(*s), "other");
    ASSERT_TRUE(parsed) << parsed.error();
    EXPECT_TRUE(same_scheme(*parsed, *s)) << s->name;
  }
}

TEST(SchemeText, SeededSchemeRoundTrips) {
  const KeyScheme s = zv::seeded_scheme(12345);
  const auto parsed = zv::parse_scheme_text(zv::write_scheme_text(s), "other");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_TRUE(same_scheme(*parsed, s));
}

TEST(SchemeText, ParsesEachKindOfEntry) {
  const auto parsed = zv::parse_scheme_text(
      "# a comment line\n"
      "name mine   # trailing comment\n"
      "rule always\n"
      "fold_rule50 yes\n"
      "pawn_key yes\n"
      "material_key no\n"
      "psq P a2 0x1\n"
      "psq k e8 ABCDEF\n"
      "castling 15 ff\n"
      "enpassant e3 2\n"
      "enpassant none 3\n"
      "side white 4\r\n"
      "\tside black 5\n"
      "nopawns FFFFFFFFFFFFFFFF\n",
      "x");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->name, "mine");
  EXPECT_EQ(parsed->en_passant_rule, zv::EnPassantRule::Always);
  EXPECT_TRUE(parsed->fold_rule50_into_printed_key);
  EXPECT_TRUE(parsed->defines_pawn_key);
  EXPECT_FALSE(parsed->defines_material_key);
  EXPECT_EQ(parsed->psq[zv::WhitePawn][zv::A2], 1u);
  EXPECT_EQ(parsed->psq[zv::BlackKing][zv::E8], 0xABCDEFu);
  EXPECT_EQ(parsed->castling[15], 0xFFu);
  EXPECT_EQ(parsed->en_passant[zv::E3], 2u);
  EXPECT_EQ(parsed->en_passant_none, 3u);
  EXPECT_EQ(parsed->side_white, 4u);
  EXPECT_EQ(parsed->side_black, 5u);
  EXPECT_EQ(parsed->no_pawns, ~Key(0));
}

TEST(SchemeText, MissingEntriesAreZeroAndNameDefaultsToTheArgument) {
  const auto parsed = zv::parse_scheme_text("psq Q d1 7\n", "given");
  ASSERT_TRUE(parsed) << parsed.error();
  KeyScheme expected;
  expected.name = "given";
  expected.psq[zv::WhiteQueen][zv::D1] = 7;
  EXPECT_TRUE(same_scheme(*parsed, expected));
}

TEST(SchemeText, WriterOmitsZeroEntries) {
  KeyScheme s;
  s.name = "sparse";
  s.psq[zv::BlackKnight][zv::G8] = 0xABC;
  const std::string text = zv::write_scheme_text(s);
  EXPECT_NE(text.find("psq n g8 0000000000000abc\n"), std::string::npos) << text;
  for (const char* absent : {"castling", "enpassant", "side", "nopawns", "psq P"})
    EXPECT_EQ(text.find(absent), std::string::npos) << absent << " in\n" << text;
}

// Each error names the source and line, the offending token and the reason.
TEST(SchemeTextErrors, UnknownKeyword) {
  const std::string e = parse_error("name a\n\npqs P a2 1\n");
  EXPECT_NE(e.find("x:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown keyword 'pqs'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadHexDigit) {
  const std::string e = parse_error("psq P a2 12G4\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad key '12G4'"), std::string::npos) << e;
  EXPECT_NE(e.find("hex digits"), std::string::npos) << e;
}

TEST(SchemeTextErrors, KeyLongerThan16Digits) {
  const std::string e = parse_error("nopawns 1\nside black 10000000000000000\n");
  EXPECT_NE(e.find("x:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad key '10000000000000000'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadSquare) {
  const std::string e = parse_error("psq P i9 1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad square 'i9'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadPieceLetter) {
  const std::string e = parse_error("psq X a1 1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad piece 'X'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, DuplicateEntryNamesBothLines) {
  const std::string e = parse_error("castling 3 1\n# again\ncastling 3 2\n");
  EXPECT_NE(e.find("x:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("duplicate entry 'castling 3'"), std::string::npos) << e;
  EXPECT_NE(e.find("line 1"), std::string::npos) << e;
}

TEST(SchemeTextErrors, TrailingToken) {
  const std::string e = parse_error("nopawns 1 2\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("unexpected trailing token '2'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, MissingValue) {
  const std::string e = parse_error("enpassant e3\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("missing value"), std::string::npos) << e;
}

TEST(SchemeTextErrors, CastlingMaskOutOfRange) {
  const std::string e = parse_error("castling 16 1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad castling mask '16'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadSide) {
  const std::string e = parse_error("side red 1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad side 'red'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadRule) {
  const std::string e = parse_error("rule sometimes\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad rule 'sometimes'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, OldPseudolegalSpellingIsABadRule) {
  const std::string e = parse_error("rule pseudolegal\n");
  EXPECT_NE(e.find("x:1: bad rule 'pseudolegal': expected always, pseudo-legal, legal or never"),
            std::string::npos)
      << e;
}

TEST(SchemeTextErrors, BadFoldRule50Value) {
  const std::string e = parse_error("fold_rule50 true\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad fold_rule50 value 'true'"), std::string::npos) << e;
}

TEST(SchemeTextErrors, BadMaterialKeyValueAndADuplicatePawnKey) {
  EXPECT_NE(
      parse_error("material_key 1\n").find("x:1: bad material_key value '1': expected yes or no"),
      std::string::npos);
  const std::string e = parse_error("pawn_key no\npawn_key yes\n");
  EXPECT_NE(e.find("x:2: duplicate entry 'pawn_key' (first given on line 1)"), std::string::npos)
      << e;
}

// --- Files ---

TEST(SchemeFile, MissingFileErrorNamesPathAndReason) {
  const std::string path = testing::TempDir() + "/no-such-scheme.txt";
  const auto loaded = zv::load_scheme_file(path);
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.error().find(path), std::string::npos) << loaded.error();
  EXPECT_NE(loaded.error().find("No such file or directory"), std::string::npos) << loaded.error();
}

TEST(SchemeFile, DirectoryIsReportedAsUnreadable) {
  const auto loaded = zv::load_scheme_file(testing::TempDir());
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.error().find("Is a directory"), std::string::npos) << loaded.error();
}

TEST(SchemeFile, LoadedSchemeIsNamedAfterTheFileUnlessItHasANameLine) {
  const std::filesystem::path path =
      std::filesystem::path(testing::TempDir()) / "key_scheme_test_unnamed.scheme";
  std::ofstream(path) << "psq K e1 5\n";
  const auto loaded = zv::load_scheme_file(path.string());
  std::filesystem::remove(path);
  ASSERT_TRUE(loaded) << loaded.error();
  EXPECT_EQ(loaded->name, "key_scheme_test_unnamed");
  EXPECT_EQ(loaded->psq[zv::WhiteKing][zv::E1], 5u);
}

TEST(SchemeFile, ParseErrorsNameThePath) {
  const std::filesystem::path path =
      std::filesystem::path(testing::TempDir()) / "key_scheme_test_bad.scheme";
  std::ofstream(path) << "name ok\nside green 1\n";
  const auto loaded = zv::load_scheme_file(path.string());
  std::filesystem::remove(path);
  ASSERT_FALSE(loaded);
  EXPECT_NE(loaded.error().find(path.string() + ":2:"), std::string::npos) << loaded.error();
}

}  // namespace
}  // namespace scheme_text
