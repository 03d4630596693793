// Comparing two key schemes field by field, for the scheme tests (tests/keys/).
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zv_test {

// Field-by-field comparison that names the first difference.
inline testing::AssertionResult same_scheme(const zobrist_verify::KeyScheme& a,
                                            const zobrist_verify::KeyScheme& b) {
  auto differ = [](const std::string& what, zobrist_verify::Key x, zobrist_verify::Key y) {
    return testing::AssertionFailure() << what << ": " << zobrist_verify::hex_key_literal(x)
                                       << " vs " << zobrist_verify::hex_key_literal(y);
  };
  if (a.name != b.name)
    return testing::AssertionFailure() << "name: " << a.name << " vs " << b.name;
  for (int pc = 0; pc < zobrist_verify::PieceCount; ++pc)
    for (int sq = 0; sq < zobrist_verify::SquareCount; ++sq)
      if (a.psq[pc][sq] != b.psq[pc][sq])
        return differ("psq[" + std::to_string(pc) + "][" + std::to_string(sq) + "]", a.psq[pc][sq],
                      b.psq[pc][sq]);
  if (a.castling_keying != b.castling_keying)
    return testing::AssertionFailure() << "castling_keying differs";
  for (int mask = 0; mask < 16; ++mask)
    if (a.castling[mask] != b.castling[mask])
      return differ("castling[" + std::to_string(mask) + "]", a.castling[mask], b.castling[mask]);
  for (int sq = 0; sq < zobrist_verify::SquareCount; ++sq)
    if (a.castling_rook[sq] != b.castling_rook[sq])
      return differ("castling_rook[" + std::to_string(sq) + "]", a.castling_rook[sq],
                    b.castling_rook[sq]);
  for (int sq = 0; sq < zobrist_verify::SquareCount; ++sq)
    if (a.en_passant[sq] != b.en_passant[sq])
      return differ("en_passant[" + std::to_string(sq) + "]", a.en_passant[sq], b.en_passant[sq]);
  if (a.en_passant_none != b.en_passant_none)
    return differ("en_passant_none", a.en_passant_none, b.en_passant_none);
  if (a.side_white != b.side_white) return differ("side_white", a.side_white, b.side_white);
  if (a.side_black != b.side_black) return differ("side_black", a.side_black, b.side_black);
  if (a.no_pawns != b.no_pawns) return differ("no_pawns", a.no_pawns, b.no_pawns);
  if (a.en_passant_rule != b.en_passant_rule)
    return testing::AssertionFailure() << "rule: " << zobrist_verify::to_string(a.en_passant_rule)
                                       << " vs " << zobrist_verify::to_string(b.en_passant_rule);
  if (a.fold_rule50_into_printed_key != b.fold_rule50_into_printed_key)
    return testing::AssertionFailure() << "fold_rule50 differs";
  if (a.defines_pawn_key != b.defines_pawn_key)
    return testing::AssertionFailure() << "pawn_key differs";
  if (a.defines_material_key != b.defines_material_key)
    return testing::AssertionFailure() << "material_key differs";
  return testing::AssertionSuccess();
}

}  // namespace zv_test
