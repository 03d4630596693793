// Key schemes as data: built-in tables against their sources, the ChaCha20 generator against
// published vectors, seeded schemes, and the text format (round trips and error messages).
#include "zobrist_verify/keys/key_scheme.h"
#include "scheme_compare.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace zv = zobrist_verify;
using zv::Key;
using zv::KeyScheme;

namespace {

// Written out here, not taken from the library's list of pieces.
constexpr std::array<zv::Piece, 12> TwelvePieces = {
    zv::WhitePawn, zv::WhiteKnight, zv::WhiteBishop, zv::WhiteRook, zv::WhiteQueen, zv::WhiteKing,
    zv::BlackPawn, zv::BlackKnight, zv::BlackBishop, zv::BlackRook, zv::BlackQueen, zv::BlackKing};

// Read independently of the library's generated table: one 16-digit hex key a line.
std::vector<Key> read_polyglot_corpus() {
  std::ifstream in(std::string(ZV_CORPUS_DIR) + "/keys/polyglot-random64.txt");
  std::vector<Key> keys;
  std::string line;
  while (std::getline(in, line)) keys.push_back(std::stoull(line, nullptr, 16));
  return keys;
}

const std::vector<Key>& polyglot_corpus() {
  static const std::vector<Key> keys = read_polyglot_corpus();
  return keys;
}

std::string hex(Key key) {
  return zv::hex_key_literal(key);
}

using zv_test::same_scheme;

}  // namespace

// --- Stockfish 15.1: check values read in Stockfish, not computed by this code ---

TEST(StockfishScheme, WhitePawnOnA1IsStockfishsFirstDraw) {
  EXPECT_EQ(zv::stockfish_scheme().psq[zv::WhitePawn][zv::A1], 0x083610FB1CD7C6A5ULL);
}

TEST(StockfishScheme, CastlingZeroIsItsOwnDraw) {
  EXPECT_EQ(zv::stockfish_scheme().castling[0], 0x67E85E44A0C80F99ULL);
}

TEST(StockfishScheme, SideKeyIsHashedWhenBlackIsToMove) {
  EXPECT_EQ(zv::stockfish_scheme().side_black, 0xA0F520A4C9FA5BCCULL);
  EXPECT_EQ(zv::stockfish_scheme().side_white, 0u);
}

TEST(StockfishScheme, NoPawnsKeyIsTheLastDraw) {
  EXPECT_EQ(zv::stockfish_scheme().no_pawns, 0xA3626919C9115B2AULL);
}

TEST(StockfishScheme, EnPassantKeyIsRepeatedDownEachFile) {
  const KeyScheme& s = zv::stockfish_scheme();
  for (int sq = 0; sq < zv::SquareCount; ++sq)
    EXPECT_EQ(s.en_passant[sq], s.en_passant[sq & 7]) << "square " << sq;
  const std::set<Key> files(s.en_passant.begin(), s.en_passant.begin() + 8);
  EXPECT_EQ(files.size(), 8u);
}

TEST(StockfishScheme, UsesPseudoLegalRuleAndFoldsRule50) {
  EXPECT_EQ(zv::stockfish_scheme().en_passant_rule, zv::EnPassantRule::PseudoLegal);
  EXPECT_TRUE(zv::stockfish_scheme().fold_rule50_into_printed_key);
  EXPECT_EQ(zv::stockfish_scheme().name, "stockfish");
}

// --- Polyglot: compared with the corpus file, read here by a separate path ---

TEST(PolyglotScheme, CorpusFileHas781Keys) {
  EXPECT_EQ(polyglot_corpus().size(), 781u);
}

TEST(PolyglotScheme, WhitePawnOnA2IsKeyOfKindOneRowOneFileZero) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  EXPECT_EQ(zv::polyglot_scheme().psq[zv::WhitePawn][zv::A2],
            polyglot_corpus()[64 * 1 + 8 * 1 + 0]);
}

