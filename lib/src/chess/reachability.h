// Facts every position a legal game reaches (from the standard start or a Chess960 one) has,
// beyond its checks (check_history.h). Each is a necessary condition, so none rejects a position
// a game reaches; FenReader turns what they find into messages.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

// The double push an en-passant square names, taken back. The opponent was to move before it,
// so the side to move now cannot have stood in check then.
struct DoublePushUndo {
  Square from = NoSquare, to = NoSquare;
  Bitboard attackers = 0;  // the opponent's pieces that attacked our king before the push
};
// Assumes one king a side and an en-passant square with the pushed pawn in front of it and the
// two squares behind empty (FenReader::check_en_passant).
DoublePushUndo undo_double_push(const Position& pos);

// Every start is mirror-symmetric with the king between its rooks on files b to g, so all the
// castling rights must fit one such start.
struct CastlingStartConflicts {
  Bitboard kings_on_edge = 0;      // kings on file a or h that keep a right
  bool king_files_differ = false;  // both colours keep a right, kings on different files
  CastlingRights rook_files_differ = NoCastling;  // Black's rights whose rook file is not White's
};
// Assumes the rights were read from the castling field (kings on their back rank).
CastlingStartConflicts find_castling_start_conflicts(const Position& pos);

// Pieces beyond a side's start set are promoted pawns; with the pawns left, at most 8.
enum class MaterialGroup : std::uint8_t {
  Queens,
  Rooks,
  Knights,
  LightSquaredBishops,
  DarkSquaredBishops,
};
inline constexpr std::size_t MaterialGroupCount = 5;
struct MaterialCount {
  int pawns = 0;
  int promotions = 0;  // the fewest the pieces need
  // Indexed by MaterialGroup: the pieces of each group holding more than it starts with (empty
  // for the others).
  std::array<Bitboard, MaterialGroupCount> over = {};
  bool reachable() const { return pawns + promotions <= 8; }
};
MaterialCount count_material(const Position& pos, Color c);

// An en-passant square says the last move was a pawn's, which resets the halfmove clock.
constexpr bool clock_fits_en_passant(Square ep, long long halfmove_clock) {
  return ep == NoSquare || halfmove_clock == 0;
}

}  // namespace zobrist_verify
