// Declarations of auxiliary keys (doors/aux_key.h): their description in words, as reports show
// it, and the checks every door applies to a target's declarations before any property runs.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "zobrist_verify/doors/aux_key.h"

namespace {

using namespace zobrist_verify;

AuxKeyDescription key(std::string name, std::uint8_t white, std::uint8_t black) {
  AuxKeyDescription aux;
  aux.name = std::move(name);
  aux.pieces = {white, black};
  return aux;
}

TEST(AuxKeyDescription, SaysWhatTheKeyIsAFunctionOfInWords) {
  const std::vector<AuxKeyDescription>& stockfish = stockfish_aux_keys();
  ASSERT_EQ(stockfish.size(), 4u);
  EXPECT_EQ(describe_declaration(stockfish[0]), "white knight, bishop, rook, queen, king");
  EXPECT_EQ(describe_declaration(stockfish[1]), "black knight, bishop, rook, queen, king");
  EXPECT_EQ(describe_declaration(stockfish[2]), "white and black knight, bishop");
  EXPECT_EQ(describe_declaration(stockfish[3]), "white and black rook, queen, king");

  AuxKeyDescription pawn_king =
      key("pawnKingKey", piece_bit(Pawn) | piece_bit(King), piece_bit(Pawn) | piece_bit(King));
  pawn_king.side_to_move = true;
  EXPECT_EQ(describe_declaration(pawn_king), "white and black pawn, king; side to move");

  AuxKeyDescription uneven = key("uneven", piece_bit(Queen), piece_bit(Rook));
  uneven.castling = true;
  uneven.en_passant = true;
  EXPECT_EQ(describe_declaration(uneven), "white queen; black rook; castling rights; en passant");

  AuxKeyDescription rights = key("rights", 0, 0);
  rights.castling = true;
  EXPECT_EQ(describe_declaration(rights), "no pieces; castling rights");
}

TEST(AuxKeyDeclarations, TheReferencesAreSound) {
  EXPECT_TRUE(check_declarations(stockfish_aux_keys(), "the reference"));
  EXPECT_TRUE(check_declarations({}, "a target without auxiliary keys"));
}

TEST(AuxKeyDeclarations, EachUnsoundDeclarationIsRefusedNamingTheKey) {
  const auto refusal = [](std::vector<AuxKeyDescription> keys) {
    auto checked = check_declarations(keys, "plugin 'x.so'");
    return checked ? std::string("accepted") : checked.error();
  };
  const AuxKeyDescription sound = key("a", piece_bit(Knight), 0);
  EXPECT_EQ(refusal({sound, key("", piece_bit(Pawn), 0)}),
            "plugin 'x.so': auxiliary key 1 has an empty name");
  EXPECT_EQ(refusal({sound, key("a", piece_bit(Pawn), 0)}),
            "plugin 'x.so': auxiliary key 1 repeats the name 'a' (each name must be unique)");
  EXPECT_EQ(refusal({key("b", 0x40, 0)}),
            "plugin 'x.so': auxiliary key 0 ('b') declares piece bits beyond the six types");
  EXPECT_EQ(refusal({key("c", 0, 0)}),
            "plugin 'x.so': auxiliary key 0 ('c') declares nothing: a key of no piece and no "
            "other part is a constant");
  AuxKeyDescription side_only = key("d", 0, 0);
  side_only.side_to_move = true;
  EXPECT_EQ(refusal({side_only}), "accepted");
}

}  // namespace