TEST(PolyglotScheme, BlackKingOnE8IsKeyOfKindTenRowSevenFileFour) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  EXPECT_EQ(zv::polyglot_scheme().psq[zv::BlackKing][zv::E8],
            polyglot_corpus()[64 * 10 + 8 * 7 + 4]);
}

TEST(PolyglotScheme, EveryPieceSquareKeyIsAtIndex64KindPlusSquare) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  // Polyglot's kind numbers, from its specification.
  const std::array<std::pair<zv::Piece, int>, 12> kinds = {{{zv::BlackPawn, 0},
                                                            {zv::WhitePawn, 1},
                                                            {zv::BlackKnight, 2},
                                                            {zv::WhiteKnight, 3},
                                                            {zv::BlackBishop, 4},
                                                            {zv::WhiteBishop, 5},
                                                            {zv::BlackRook, 6},
                                                            {zv::WhiteRook, 7},
                                                            {zv::BlackQueen, 8},
                                                            {zv::WhiteQueen, 9},
                                                            {zv::BlackKing, 10},
                                                            {zv::WhiteKing, 11}}};
  for (const auto& [piece, kind] : kinds)
    for (int row = 0; row < 8; ++row)
      for (int file = 0; file < 8; ++file)
        ASSERT_EQ(zv::polyglot_scheme().psq[piece][8 * row + file],
                  polyglot_corpus()[64 * kind + 8 * row + file])
            << "piece " << int(piece) << " row " << row << " file " << file;
}

TEST(PolyglotScheme, SingleCastlingRightsAreKeys768To771) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  const KeyScheme& s = zv::polyglot_scheme();
  EXPECT_EQ(s.castling[zv::WhiteOO], polyglot_corpus()[768]);
  EXPECT_EQ(s.castling[zv::WhiteOOO], polyglot_corpus()[769]);
  EXPECT_EQ(s.castling[zv::BlackOO], polyglot_corpus()[770]);
  EXPECT_EQ(s.castling[zv::BlackOOO], polyglot_corpus()[771]);
}

TEST(PolyglotScheme, CastlingMaskKeyIsXorOfItsRightsKeys) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  for (int mask = 0; mask < 16; ++mask) {
    Key expected = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (mask & (1 << bit)) expected ^= polyglot_corpus()[768 + bit];
    EXPECT_EQ(zv::polyglot_scheme().castling[mask], expected) << "mask " << mask;
  }
  EXPECT_EQ(zv::polyglot_scheme().castling[0], 0u);
}

TEST(PolyglotScheme, EnPassantKeyIs772PlusFileOnEverySquare) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  for (int sq = 0; sq < zv::SquareCount; ++sq)
    EXPECT_EQ(zv::polyglot_scheme().en_passant[sq], polyglot_corpus()[772 + sq % 8]) << sq;
}

TEST(PolyglotScheme, TurnKeyIsHashedWhenWhiteIsToMove) {
  ASSERT_EQ(polyglot_corpus().size(), 781u);
  EXPECT_EQ(zv::polyglot_scheme().side_white, polyglot_corpus()[780]);
  EXPECT_EQ(zv::polyglot_scheme().side_black, 0u);
}

TEST(PolyglotScheme, HasNoPawnKeyNoNoneKeyAndPseudoLegalRule) {
  const KeyScheme& s = zv::polyglot_scheme();
  EXPECT_EQ(s.no_pawns, 0u);
  EXPECT_EQ(s.en_passant_none, 0u);
  EXPECT_EQ(s.en_passant_rule, zv::EnPassantRule::PseudoLegal);
  EXPECT_FALSE(s.fold_rule50_into_printed_key);
  EXPECT_EQ(s.name, "polyglot");
}

// --- Rustic: values printed by rand_chacha 0.3.1 (Debian librust-rand-chacha-dev),
// ChaChaRng::from_seed([125; 32]).next_u64() in Rustic's draw order ---

TEST(RusticScheme, WhiteKingOnA1IsTheFirstDraw) {
  EXPECT_EQ(zv::rustic_scheme().psq[zv::WhiteKing][zv::A1], 0x12A7C176CFB19FEDULL);
}

