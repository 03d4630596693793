// Castling keyed by rook square (docs/key-scheme-file.md): the text format's `castling rook`
// entries, and the reference's keys under such a scheme, checked against keys XORed by hand
// from Ethereal 12's table, which this test draws itself with Ethereal's generator.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <sstream>
#include <string>
#include <string_view>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zv = zobrist_verify;
using zv::Key;
using zv::KeyScheme;

namespace {

// Ethereal 12's tables, drawn as its src/zobrist.c draws them: xorshift64* seeded with 1070372;
// piece type pawn..king, square a1..h8, colour white then black; 8 en-passant files; 64 castle
// keys by rook square; the turn key, hashed when Black is to move.
struct EtherealTables {
  Key piece[2][6][64];  // [colour][type pawn..king][square]
  Key en_passant[8];
  Key castle[64];
  Key turn;
};

EtherealTables ethereal_tables() {
  std::uint64_t seed = 1070372;
  auto rand64 = [&seed] {
    seed ^= seed >> 12;
    seed ^= seed << 25;
    seed ^= seed >> 27;
    return seed * 2685821657736338717ull;
  };
  EtherealTables t{};
  for (int type = 0; type < 6; ++type)
    for (int sq = 0; sq < 64; ++sq)
      for (int colour = 0; colour < 2; ++colour) t.piece[colour][type][sq] = rand64();
  for (Key& key : t.en_passant) key = rand64();
  for (Key& key : t.castle) key = rand64();
  t.turn = rand64();
  return t;
}

const EtherealTables& ethereal() {
  static const EtherealTables tables = ethereal_tables();
  return tables;
}

int square_index(std::string_view name) {
  return (name[1] - '1') * 8 + (name[0] - 'a');
}

// The key of a FEN without en-passant square under Ethereal's tables, XORed by hand: every piece
// of the placement field, the castle key of each rook square given (the rooks whose rights the
// castling field holds, named by the test), and the turn key when Black is to move.
Key hand_key(std::string_view fen, std::initializer_list<std::string_view> castling_rooks) {
  const EtherealTables& t = ethereal();
  Key key = 0;
  int rank = 7, file = 0;
  std::size_t i = 0;
  for (; fen[i] != ' '; ++i) {
    const char c = fen[i];
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      const int colour = (c >= 'a' && c <= 'z') ? 1 : 0;
      const int type = int(std::string_view("pnbrqk").find(char(c | 0x20)));
      key ^= t.piece[colour][type][rank * 8 + file];
      ++file;
    }
  }
  for (std::string_view rook : castling_rooks) key ^= t.castle[square_index(rook)];
  if (fen[i + 1] == 'b') key ^= t.turn;
  return key;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The checked-in scheme file (corpus/keys/make-ethereal-12-scheme writes it).
const KeyScheme& ethereal_file_scheme() {
  static const KeyScheme scheme = [] {
    auto parsed = zv::parse_scheme_text(
        read_text(std::string(ZV_CORPUS_DIR) + "/keys/ethereal-12.scheme"), "ethereal-12");
    if (!parsed) throw std::runtime_error(parsed.error());
    return *parsed;
  }();
  return scheme;
}

// Sets the game to `fen` under `scheme`, failing the test with the FEN's errors.
testing::AssertionResult set_game(zv::Game& game, const std::string& fen, const KeyScheme& scheme,
                                  bool chess960 = false) {
  const auto errors = game.set(fen, scheme, zv::FenOptions{chess960});
  if (errors.empty()) return testing::AssertionSuccess();
  return testing::AssertionFailure() << fen << ": " << zv::format_errors(errors);
}

Key reference_key(const std::string& fen, bool chess960) {
  zv::Game game;
  EXPECT_TRUE(set_game(game, fen, ethereal_file_scheme(), chess960));
  EXPECT_TRUE(game.position().check().ok()) << fen << ": " << game.position().check().to_string();
  return game.position().key();
}

std::string parse_error(const std::string& text) {
  const auto parsed = zv::parse_scheme_text(text, "x");
  return parsed ? std::string() : parsed.error();
}

}  // namespace

