// Whether the checks on the side to move can have been given by the opponent's last move: a
// one-ply retro-analysis. Every move the opponent might have made (a superset of the real ones) is
// taken back; the checks are possible when some position before it leaves the king unattacked.
// Being a superset, it never rejects a position a legal game reaches.
#pragma once

#include <cstdint>

#include "zobrist_verify/chess/position.h"

namespace zobrist_verify {

enum class CheckVerdict : std::uint8_t {
  Possible,                  // no check, or a last move that gives exactly these checks
  TooManyCheckers,           // three or more: a move gives at most two checks
  ImpossibleDoubleCheck,     // two checks that no single move gives together
  ImpossibleCheck,           // one check that no move can have given
  EnPassantImpossibleCheck,  // the double push the en-passant square names did not give them
};

// The classic impossible double checks, named in messages; Other is any remaining pair.
enum class DoubleCheckKind : std::uint8_t {
  TwoPawns,
  TwoKnights,
  PawnAndKnight,
  AlignedSliders,    // two sliders on one line through the king
  TwoContactChecks,  // both checkers next to the king
  Other,
};

struct CheckAnalysis {
  CheckVerdict verdict = CheckVerdict::Possible;
  Bitboard checkers = 0;                                  // the side to move's checkers
  DoubleCheckKind double_check = DoubleCheckKind::Other;  // for ImpossibleDoubleCheck
  // For EnPassantImpossibleCheck: the double push the en-passant square implies.
  Square push_from = NoSquare, push_to = NoSquare;
};

// Assumes one king a side, no pawn on a back rank, the side not to move not in check, and an
// en-passant square (if set) with the pushed pawn in front of it and the two squares behind empty.
CheckAnalysis analyse_checks(const Position& pos);

}  // namespace zobrist_verify