TEST(RusticScheme, PieceOrderIsKingQueenRookBishopKnightPawn) {
  EXPECT_EQ(zv::rustic_scheme().psq[zv::WhiteBishop][zv::A1], 0x42F0D5D2CB068D4DULL);  // draw 192
  EXPECT_EQ(zv::rustic_scheme().psq[zv::WhiteKnight][zv::A1], 0x30D8D4C82CFCE731ULL);  // draw 256
  EXPECT_EQ(zv::rustic_scheme().psq[zv::BlackKnight][zv::A1], 0x5D880056CFC9B424ULL);  // draw 640
}

TEST(RusticScheme, BlackPawnOnH8IsDraw767) {
  EXPECT_EQ(zv::rustic_scheme().psq[zv::BlackPawn][zv::H8], 0xBC8F1F2FB159D619ULL);
}

TEST(RusticScheme, CastlingMasksAreDraws768To783) {
  EXPECT_EQ(zv::rustic_scheme().castling[0], 0x03DA73A24800CC5AULL);
  EXPECT_EQ(zv::rustic_scheme().castling[15], 0x8EED23B55D33F8B2ULL);
}

TEST(RusticScheme, SideKeysAreDraws784And785) {
  EXPECT_EQ(zv::rustic_scheme().side_white, 0xB3B089B3842FD638ULL);
  EXPECT_EQ(zv::rustic_scheme().side_black, 0x0FCEA1918185F592ULL);
}

TEST(RusticScheme, EnPassantKeysAreDrawnPerSquareThenNone) {
  EXPECT_EQ(zv::rustic_scheme().en_passant[zv::A3], 0x73A4B01004908CEFULL);
  EXPECT_EQ(zv::rustic_scheme().en_passant[zv::H6], 0xFC1983A5E2E198A6ULL);
  EXPECT_EQ(zv::rustic_scheme().en_passant_none, 0x329582167E0C1B68ULL);
}

TEST(RusticScheme, OnlyRanksThreeAndSixHaveDistinctNonZeroEnPassantKeys) {
  const KeyScheme& s = zv::rustic_scheme();
  std::set<Key> keys;
  for (int sq = 0; sq < zv::SquareCount; ++sq) {
    const int rank = sq / 8;
    if (rank == 2 || rank == 5) {
      EXPECT_NE(s.en_passant[sq], 0u) << sq;
      keys.insert(s.en_passant[sq]);
    } else {
      EXPECT_EQ(s.en_passant[sq], 0u) << sq;
    }
  }
  EXPECT_EQ(keys.size(), 16u);
  EXPECT_NE(s.en_passant_none, 0u);
}

TEST(RusticScheme, BothSideKeysAreNonZero) {
  EXPECT_NE(zv::rustic_scheme().side_white, 0u);
  EXPECT_NE(zv::rustic_scheme().side_black, 0u);
}

TEST(RusticScheme, All803KeysArePairwiseDistinct) {
  const KeyScheme& s = zv::rustic_scheme();
  std::set<Key> keys;
  for (zv::Piece pc : TwelvePieces) keys.insert(s.psq[pc].begin(), s.psq[pc].end());
  keys.insert(s.castling.begin(), s.castling.end());
  keys.insert(s.side_white);
  keys.insert(s.side_black);
  for (Key key : s.en_passant)
    if (key) keys.insert(key);
  keys.insert(s.en_passant_none);
  EXPECT_EQ(keys.size(), 803u);
  EXPECT_EQ(keys.count(0), 0u);
}

TEST(RusticScheme, UsesAlwaysRuleAndNoPawnKey) {
  EXPECT_EQ(zv::rustic_scheme().en_passant_rule, zv::EnPassantRule::Always);
  EXPECT_EQ(zv::rustic_scheme().no_pawns, 0u);
  EXPECT_EQ(zv::rustic_scheme().name, "rustic");
}