// --- The table: the checked-in file against the generator drawn here ---

// Ethereal and Stockfish 15.1 share the generator and its seed, and both draw 768 piece keys
// first, so Ethereal's en-passant keys and first eight castle keys are Stockfish's own draws.
TEST(EtherealTables, ShareStockfishsDrawsWhereTheOrdersMeet) {
  const KeyScheme& sf = zv::stockfish_scheme();
  EXPECT_EQ(ethereal().piece[0][0][0], sf.psq[zv::WhitePawn][zv::A1]);
  for (int file = 0; file < 8; ++file) {
    EXPECT_EQ(ethereal().en_passant[file], sf.en_passant[file]) << "file " << file;
    EXPECT_EQ(ethereal().castle[file], sf.castling[file]) << "castle key of square " << file;
  }
}

TEST(EtherealSchemeFile, HoldsTheDrawnTablesKeyedByRookSquare) {
  const KeyScheme& s = ethereal_file_scheme();
  EXPECT_EQ(s.name, "ethereal-12");
  EXPECT_EQ(s.castling_keying, zv::CastlingKeying::RookSquare);
  EXPECT_EQ(s.en_passant_rule, zv::EnPassantRule::PseudoLegal);
  for (int sq = 0; sq < zv::SquareCount; ++sq) {
    const bool back_rank = sq < 8 || sq >= 56;
    EXPECT_EQ(s.castling_rook[sq], back_rank ? ethereal().castle[sq] : 0) << "square " << sq;
    EXPECT_EQ(s.psq[zv::WhiteKnight][sq], ethereal().piece[0][1][sq]) << "square " << sq;
    EXPECT_EQ(s.psq[zv::BlackKing][sq], ethereal().piece[1][5][sq]) << "square " << sq;
  }
  for (Key key : s.castling) EXPECT_EQ(key, 0u);
  EXPECT_EQ(s.side_black, ethereal().turn);
  EXPECT_EQ(s.side_white, 0u);
}

// --- Keys of the reference under the file's scheme, against keys XORed by hand ---

TEST(CastlingByRookSquare, StartPositionHashesTheFourCornerRooks) {
  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  EXPECT_EQ(reference_key(fen, false), hand_key(fen, {"a1", "h1", "a8", "h8"}));
}

TEST(CastlingByRookSquare, PartialRightsHashOnlyTheirRooks) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1";
  EXPECT_EQ(reference_key(fen, false), hand_key(fen, {"h1", "a8"}));
}

TEST(CastlingByRookSquare, NoRightsHashNothing) {
  const std::string fen = "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1";
  EXPECT_EQ(reference_key(fen, false), hand_key(fen, {}));
}

TEST(CastlingByRookSquare, Chess960ShredderLettersNameTheRooks) {
  const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w Fh - 2 9";
  EXPECT_EQ(reference_key(fen, true), hand_key(fen, {"f1", "h8"}));
}

// X-FEN: K and k castle with the outermost rook on the king's side, as Ethereal reads them
// (getmsb of the back rank's rooks), Q and q with the rook on the other side.
TEST(CastlingByRookSquare, Chess960KQkqMeansTheOutermostRooks) {
  const std::string fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR b Kq - 2 9";
  EXPECT_EQ(reference_key(fen, true), hand_key(fen, {"h1", "f8"}));
}

// The same board and the same rights mask, with other rooks: keyed by rook square the keys
// differ, as they must (the positions allow different castling moves).
TEST(CastlingByRookSquare, SameRightsMaskWithAnotherRookGivesAnotherKey) {
  const std::string outer = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w HBhb - 0 1";
  const std::string inner = "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1";
  EXPECT_EQ(reference_key(outer, true), hand_key(outer, {"h1", "b1", "h8", "b8"}));
  EXPECT_EQ(reference_key(inner, true), hand_key(inner, {"g1", "b1", "g8", "b8"}));
  EXPECT_NE(reference_key(outer, true), reference_key(inner, true));
}

