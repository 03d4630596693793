// FEN surgery and reference-side facts the properties need: rewriting one FEN field, the castling
// field of a subset of rights, whether the en-passant term applies under a rule, and the identity
// of a position ("equal positions" as the properties define it).
#pragma once

#include <array>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/random.h"
#include "zobrist_verify/keys/key_scheme.h"

namespace zobrist_verify::properties {

struct FenFields {
  std::string placement, side, castling, en_passant, halfmove = "0", fullmove = "1";
};
// Splits on single spaces; a 4-field FEN gets clocks "0 1".
FenFields split_fen(std::string_view fen);
std::string join_fen(const FenFields& fields);

std::string with_en_passant(std::string_view fen, std::string_view square);  // "-" to clear
std::string with_side(std::string_view fen, Color side);
std::string with_castling(std::string_view fen, std::string_view field);

// The castling field naming `rights` (a subset of what pos was set up with): KQkq letters in
// standard chess, Shredder rook-file letters in Chess960.
std::string castling_field(const Position& pos, CastlingRights rights);

// Whether the en-passant square of pos contributes to the key under `rule`.
bool en_passant_term_applies(const Position& pos, EnPassantRule rule);

// What "the same position" means for a key: what the position is, not how its FEN spells it.
// The board, the side to move, the castling rights as a set of (colour, rook square) and the
// en-passant square when its term applies under `rule`. Clocks are not part of it, nor are the
// castling letters: Shredder, X-FEN and KQkq spellings of one set of rights are one identity.
struct PositionIdentity {
  std::array<std::uint8_t, SquareCount / 2> board{};  // two squares a byte, a1 in the low nibble
  std::uint8_t side = 0;
  std::array<std::uint8_t, 4> castling_rooks{};  // per right (WhiteOO, WhiteOOO, BlackOO,
                                                 // BlackOOO): its rook's square, or NoSquare
  std::uint8_t en_passant = NoSquare;
  std::uint32_t halfmove_clock = 0;  // only for a target whose keys depend on it
  friend bool operator==(const PositionIdentity&, const PositionIdentity&) = default;
};
// `with_clock`: the halfmove clock is part of the identity (Target::halfmove_dependent).
PositionIdentity position_identity(const Position& pos, EnPassantRule rule,
                                   bool with_clock = false);
// Whether two identities differ in the halfmove clock and nothing else: for a target whose keys
// depend on the clock, such positions need neither share a key nor differ.
bool only_clock_differs(const PositionIdentity& a, const PositionIdentity& b);
// "placement side castling en-passant", castling as KQkq where those letters name the rights
// unambiguously on the standard squares and as rook files otherwise: for reports.
std::string to_string(const PositionIdentity& identity);
std::ostream& operator<<(std::ostream& out, const PositionIdentity& identity);
struct PositionIdentityHash {
  std::size_t operator()(const PositionIdentity& identity) const;
};
// What two identities differ in, when they differ in one field only: "the en-passant square d6",
// "the castling rights (KQkq vs KQk)", "the side to move"; empty otherwise.
std::string only_difference(const PositionIdentity& a, const PositionIdentity& b);

// The board as 64 pieces, a1 first, and back to a FEN placement field.
using Board = std::array<Piece, SquareCount>;
Board board_of(const Position& pos);

// Whether the strict parser accepts `fen` (standard chess unless chess960).
bool fen_is_valid(std::string_view fen, bool chess960 = false);
// How the reference side reads a FEN it will also give a target: every consistent position,
// reachable or not. Whether the target may be given it is the gate's call (position_gate.h).
inline FenOptions any_position(bool chess960) {
  return {.chess960 = chess960, .allow_unreachable = true};
}
// The FEN in the reference's normal form, or nothing when invalid.
std::optional<std::string> normal_fen(std::string_view fen, bool chess960 = false);

// The same position with colours swapped and the board mirrored top to bottom (standard chess).
std::string mirror_fen(std::string_view fen);

}  // namespace zobrist_verify::properties