TEST(BuiltinSchemes, UnusedPieceCodesHaveNoKeys) {
  for (const KeyScheme* s : {&zv::polyglot_scheme(), &zv::stockfish_scheme(), &zv::rustic_scheme()})
    for (int pc : {0, 7, 8, 15})
      for (int sq = 0; sq < zv::SquareCount; ++sq)
        EXPECT_EQ(s->psq[pc][sq], 0u) << s->name << " piece " << pc << " square " << sq;
}

// --- The material key's prefix table, derived from psq ---

// Four white pawns, two white rooks, one black knight and the kings: the material key is, for each
// piece code, the XOR of that piece's keys on squares 0..n-1 (n of them on the board).
Key material_by_hand(const KeyScheme& z) {
  Key m = 0;
  for (int i = 0; i < 4; ++i) m ^= z.psq[zv::WhitePawn][i];
  for (int i = 0; i < 2; ++i) m ^= z.psq[zv::WhiteRook][i];
  return m ^ z.psq[zv::BlackKnight][0] ^ z.psq[zv::WhiteKing][0] ^ z.psq[zv::BlackKing][0];
}
constexpr const char* MaterialFen = "4k1n1/8/8/8/8/8/PPPP4/R3K2R w KQ - 0 1";

TEST(MaterialPrefixes, AnEditAfterUseIsSeenByTheNextFromScratchKey) {
  KeyScheme z = zv::polyglot_scheme();
  zv::Position pos;
  zv::StateInfo st;
  ASSERT_TRUE(pos.set(MaterialFen, st, z).empty());
  const Key before = pos.compute_keys().material_key;  // builds the table
  EXPECT_EQ(before, material_by_hand(z));
  z.psq[zv::WhitePawn][3] ^= 0x0123456789abcdefULL;  // the fourth white pawn's material term
  z.psq[zv::BlackKnight][0] = 0;
  EXPECT_EQ(pos.compute_keys().material_key, material_by_hand(z));
  EXPECT_NE(pos.compute_keys().material_key, before);
}

TEST(MaterialPrefixes, ACopyDoesNotCarryTheTableOfTheKeysItReplaced) {
  KeyScheme used = zv::stockfish_scheme();
  zv::Position pos;
  zv::StateInfo st;
  ASSERT_TRUE(pos.set(MaterialFen, st, used).empty());
  (void)pos.compute_keys();  // builds the table of Stockfish's keys
  used = zv::polyglot_scheme();
  EXPECT_EQ(pos.compute_keys().material_key, material_by_hand(zv::polyglot_scheme()));
  const KeyScheme copy = used;
  zv::Position other;
  zv::StateInfo other_st;
  ASSERT_TRUE(other.set(MaterialFen, other_st, copy).empty());
  EXPECT_EQ(other.compute_keys().material_key, material_by_hand(zv::polyglot_scheme()));
}

// --- ChaCha20 ---

TEST(ChaCha20, BlockMatchesRfc8439Section232) {
  const std::array<std::uint32_t, 8> key = {0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c,
                                            0x13121110, 0x17161514, 0x1b1a1918, 0x1f1e1d1c};
  // RFC words 12..15 are 1, 0x09000000, 0x4a000000, 0: a 64-bit counter and a 64-bit stream.
  const auto out = zv::ChaCha20Stream::block(key, 1 | std::uint64_t(0x09000000) << 32, 0x4a000000);
  const std::array<std::uint32_t, 16> expected = {0xe4e7f110, 0x15593bd1, 0x1fdd0f50, 0xc47120a3,
                                                  0xc7f4d1c7, 0x0368c033, 0x9aaa2204, 0x4e6cd4c3,
                                                  0x466482d2, 0x09aa9f07, 0x05d7c214, 0xa2028bd9,
                                                  0xd19c12b5, 0xb94e16de, 0xe883d0cb, 0x4e3c50a2};
  EXPECT_EQ(out, expected);
}

