// Perft divides as text ("e2e4: 20" per root move, then "Nodes searched: 400", as Stockfish's
// `go perft` prints them), read from an engine's output or computed by the reference, and the
// comparison of two of them: moves missing, extra, listed twice, or counted differently.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

struct DivideCounts {
  std::vector<std::pair<std::string, std::uint64_t>> moves;  // UCI move, leaf count; as listed
  std::uint64_t nodes = 0;                                   // the total
};

// What reading one line of a divide found.
struct DivideLine {
  enum class Kind : std::uint8_t { Skip, Move, Total };
  Kind kind = Kind::Skip;
  std::string move;  // Kind::Move
  std::uint64_t count = 0;
};
// "e7e8q: 1" is a move, "Nodes searched: 31" the total; a blank line or an "info ..." line is
// skipped. Anything else is an error quoting the line.
[[nodiscard]] Expected<DivideLine> parse_divide_line(std::string_view line);
// Checks a divide read from its lines: the total must be the sum of the moves' counts.
[[nodiscard]] Expected<Done> check_divide_total(const DivideCounts& divide);

// The reference's divide at `pos`; castling as king-takes-rook when `king_takes_rook`, else as
// the position's own notation (e1g1 in standard chess).
DivideCounts reference_divide(Position& pos, int depth, bool king_takes_rook);

struct CountDifference {
  std::string move;
  std::uint64_t expected = 0, actual = 0;
};

struct DivideDifference {
  std::vector<std::string> missing;     // in the expected divide only, sorted
  std::vector<std::string> extra;       // in the actual divide only, sorted
  std::vector<std::string> duplicated;  // listed more than once by the actual divide
  std::vector<CountDifference> counts;  // in both with different counts
  std::uint64_t expected_nodes = 0, actual_nodes = 0;
  // No difference at all (two totals alone differ in their nodes only).
  bool empty() const {
    return missing.empty() && extra.empty() && duplicated.empty() && counts.empty() &&
           expected_nodes == actual_nodes;
  }
};

DivideDifference compare_divides(const DivideCounts& expected, const DivideCounts& actual);

// "missing e5d6; extra (none); nodes 30, expected 31" on one line, counts differences included.
std::string describe(const DivideDifference& difference);

}  // namespace zobrist_verify
