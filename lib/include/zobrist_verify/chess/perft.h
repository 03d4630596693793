// Perft: counting leaf nodes of the legal move tree, and reading perft suites.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// Leaves at `depth`, counting the last ply by the size of the legal move list (bulk counting).
std::uint64_t perft(Position& pos, int depth);
// Leaves at `depth`, making and unmaking every leaf move (keys updated at every node).
std::uint64_t perft_full(Position& pos, int depth);
// Per root move counts, in generation order, as Stockfish's `go perft` prints them.
std::vector<std::pair<Move, std::uint64_t>> perft_divide(Position& pos, int depth);

struct PerftCase {
  std::string fen;
  std::vector<std::pair<int, std::uint64_t>> depths;  // (depth, nodes)
  std::string id;                                     // a name when the suite gives one
  int line = 0;                                       // 1-based line in the suite file
};

// Reads "FEN ;D1 n ;D2 n ..." lines (EPD perft suites) and "id / epd / perft d n" blocks
// (python-chess's .perft files). Blank lines and lines starting with '#' are skipped.
[[nodiscard]] Expected<std::vector<PerftCase>> parse_perft_suite(std::string_view text);

}  // namespace zobrist_verify