// rand_chacha's test_chacha_true_values_a: a zero seed gives the draft-nir-cfrg test vectors 1, 2.
TEST(ChaCha20, ZeroSeedStreamMatchesRandChachaTrueValues) {
  zv::ChaCha20Stream rng(std::array<std::uint8_t, 32>{});
  std::array<std::uint32_t, 32> words{};
  for (auto& word : words) word = rng.next_u32();
  const std::array<std::uint32_t, 32> expected = {
      0xade0b876, 0x903df1a0, 0xe56a5d40, 0x28bd8653, 0xb819d2bd, 0x1aed8da0, 0xccef36a8,
      0xc70d778b, 0x7c5941da, 0x8d485751, 0x3fe02477, 0x374ad8b8, 0xf4b8436a, 0x1ca11815,
      0x69b687c3, 0x8665eeb2, 0xbee7079f, 0x7a385155, 0x7c97ba98, 0x0d082d73, 0xa0290fcb,
      0x6965e348, 0x3e53c612, 0xed7aee32, 0x7621b729, 0x434ee69c, 0xb03371d5, 0xd539d874,
      0x281fed31, 0x45fb0a51, 0x1f0ae1ac, 0x6f4d794b};
  EXPECT_EQ(words, expected);
}

// rand_chacha's test_chacha_construction: the seed is read as little-endian words.
TEST(ChaCha20, SeedBytesAreReadLittleEndian) {
  std::array<std::uint8_t, 32> seed{};
  seed[8] = 1;
  seed[16] = 2;
  seed[24] = 3;
  zv::ChaCha20Stream rng(seed);
  EXPECT_EQ(rng.next_u32(), 137206642u);
}

// rand_chacha's test_chacha_multiple_blocks: word i of block i, across several buffer refills.
TEST(ChaCha20, StreamContinuesAcrossBufferRefills) {
  std::array<std::uint8_t, 32> seed{};
  for (int i = 0; i < 8; ++i) seed[4 * i] = std::uint8_t(i);
  zv::ChaCha20Stream rng(seed);
  std::array<std::uint32_t, 16> words{};
  for (auto& word : words) {
    word = rng.next_u32();
    for (int skip = 0; skip < 16; ++skip) rng.next_u32();
  }
  const std::array<std::uint32_t, 16> expected = {0xf225c81a, 0x6ab1be57, 0x04d42951, 0x70858036,
                                                  0x49884684, 0x64efec72, 0x4be2d186, 0x3615b384,
                                                  0x11cfa18e, 0xd3c50049, 0x75c775f6, 0x434c6530,
                                                  0x2c5bad8f, 0x898881dc, 0x5f1c86d9, 0xc1f8e7f4};
  EXPECT_EQ(words, expected);
}

// Printed by rand_chacha 0.3.1 for seed [125; 32]: 63 next_u32 calls, then next_u64 (twice).
TEST(ChaCha20, U64StraddlingTheBufferEndTakesLastWordAsLowHalf) {
  std::array<std::uint8_t, 32> seed{};
  seed.fill(125);
  zv::ChaCha20Stream rng(seed);
  for (int i = 0; i < 63; ++i) rng.next_u32();
  EXPECT_EQ(rng.next_u64(), 0xA5A1921E46479E77ULL);
}

TEST(ChaCha20, U64AfterAStraddleStartsAtTheSecondWordOfTheNewBuffer) {
  std::array<std::uint8_t, 32> seed{};
  seed.fill(125);
  zv::ChaCha20Stream rng(seed);
  for (int i = 0; i < 63; ++i) rng.next_u32();
  rng.next_u64();
  EXPECT_EQ(rng.next_u64(), 0x56716A55BD789675ULL);
}

// --- Seeded schemes ---

TEST(SeededScheme, SeedOf1070372ReproducesStockfishsKeys) {
  const KeyScheme s = zv::seeded_scheme(1070372);
  EXPECT_EQ(s.psq[zv::WhitePawn][zv::A1], 0x083610FB1CD7C6A5ULL);
  EXPECT_EQ(s.castling[0], 0x67E85E44A0C80F99ULL);
  EXPECT_EQ(s.side_black, 0xA0F520A4C9FA5BCCULL);
  EXPECT_EQ(s.no_pawns, 0xA3626919C9115B2AULL);
}