// Incremental: a rook move drops its right, and the key made move by move is the hand key.
TEST(CastlingByRookSquare, MovesDropTheKeysOfTheRightsTheyLose) {
  zv::Game game;
  ASSERT_TRUE(set_game(game, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
                       ethereal_file_scheme(), true));
  ASSERT_TRUE(game.play_uci("f1f2"));  // White's queen-side rook: F goes
  EXPECT_EQ(game.position().key(),
            hand_key("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1PRPP/BQ1BN1KR b Hhf - 3 9",
                     {"h1", "h8", "f8"}));
  ASSERT_TRUE(game.play_uci("f8e8"));  // Black's queen-side rook: f goes
  EXPECT_EQ(
      game.position().key(),
      hand_key("bqnbr1kr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1PRPP/BQ1BN1KR w Hh - 4 10", {"h1", "h8"}));
  ASSERT_TRUE(game.play_uci("g1f1"));  // White's king: H goes
  EXPECT_EQ(game.position().key(),
            hand_key("bqnbr1kr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1PRPP/BQ1BNK1R b h - 5 10", {"h8"}));
  ASSERT_TRUE(game.play_uci("g8f8"));  // Black's king: nothing is left
  EXPECT_EQ(game.position().key(),
            hand_key("bqnbrk1r/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1PRPP/BQ1BNK1R w - - 6 11", {}));
  EXPECT_TRUE(game.position().check().ok()) << game.position().check().to_string();
}

// A capture on a castling rook's square takes the right with it.
TEST(CastlingByRookSquare, CapturingACastlingRookDropsItsKey) {
  zv::Game game;
  ASSERT_TRUE(set_game(game, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ethereal_file_scheme()));
  ASSERT_TRUE(game.play_uci("a1a8"));
  EXPECT_EQ(game.position().key(), hand_key("R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1", {"h1", "h8"}));
}

// Castling in Chess960 (king takes rook): both of the mover's rights go.
TEST(CastlingByRookSquare, Chess960CastlingDropsBothOfTheMoversRights) {
  zv::Game game;
  ASSERT_TRUE(
      set_game(game, "1r2k2r/8/8/8/8/8/8/1R2K2R w HBhb - 0 1", ethereal_file_scheme(), true));
  ASSERT_TRUE(game.play_uci("e1h1"));
  EXPECT_EQ(game.position().key(), hand_key("1r2k2r/8/8/8/8/8/8/1R3RK1 b hb - 1 1", {"h8", "b8"}));
}

// In standard chess, Polyglot's four castling keys by rook square give Polyglot's keys: the
// example of docs/key-scheme-file.md.
TEST(CastlingByRookSquare, PolyglotsKeysByRookSquareArePolyglotInStandardChess) {
  std::string text = zv::write_scheme_text(zv::polyglot_scheme());
  std::string rewritten;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);)
    if (!line.starts_with("castling ")) rewritten += line + "\n";
  rewritten +=
      "castling rook h1 31D71DCE64B2C310\ncastling rook a1 F165B587DF898190\n"
      "castling rook h8 A57E6339DD2CF3A0\ncastling rook a8 1EF6E6DBB1961EC9\n";
  const auto by_rook = zv::parse_scheme_text(rewritten, "polyglot-by-rook");
  ASSERT_TRUE(by_rook) << by_rook.error();
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/8/8/8/8/8/8/R3K2R b Qk - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w q - 0 1",
                          "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"}) {
    zv::Game polyglot, rook;
    ASSERT_TRUE(set_game(polyglot, fen, zv::polyglot_scheme()));
    ASSERT_TRUE(set_game(rook, fen, *by_rook));
    EXPECT_EQ(rook.position().key(), polyglot.position().key()) << fen;
  }
}

// --- The text format ---

TEST(CastlingRookText, EntriesSetTheKeyingAndTheirSquaresKeys) {
  const auto parsed = zv::parse_scheme_text("castling rook a1 1\ncastling rook g8 0x2\n", "x");
  ASSERT_TRUE(parsed) << parsed.error();
  EXPECT_EQ(parsed->castling_keying, zv::CastlingKeying::RookSquare);
  EXPECT_EQ(parsed->castling_rook[zv::A1], 1u);
  EXPECT_EQ(parsed->castling_rook[zv::G8], 2u);
}

