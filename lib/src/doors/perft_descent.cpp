#include "zobrist_verify/doors/perft_descent.h"

#include <deque>

#include "zobrist_verify/chess/movegen.h"
#include "zobrist_verify/chess/perft.h"
#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/chess/uci.h"

namespace zobrist_verify {

Expected<PerftDescent> descend_perft_totals(Position& pos, int depth, std::uint64_t actual,
                                            const EngineTotal& total, bool king_takes_rook,
                                            int budget) {
  PerftDescent descent;
  descent.depth = depth;
  descent.expected = perft(pos, depth);
  descent.actual = actual;
  std::vector<std::string> door_moves;
  std::vector<Move> path;
  std::deque<StateInfo> states;  // a deque: the states' addresses stay put as it grows
  // Takes back the path, so that `pos` is as given.
  const auto restore = [&] {
    for (auto m = path.rbegin(); m != path.rend(); ++m) pos.unmake_move(*m);
  };
  while (descent.depth > 1) {
    bool descended = false;
    for (Move m : legal_moves(pos)) {
      if (descent.asked >= budget) {
        descent.stopped = "the budget of " + std::to_string(budget) + " totals was spent";
        restore();
        return descent;
      }
      const std::string name = move_to_uci(m, pos.is_chess960());
      door_moves.push_back(move_to_uci(m, king_takes_rook || pos.is_chess960()));
      pos.make_move(m, states.emplace_back());
      ++descent.asked;
      Expected<std::uint64_t> theirs = total(door_moves, descent.depth - 1);
      const std::uint64_t ours = theirs ? perft(pos, descent.depth - 1) : 0;
      if (theirs && *theirs != ours) {
        path.push_back(m);
        descent.moves.push_back(name);
        --descent.depth;
        descent.expected = ours;
        descent.actual = *theirs;
        descended = true;
        break;
      }
      pos.unmake_move(m);
      states.pop_back();
      door_moves.pop_back();
      if (!theirs) {
        restore();
        if (theirs.error_kind() != ErrorKind::Refused) return theirs.failure();
        descent.stopped = "the engine refused the position after " + name + ": " + theirs.error();
        return descent;
      }
    }
    if (!descended) break;
  }
  descent.children_agree = true;
  restore();
  return descent;
}

std::string describe(const PerftDescent& d) {
  const std::int64_t difference = std::int64_t(d.actual - d.expected);
  std::string text = d.moves.empty()
                         ? std::string("at the position itself")
                         : "after " + moves_text(d.moves) + " (each move's total differed)";
  text += ", perft " + std::to_string(d.depth) + " is " + std::to_string(d.actual) + ", expected " +
          std::to_string(d.expected) + " (" + (difference > 0 ? "+" : "") +
          std::to_string(difference) + ")";
  if (!d.stopped.empty()) return text + "; the descent stopped there: " + d.stopped;
  if (d.depth > 1)
    text += "; every move's total at depth " + std::to_string(d.depth - 1) +
            " agrees, so the difference is in this position's own moves";
  else
    text += "; the difference is in this position's own moves";
  return text +
         ", which totals cannot name (a missing move shows as fewer leaves, an extra one, an "
         "illegal move say, as more; a divide would name it)";
}

}  // namespace zobrist_verify