TEST(SeededScheme, HasBlackSideKeyOnlyPseudoLegalRuleAndNoRule50Fold) {
  const KeyScheme s = zv::seeded_scheme(7);
  EXPECT_EQ(s.side_white, 0u);
  EXPECT_NE(s.side_black, 0u);
  EXPECT_EQ(s.en_passant_rule, zv::EnPassantRule::PseudoLegal);
  EXPECT_FALSE(s.fold_rule50_into_printed_key);
}

TEST(SeededScheme, IsNamedAfterItsSeed) {
  EXPECT_EQ(zv::seeded_scheme(42).name, "seed:42");
}

TEST(SeededScheme, SameSeedGivesSameScheme) {
  EXPECT_TRUE(same_scheme(zv::seeded_scheme(42), zv::seeded_scheme(42)));
}

TEST(SeededScheme, DifferentSeedsGiveDifferentKeys) {
  const KeyScheme a = zv::seeded_scheme(1), b = zv::seeded_scheme(2);
  int equal = 0;
  for (zv::Piece pc : TwelvePieces)
    for (int sq = 0; sq < zv::SquareCount; ++sq) equal += a.psq[pc][sq] == b.psq[pc][sq];
  EXPECT_EQ(equal, 0);
}

TEST(SeededScheme, SeedZeroStillGivesNonZeroDistinctKeys) {
  const KeyScheme s = zv::seeded_scheme(0);
  std::set<Key> keys;
  for (zv::Piece pc : TwelvePieces) keys.insert(s.psq[pc].begin(), s.psq[pc].end());
  EXPECT_EQ(keys.size(), 768u);
  EXPECT_EQ(keys.count(0), 0u);
}

// --- Names and lookup ---

TEST(BuiltinSchemes, NamesArePolyglotStockfishRustic) {
  EXPECT_EQ(zv::builtin_scheme_names(),
            (std::vector<std::string>{"polyglot", "stockfish", "rustic"}));
}

TEST(BuiltinSchemes, LookupByNameReturnsTheSingleInstance) {
  for (const std::string& name : zv::builtin_scheme_names()) {
    const auto found = zv::builtin_scheme(name);
    ASSERT_TRUE(found) << found.error();
    EXPECT_EQ((*found)->name, name);
  }
  EXPECT_EQ(*zv::builtin_scheme("stockfish"), &zv::stockfish_scheme());
}

// --expect compares the pawn and material keys only where the scheme defines them: Polyglot's
// books and Rustic have one key; Stockfish 15.1 keeps all three, and so does its layout seeded.
TEST(BuiltinSchemes, OnlyStockfishsLayoutDefinesPawnAndMaterialKeys) {
  for (const KeyScheme* s : {&zv::polyglot_scheme(), &zv::rustic_scheme()}) {
    EXPECT_FALSE(s->defines_pawn_key) << s->name;
    EXPECT_FALSE(s->defines_material_key) << s->name;
  }
  const KeyScheme seeded = zv::seeded_scheme(7);
  for (const KeyScheme* s : {&zv::stockfish_scheme(), &seeded}) {
    EXPECT_TRUE(s->defines_pawn_key) << s->name;
    EXPECT_TRUE(s->defines_material_key) << s->name;
  }
}

TEST(BuiltinSchemes, ATitleNamesTheReleaseAStockfishSchemeReproduces) {
  EXPECT_EQ(zv::scheme_title("stockfish"), "stockfish (Stockfish 15.1)");
  EXPECT_EQ(zv::scheme_title("polyglot"), "polyglot");
  EXPECT_EQ(zv::scheme_title("seed:9"), "seed:9");
}