TEST(CastlingRookText, MaskEntriesAndNoEntriesKeyByRightsMask) {
  EXPECT_EQ(zv::parse_scheme_text("castling 3 1\n", "x")->castling_keying,
            zv::CastlingKeying::RightsMask);
  EXPECT_EQ(zv::parse_scheme_text("", "x")->castling_keying, zv::CastlingKeying::RightsMask);
}

TEST(CastlingRookText, WriterListsAllSixteenSquaresSoEvenZeroKeysReadBack) {
  const auto parsed = zv::parse_scheme_text("castling rook e1 0\n", "x");
  ASSERT_TRUE(parsed) << parsed.error();
  const std::string text = zv::write_scheme_text(*parsed);
  EXPECT_NE(text.find("castling rook a1 0000000000000000\n"), std::string::npos) << text;
  EXPECT_NE(text.find("castling rook h8 0000000000000000\n"), std::string::npos) << text;
  const auto again = zv::parse_scheme_text(text, "x");
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->castling_keying, zv::CastlingKeying::RookSquare);
}

TEST(CastlingRookText, EtherealSchemeRoundTrips) {
  const KeyScheme& s = ethereal_file_scheme();
  const auto again = zv::parse_scheme_text(zv::write_scheme_text(s), "ethereal-12");
  ASSERT_TRUE(again) << again.error();
  EXPECT_EQ(again->castling_keying, s.castling_keying);
  EXPECT_EQ(again->castling_rook, s.castling_rook);
  EXPECT_EQ(again->castling, s.castling);
  EXPECT_EQ(zv::write_scheme_text(*again), zv::write_scheme_text(s));
}

TEST(CastlingRookTextErrors, BadSquare) {
  const std::string e = parse_error("name a\ncastling rook i1 1\n");
  EXPECT_NE(e.find("x:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad square 'i1'"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, SquareOffTheBackRanks) {
  const std::string e = parse_error("castling rook e4 1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad castling rook square 'e4'"), std::string::npos) << e;
  EXPECT_NE(e.find("rank 1"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, DuplicateNamesBothLines) {
  const std::string e = parse_error("castling rook h8 1\n\ncastling rook h8 2\n");
  EXPECT_NE(e.find("x:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("duplicate entry 'castling rook h8' (first given on line 1)"), std::string::npos)
      << e;
}

TEST(CastlingRookTextErrors, RookEntryAfterMaskEntryNamesBothLines) {
  const std::string e = parse_error("castling 3 1\npsq P a2 1\ncastling rook a1 2\n");
  EXPECT_NE(e.find("x:3:"), std::string::npos) << e;
  EXPECT_NE(e.find("'castling rook a1' keys castling by rook square"), std::string::npos) << e;
  EXPECT_NE(e.find("line 1 ('castling 3') keys it by rights mask"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, MaskEntryAfterRookEntryNamesBothLines) {
  const std::string e = parse_error("castling rook a1 2\ncastling 0 1\n");
  EXPECT_NE(e.find("x:2:"), std::string::npos) << e;
  EXPECT_NE(e.find("'castling 0' keys castling by rights mask"), std::string::npos) << e;
  EXPECT_NE(e.find("line 1 ('castling rook a1') keys it by rook square"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, MissingKey) {
  const std::string e = parse_error("castling rook a1\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("missing value: expected 'castling rook SQUARE KEY'"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, TrailingToken) {
  const std::string e = parse_error("castling rook a1 1 2\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("unexpected trailing token '2'"), std::string::npos) << e;
}

TEST(CastlingRookTextErrors, BadKey) {
  const std::string e = parse_error("castling rook a1 xyz\n");
  EXPECT_NE(e.find("x:1:"), std::string::npos) << e;
  EXPECT_NE(e.find("bad key 'xyz' for 'castling rook a1'"), std::string::npos) << e;
}
