// The FEN the plugin door sends: one already in the form plugin.h promises goes through byte for
// byte; any other is rewritten by the reference's writer. The door decides this once per position
// from a bit set of the FEN's spaces, so the cases below put fields on either side of byte 64.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/doors/plugin_export.h"
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

// PluginHash::set_written_position sends a FEN as the reference's writer wrote it without
// reading it: that is sound only while the writer's form is the plugin form, Shredder letters in
// Chess960 (without PluginOptions::xfen). Random games from standard and Chess960 starts, with
// castling rights kept and lost, in every position.
TEST(PluginFen, EveryFenTheReferenceWritesIsAlreadyInPluginForm) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
      "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
      "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
      "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1",
  };
  std::mt19937_64 rng(20261125);
  int standard_with_rights = 0, chess960_with_rights = 0;
  for (const char* start : starts) {
    for (int game_number = 0; game_number < 20; ++game_number) {
      zv::Game game;
      ASSERT_TRUE(game.set(start, zv::polyglot_scheme()).empty()) << start;
      for (int ply = 0; ply < 80; ++ply) {
        const zv::Position& pos = game.position();
        const std::string fen = pos.fen();
        const bool chess960 = pos.is_chess960();
        if (!chess960) {
          EXPECT_TRUE(zv::already_in_plugin_form(fen, false)) << fen;
        }
        ASSERT_EQ(zv::plugin_fen(fen, chess960, zv::PluginOptions{}), fen) << start;
        if (pos.castling_rights()) ++(chess960 ? chess960_with_rights : standard_with_rights);
        const zv::MoveList moves = zv::legal_moves(pos);
        if (moves.empty()) break;
        game.play(moves[rng() % moves.size()]);
      }
    }
  }
  // The castling letters were read, not only '-'.
  EXPECT_GT(standard_with_rights, 200);
  EXPECT_GT(chess960_with_rights, 200);
}

// The export helper's test for Shredder letters reads the castling field as one word: it must
// say what a byte-by-byte reading of the third field says, for every shape of text.
bool shredder_letters_byte_by_byte(const std::string& text) {
  std::size_t at = text.find(' ');
  if (at == std::string::npos) return false;
  at = text.find(' ', at + 1);
  if (at == std::string::npos) return false;
  const std::size_t end = std::min(text.find(' ', at + 1), text.size());
  for (std::size_t i = at + 1; i < end; ++i)
    if (std::string("ABCDEFGHabcdefgh").find(text[i]) != std::string::npos) return true;
  return false;
}

TEST(PluginExport, ShredderLettersAreFoundInEveryShapeOfCastlingField) {
  // Besides the letters: bytes next to A-H and a-h in ASCII and with the case bit cleared, a
  // digit, and bytes past ASCII, none of which is a file letter.
  const std::string fields[] = {"-",  "K", "KQkq", "Kq", "HAha",     "H",         "a",   "KQkqA",
                                "Aq", "B", "b",    "",   "KQkqKQkq", "KQkqKQkqH", "kq-", "@",
                                "`",  "I", "i",    "1",  "K\xc1",    "\xe1q",     "Z",   "Kz"};
  const std::string befores[] = {"4k3/8/8/8/8/8/8/4K3", "r3k2r/8/8/8/8/8/8/R3K2R", "8"};
  const std::string sides[] = {"w", "b", "", "wb"};
  const std::string afters[] = {" - 0 1", " e3 10 200", " -", "", " - 0", " a3 0 123456789"};
  int shredder = 0, cases = 0;
  for (const std::string& before : befores)
    for (const std::string& side : sides)
      for (const std::string& field : fields)
        for (const std::string& after : afters) {
          const std::string text = before + " " + side + " " + field + after;
          const bool expected = shredder_letters_byte_by_byte(text);
          EXPECT_EQ(zv::plugin_export_detail::shredder_castling(text, text.find(' ')), expected)
              << text;
          // The same answer, and the whole text, from the C string set_fen gets.
          const auto [read, shredder_read] = zv::plugin_export_detail::read_fen_text(text.c_str());
          EXPECT_EQ(read, text);
          EXPECT_EQ(read.data(), text.c_str());
          EXPECT_EQ(shredder_read, expected) << text;
          shredder += expected;
          ++cases;
        }
  EXPECT_GT(shredder, cases / 4);
  EXPECT_FALSE(zv::plugin_export_detail::read_fen_text("no-spaces-at-all").shredder);
  EXPECT_FALSE(zv::plugin_export_detail::read_fen_text("").shredder);
  EXPECT_EQ(zv::plugin_export_detail::read_fen_text("no-spaces-at-all").text, "no-spaces-at-all");
  EXPECT_EQ(zv::plugin_export_detail::read_fen_text("").text, "");
}

