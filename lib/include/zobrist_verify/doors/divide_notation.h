// Moves as an engine's perft divide prints them, read into UCI against the position they are
// played in, for a divide read through --perft-divide-pattern: UCI ("e2e4", "e7e8q"), long
// algebraic ("Ng1-f3", "e2-e4", "Nb1xc3", "b7-b8=Q": a piece letter or not, '-' or 'x') or SAN
// ("Nf3", "exd5", "e8=Q+", "Nbd2", "O-O"). PyChess's `perft D 1` prints long algebraic.
#pragma once

#include <string>
#include <string_view>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/divide_comparison.h"

namespace zobrist_verify {

// `printed` in UCI at `pos`, castling king takes rook when `king_takes_rook` (Chess960), else as
// the position writes it (e1g1):
//   - UCI and long algebraic are read by their squares and promotion piece, legal or not: an
//     illegal one (e2e5) is an extra move of the comparison, as a UCI divide's is;
//   - SAN is matched against the legal moves (check marks and annotations aside, 'x' not
//     required): one that fits no legal move comes back quoted as printed ("'Nxe5'"), an extra
//     move too; one that fits two is an error naming both (a fault of the reply);
//   - anything else is an error: a move in no notation the door reads.
[[nodiscard]] Expected<std::string> divide_move_in_uci(const Position& pos,
                                                       std::string_view printed,
                                                       bool king_takes_rook);

// Every move of `printed` (moves as printed) in UCI, in the position reached by `uci_moves`
// (UCI, separated by spaces) from `fen` ("startpos" for the start position), read as Chess960
// when `chess960`. The error names the move that cannot be read.
[[nodiscard]] Expected<DivideCounts> divide_in_uci(std::string_view fen, std::string_view uci_moves,
                                                   bool chess960, DivideCounts printed);

}  // namespace zobrist_verify
