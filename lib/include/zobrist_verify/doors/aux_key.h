// Auxiliary keys: the extra Zobrist keys modern engines keep for correction history and the like
// (Stockfish's nonPawnKey per colour and minorPieceKey, Ethereal's pawn-king key). Each is named
// and declares what it is a function of: a set of (colour, piece type) pairs, and optionally the
// side to move, the castling rights and the en-passant term. The properties hold it to exactly
// that: equal wherever the declared parts are equal, different where one of them differs.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"

namespace zobrist_verify {

struct AuxKeyDescription {
  std::string name;  // unique among the target's auxiliary keys, e.g. "nonPawnKey[WHITE]"
  // Per colour, one bit per piece type: bit (type - Pawn), so pawn 0x01 ... king 0x20 (the bits of
  // plugin.h's ZV_PIECE_*).
  std::array<std::uint8_t, ColorCount> pieces{};
  bool side_to_move = false;
  bool castling = false;
  bool en_passant = false;  // the en-passant term, under the target's en-passant rule

  bool depends_on(Color c, PieceType pt) const { return pieces[c] >> (pt - Pawn) & 1; }
  friend bool operator==(const AuxKeyDescription&, const AuxKeyDescription&) = default;
};

// The bit of `pt` in AuxKeyDescription::pieces, and a mask of several types.
constexpr std::uint8_t piece_bit(PieceType pt) {
  return std::uint8_t(1u << (pt - Pawn));
}
inline constexpr std::uint8_t EveryPieceType = 0x3f;

// What the key declares, in words: "white knight, bishop, rook, queen, king", "white and black
// pawn, king; side to move". For reports and `check` headers.
std::string describe_declaration(const AuxKeyDescription& aux);

// Why a set of declarations cannot be used (an empty or repeated name, a key that declares
// nothing); nothing when they are sound. `where` begins each message ("plugin 'x.so'").
[[nodiscard]] Expected<Done> check_declarations(const std::vector<AuxKeyDescription>& aux_keys,
                                                const std::string& where);

// The reference's auxiliary keys, as Stockfish keeps them (src/position.cpp, set_state and
// do_move): nonPawnKey[WHITE] and nonPawnKey[BLACK] (each colour's knights, bishops, rooks,
// queens and king), minorPieceKey (knights and bishops of both colours, no king, as since January
// 2025) and majorPieceKey (rooks, queens and kings of both colours, as Stockfish kept it from
// September 2024 until January 2025). Each is the XOR of the scheme's psq keys of its pieces,
// starting from 0. In this order: index i of the reference's aux_key().
const std::vector<AuxKeyDescription>& stockfish_aux_keys();

}  // namespace zobrist_verify