TEST(BuiltinSchemes, AStartKeyNamesTheSchemeItIsTheStartKeyOf) {
  const zv::BuiltinScheme* found = zv::builtin_scheme_with_start_key(0x8F8F01D4562F59FBULL);
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->name, "stockfish");
  EXPECT_EQ(zv::builtin_scheme_with_start_key(0x463B96181691FC9CULL)->name, "polyglot");
  EXPECT_EQ(zv::builtin_scheme_with_start_key(0x0123456789ABCDEFULL), nullptr);
}

TEST(BuiltinSchemes, UnknownNameErrorListsTheValidNames) {
  const auto found = zv::builtin_scheme("zobrist");
  ASSERT_FALSE(found);
  for (const char* part : {"'zobrist'", "polyglot", "stockfish", "rustic"})
    EXPECT_NE(found.error().find(part), std::string::npos) << found.error();
}

TEST(EnPassantRule, NamesAreLowerCaseWords) {
  EXPECT_STREQ(zv::to_string(zv::EnPassantRule::Always), "always");
  EXPECT_STREQ(zv::to_string(zv::EnPassantRule::PseudoLegal), "pseudo-legal");
  EXPECT_STREQ(zv::to_string(zv::EnPassantRule::Legal), "legal");
  EXPECT_STREQ(zv::to_string(zv::EnPassantRule::Never), "never");
}

TEST(EnPassantRule, ParsesEverySpellingAndNoOther) {
  for (zv::EnPassantRule rule : {zv::EnPassantRule::Always, zv::EnPassantRule::PseudoLegal,
                                 zv::EnPassantRule::Legal, zv::EnPassantRule::Never})
    EXPECT_EQ(*zv::parse_en_passant_rule(zv::to_string(rule)), rule);
  const auto bad = zv::parse_en_passant_rule("sometimes");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().find("'sometimes'"), std::string::npos) << bad.error();
  // The format's first spelling of pseudo-legal, an alias until 0.1.0, is no longer read.
  const auto old = zv::parse_en_passant_rule("pseudolegal");
  ASSERT_FALSE(old);
  EXPECT_EQ(
      old.error(),
      "unknown en-passant rule 'pseudolegal' (expected always, pseudo-legal, legal or never)");
}

TEST(EnPassantRule, NeverHashesNoSquare) {
  KeyScheme scheme = zv::polyglot_scheme();
  scheme.en_passant_rule = zv::EnPassantRule::Never;
  zv::Position pos;
  zv::StateInfo st;
  ASSERT_TRUE(
      pos.set("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", st, scheme).empty());
  EXPECT_FALSE(pos.compute_ep_hashed());
}

// The scheme table is the one list every --help and --scheme reads: each row names its scheme,
// says what it is, and is reached by its name.
TEST(BuiltinSchemes, EachRowNamesItsSchemeAndIsFoundByThatName) {
  ASSERT_GE(zobrist_verify::builtin_schemes().size(), 3u);
  for (const zobrist_verify::BuiltinScheme& row : zobrist_verify::builtin_schemes()) {
    EXPECT_FALSE(row.description.empty()) << row.name;
    EXPECT_EQ(row.scheme().name, row.name);
    const auto found = zobrist_verify::builtin_scheme(row.name);
    ASSERT_TRUE(found) << found.error();
    EXPECT_EQ(*found, &row.scheme());
  }
}

// Each row's verification value: the start position's key, as the engine or format the scheme
// reproduces gives it (the sources are named beside the table), equals the key the reference
// computes under the scheme. A new row must carry one.
TEST(BuiltinSchemes, EachRowsStartKeyIsTheKeyOfTheStartPosition) {
  for (const zobrist_verify::BuiltinScheme& row : zobrist_verify::builtin_schemes()) {
    EXPECT_NE(row.start_key, 0u) << row.name;
    zobrist_verify::Position position;
    zobrist_verify::StateInfo state;
    ASSERT_TRUE(position.set(zobrist_verify::StartFen, state, row.scheme()).empty()) << row.name;
    EXPECT_EQ(hex(position.key()), hex(row.start_key)) << row.name;
  }
}