// The reference with its Chess960 capability taken away: what a standard-chess plugin built with
// the export helper is.
class StandardChessOnly : public zv::HashUnderTest {
 public:
  std::string name() const override { return "standard-only"; }
  zv::Capabilities capabilities() const override {
    zv::Capabilities caps = inner_->capabilities();
    caps.chess960 = false;
    return caps;
  }
  zv::Expected<zv::Done> set_position(std::string_view fen, bool chess960) override {
    return inner_->set_position(fen, chess960);
  }
  zv::Expected<zv::Done> make_move(std::string_view uci) override { return inner_->make_move(uci); }
  zv::Expected<zv::Done> unmake_move() override { return inner_->unmake_move(); }
  zv::Expected<zv::Key> key() override { return inner_->key(); }

 private:
  std::unique_ptr<zv::HashUnderTest> inner_ = zv::make_reference_hash(zv::polyglot_scheme());
};

std::string refusal_of(const char* fen) {
  zv_state state;
  state.hash = std::make_unique<StandardChessOnly>();
  if (zv::plugin_export_detail::set_fen(&state, fen) == 0) return "accepted";
  return state.error;
}

// A standard-chess plugin refuses Shredder letters as Chess960, and leaves any other bad castling
// character to the FEN reader, whose message says what is wrong.
TEST(PluginExport, OnlyFileLettersAreRefusedAsChess960) {
  EXPECT_EQ(refusal_of("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "accepted");
  EXPECT_EQ(refusal_of("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1")
                .rfind("this plugin plays standard chess only: ", 0),
            0u);
  for (const char* bad :
       {"r3k2r/8/8/8/8/8/8/R3K2R w KQz - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w 1 - 0 1"}) {
    const std::string error = refusal_of(bad);
    EXPECT_NE(error, "accepted") << bad;
    EXPECT_EQ(error.find("standard chess only"), std::string::npos) << bad << ": " << error;
    EXPECT_NE(error.find("castling"), std::string::npos) << bad << ": " << error;
  }
}

// set_written_position hands a Chess960 FEN on as written (Shredder letters), and rewrites it in
// X-FEN letters only with --xfen. The plugin here refuses every Chess960 move, quoting the FEN its
// set_fen got, byte for byte.
std::string fen_the_plugin_got(const std::string& written, zv::PluginOptions options) {
  const auto library =
      zv::PluginLibrary::load(std::string(ZV_PLUGIN_DIR) + "/zv_no_chess960_moves_plugin.so");
  if (!library) return "not loaded: " + library.error();
  zv::PluginHash hash(*library, options);
  if (const zv::Expected<zv::Done> set = hash.set_written_position(written, true); !set)
    return "refused: " + set.error();
  const zv::Expected<zv::Done> moved = hash.make_move("a2a3");
  if (moved) return "the move was taken";
  const std::string quote = "set_fen got '";
  const std::size_t at = moved.error().find(quote);
  if (at == std::string::npos) return moved.error();
  const std::size_t from = at + quote.size();
  return moved.error().substr(from, moved.error().find('\'', from) - from);
}

TEST(PluginHash, AWrittenChess960FenGoesAsWrittenAndInXfenLettersWithXfen) {
  const std::string written = "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAga - 0 1";
  zv::Game game;
  ASSERT_TRUE(game.set(written, zv::polyglot_scheme(), zv::FenOptions{.chess960 = true}).empty());
  ASSERT_EQ(game.position().fen(), written) << "not as the reference writes it";
  EXPECT_EQ(fen_the_plugin_got(written, zv::PluginOptions{}), written);
  EXPECT_EQ(fen_the_plugin_got(written, zv::PluginOptions{.xfen = true}),
            "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1");
}

}  // namespace
