// The table entries a key difference is made of: the published Polyglot keys (corpus/keys,
// indexes as in the Polyglot book format's Random64 table) and a small scheme built here, whose
// keys are written out, so every expected name and key below is a literal.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/keys/key_terms.h"

namespace zobrist_verify {
namespace {

using Names = std::vector<std::string>;

// Random64[768] (castling K), [769] (Q), [772 + 4] (en passant, file e), [780] (turn).
constexpr Key CastleK = 0x31d71dce64b2c310ULL;
constexpr Key CastleQ = 0xf165b587df898190ULL;
constexpr Key EnPassantFileE = 0xcf3145de0add4289ULL;
constexpr Key Turn = 0xf8d626aaaf278509ULL;
// Random64[64 * kind + square]: white rook (kind 7) on h1 and f1, white king (11) on e1 and g1.
constexpr Key RookH1 = 0xd18d8549d140caeaULL;
constexpr Key RookF1 = 0xca1e3785a9e724e5ULL;
constexpr Key KingE1 = 0xb5fdfc5d3132c498ULL;
constexpr Key KingG1 = 0xe87fbb46217a360eULL;

TEST(KeyTerms, OnePolyglotEntryIsNamedWithItsSchemeFileLine) {
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, CastleK),
            Names{"castling rights K (castling 1)"});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1),
            Names{"white rook on h1 (psq R h1)"});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, Turn),
            Names{"White to move (side white)"});
  // Polyglot keys en passant by file: one key, named by its file.
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, EnPassantFileE),
            Names{"en passant on file e (enpassant e1 to e8)"});
}

TEST(KeyTerms, AFewEntriesAreNamedInTableOrder) {
  // Polyglot's castling table holds the XOR of its four keys per mask: K and Q are "KQ".
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, CastleK ^ CastleQ),
            Names{"castling rights KQ (castling 3)"});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1 ^ Turn),
            Names({"white rook on h1 (psq R h1)", "White to move (side white)"}));
  // A castling move that forgot to move the rook, and its rights: the rook's two squares and K.
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1 ^ RookF1 ^ CastleK),
            Names({"white rook on f1 (psq R f1)", "white rook on h1 (psq R h1)",
                   "castling rights K (castling 1)"}));
  // The whole castling move, four placement terms.
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1 ^ RookF1 ^ KingE1 ^ KingG1),
            Names({"white rook on f1 (psq R f1)", "white rook on h1 (psq R h1)",
                   "white king on e1 (psq K e1)", "white king on g1 (psq K g1)"}));
}

TEST(KeyTerms, NoDecompositionWithinTheLimitIsEmpty) {
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, 0), Names{});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, 0x0123456789abcdefULL), Names{});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1 ^ RookF1, 1), Names{});
  EXPECT_EQ(terms_at_fault(polyglot_scheme(), KeyPart::Key, RookH1 ^ RookF1 ^ KingE1, 2), Names{});
}

// A scheme of a few keys, the rest 0 (left out): each part reads its own terms.
KeyScheme small_scheme() {
  KeyScheme scheme;
  scheme.name = "small";
  scheme.psq[make_piece(White, Pawn)][12] = 0x1;   // e2
  scheme.psq[make_piece(White, Knight)][0] = 0x2;  // a1: the first white knight's material term
  scheme.psq[make_piece(White, Knight)][1] = 0x4;  // b1: the second's
  scheme.psq[make_piece(Black, Pawn)][52] = 0x8;   // e7
  scheme.castling[1] = 0x10;
  scheme.en_passant[20] = 0x20;  // e3 only: keyed by square
  scheme.side_black = 0x40;
  scheme.no_pawns = 0x80;
  return scheme;
}

TEST(KeyTerms, EachKeyPartHasItsOwnTerms) {
  const KeyScheme scheme = small_scheme();
  EXPECT_EQ(terms_at_fault(scheme, KeyPart::Key, 0x20 ^ 0x40),
            Names({"en passant on e3 (enpassant e3)", "Black to move (side black)"}));
  // The pawn key: pawns and its start, nothing else.
  EXPECT_EQ(terms_at_fault(scheme, KeyPart::PawnKey, 0x1 ^ 0x80),
            Names({"white pawn on e2 (psq P e2)", "the no-pawns start (nopawns)"}));
  EXPECT_EQ(terms_at_fault(scheme, KeyPart::PawnKey, 0x10), Names{});
  // The material key reads psq[pc][n] as the term of an (n + 1)th piece.
  EXPECT_EQ(terms_at_fault(scheme, KeyPart::MaterialKey, 0x4),
            Names{"the material term of a 2nd white knight (psq N b1)"});
  EXPECT_EQ(terms_at_fault(scheme, KeyPart::MaterialKey, 0x20), Names{});
  const std::vector<KeyTerm> pawn_terms = key_terms(scheme, KeyPart::PawnKey);
  ASSERT_EQ(pawn_terms.size(), 3u);
  EXPECT_EQ(pawn_terms[0].key, 0x1u);
  EXPECT_EQ(pawn_terms[1].key, 0x8u);
  EXPECT_EQ(pawn_terms[2].key, 0x80u);
}

}  // namespace
}  // namespace zobrist_verify
