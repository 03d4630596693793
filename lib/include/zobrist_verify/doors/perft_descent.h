// Where a move generator that prints perft totals only parts from the reference: by descent. At
// a position whose total at depth d differs, the engine's total at depth d - 1 after each legal
// move is compared with the reference's; the first child that differs is descended into, and so
// on, until a position whose total differs while every child's agrees (or whose depth is 1). The
// difference is then in that position's own move list, and a total cannot say which move: a
// missing move shows as fewer leaves, an extra one (an illegal move, say) as more, and a child the
// engine never generates is still asked for by its move, which some engines do not read (they
// stop reading `moves` at a move they do not know, and count the position before it). So a move
// is named only where a child's total shows it: the moves of the path down.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

struct PerftDescent {
  // From the position descended from to the deepest one found, each the move whose child's total
  // differed, in the reference's notation.
  std::vector<std::string> moves;
  int depth = 0;                           // the perft depth at the deepest position
  std::uint64_t expected = 0, actual = 0;  // the totals there: the reference's and the engine's
  // Every child of the deepest position agreed (or its depth is 1): the difference is in its own
  // moves. False when the descent stopped before (a child refused, or the budget spent): `stopped`.
  bool children_agree = false;
  std::string stopped;
  int asked = 0;  // totals asked of the engine
};

// The engine's total at `depth` of the position reached by `door_moves` (each in the door's
// notation) from the position descended from. An error of kind Refused stops the descent there;
// any other is a fault, returned as the descent's error.
using EngineTotal =
    std::function<Expected<std::uint64_t>(const std::vector<std::string>& door_moves, int depth)>;

// Descends from `pos`, where the engine's total at `depth` is `actual` (not the reference's),
// asking at most `budget` totals. Castling goes to the engine as king-takes-rook when
// `king_takes_rook` (an engine in Chess960 mode), else in each position's own notation. `pos` is
// as it was afterwards.
[[nodiscard]] Expected<PerftDescent> descend_perft_totals(Position& pos, int depth,
                                                          std::uint64_t actual,
                                                          const EngineTotal& total,
                                                          bool king_takes_rook, int budget = 2000);

// The descent in a sentence: "after e2e4 d7d5 (each move's total differed), perft 1 is 31, expected
// 30 (+1); every child agrees, so the difference is in this position's own moves, which totals
// cannot name ...".
std::string describe(const PerftDescent& descent);

}  // namespace zobrist_verify
