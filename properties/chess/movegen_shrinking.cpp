// Phase 2 of a movegen run (movegen_blocks.h): the first divergences shrunk against the door, each
// reported as the door was sent it, so that its printed route (and the `movegen --fen` command
// under it) sends the same bytes again.
#include "chess/movegen_blocks.h"
#include "chess/position_tools.h"
#include "core/route_shrinking.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/position_gate.h"

namespace zobrist_verify::properties::movegen {

namespace {

// The route a divergence was found on, as it was sent (a Found from before `sent` was recorded
// has only the whole route).
const Route& found_as_sent(const Found& found) {
  return found.sent.fen.empty() ? found.whole : found.sent;
}

MovegenDivergence as_found(const Found& found) {
  return MovegenDivergence{found_as_sent(found), false, found.difference, {}};
}

// Shrinks divergences against one door; the first fault of the door stops it.
class Shrinker {
 public:
  Shrinker(const MovegenDoor& door, const MovegenOptions& options)
      : door_(door), options_(options) {}

  const std::optional<MovegenFault>& fault() const { return fault_; }
  const std::vector<std::string>& engine_faults() const { return engine_faults_; }

  MovegenDivergence shrink(const Found& found) {
    const Route shortest = shrink_route(
        found.whole,
        [&](const Route& candidate) {
          if (fault_) return false;
          const auto difference = evaluate(candidate);
          return difference && !difference->empty();
        },
        options_.shrink_budget, /*keep_start=*/true);
    // What was found stays when the door faults or no longer diverges on the shortest route.
    MovegenDivergence divergence = as_found(found);
    Game game;
    if (auto difference = evaluate(shortest); difference && !difference->empty()) {
      divergence.difference = *difference;
      divergence.route = to_door(shortest, game).value_or(shortest);
      divergence.shrunk = true;
      // A target that can start afresh must show it again alone on a fresh start, so that the
      // printed route reproduces; else the route found stays (it was confirmed so).
      if (door_.confirm_alone && !fault_ && !diverges_alone(game.position(), divergence.route))
        divergence = as_found(found);
    }
    if (!door_.divide && !fault_)
      divergence.descent = descend(divergence.route, divergence.difference);
    return divergence;
  }

 private:
  // The route in the door's notation, and the reference's position at its end; nothing when the
  // reference cannot replay it.
  std::optional<Route> to_door(const Route& route, Game& game) const {
    if (!game.set(route.fen, polyglot_scheme(), any_position(route.chess960)).empty()) return {};
    Route sent{game.position().fen(), route.chess960, {}};
    for (const std::string& text : route.moves) {
      auto move = game.play_uci(text);
      if (!move) return {};
      sent.moves.push_back(door_notation(door_, *move, game.position()));
    }
    return sent;
  }

  // The difference at the end of `route` (in any notation the reference reads), or nothing when
  // the reference cannot replay it or the door refuses it. A fault of the door is kept as the
  // fault, with the route as sent.
  std::optional<DivideDifference> evaluate(const Route& route) {
    Game game;
    const std::optional<Route> sent = to_door(route, game);
    if (!sent) return {};
    if (!options_.allow_unreachable && unreachable_reason(sent->fen, sent->chess960)) return {};
    const DivideCounts expected = reference_counts(door_, game.position(), options_.depth);
    Expected<DivideDifference> difference =
        against(door_, expected, ask_alone(door_, *sent, options_.depth));
    if (!difference && difference.error_kind() != ErrorKind::Refused && door_.confirm_alone)
      difference = confirmed_fault(expected, difference, *sent);
    if (!difference) {
      if (!fault_ && difference.error_kind() != ErrorKind::Refused)
        fault_ = MovegenFault{*sent, difference.error()};
      return {};
    }
    return *difference;
  }

  // A totals door's divergence at the end of `route`, located by descent; nothing when the
  // reference cannot replay the route or the door faults (kept as the fault, with the route of
  // the total it faulted on).
  std::optional<PerftDescent> descend(const Route& route, const DivideDifference& difference) {
    Game game;
    std::optional<Route> sent = to_door(route, game);
    if (!sent) return {};
    const std::size_t route_plies = sent->moves.size();
    Expected<PerftDescent> descent = descend_perft_totals(
        game.position(), options_.depth, difference.actual_nodes,
        [&](const std::vector<std::string>& door_moves, int depth) {
          sent->moves.resize(route_plies);
          sent->moves.insert(sent->moves.end(), door_moves.begin(), door_moves.end());
          return door_.total(*sent, depth);
        },
        door_.king_takes_rook);
    if (!descent) {
      if (!fault_) fault_ = MovegenFault{*sent, descent.error()};
      return {};
    }
    return *descent;
  }

  // A fault while shrinking, asked again alone on a fresh target: one that recurs stands (it
  // stops the shrinking); one that does not is one of the target's faults as a program, and the
  // fresh answer counts.
  Expected<DivideDifference> confirmed_fault(const DivideCounts& expected,
                                             const Expected<DivideDifference>& found,
                                             const Route& sent) {
    const PerftConfirmation again = door_.confirm_alone(sent, options_.depth);
    if (!again.answer && again.answer.error_kind() == ErrorKind::GaveUp) {
      if (!fault_) fault_ = MovegenFault{sent, again.answer.error(), true};
      return again.answer.failure();
    }
    Expected<DivideDifference> alone = against(door_, expected, again.answer);
    if (!alone && alone.error_kind() != ErrorKind::Refused)
      return Error{found.error() + "; asked again alone on a fresh engine: " + alone.error(),
                   alone.error_kind()};
    engine_faults_.push_back(history_fault_text(found.error() + " (while shrinking)", again));
    return alone;
  }

  // Whether the door, started afresh, diverges at the end of `sent` (at `pos`) asked alone.
  bool diverges_alone(Position& pos, const Route& sent) {
    const PerftConfirmation again = door_.confirm_alone(sent, options_.depth);
    const Expected<DivideDifference> alone =
        against(door_, reference_counts(door_, pos, options_.depth), again.answer);
    return alone && !alone->empty();
  }

  const MovegenDoor& door_;
  const MovegenOptions& options_;
  std::optional<MovegenFault> fault_;
  std::vector<std::string> engine_faults_;
};

}  // namespace

Shrunk shrink_found(const MovegenDoor& door, const MovegenOptions& options,
                    const std::vector<Found>& found) {
  Shrunk shrunk;
  Shrinker shrinker(door, options);
  for (const Found& f : found)
    shrunk.divergences.push_back(shrinker.fault() ? as_found(f) : shrinker.shrink(f));
  shrunk.fault = shrinker.fault();
  shrunk.engine_faults = shrinker.engine_faults();
  return shrunk;
}

void take_shrunk(MovegenResult& result, Shrunk&& shrunk) {
  result.first_divergences = std::move(shrunk.divergences);
  if (!result.fault && shrunk.fault) result.fault = std::move(shrunk.fault);
  result.engine_faults += int(shrunk.engine_faults.size());
  for (std::string& text : shrunk.engine_faults)
    if (result.engine_fault_examples.size() < EngineFaultExamples)
      result.engine_fault_examples.push_back(std::move(text));
}

std::vector<MovegenDivergence> unshrunk(const std::vector<Found>& found) {
  std::vector<MovegenDivergence> divergences;
  for (const Found& f : found) divergences.push_back(as_found(f));
  return divergences;
}

}  // namespace zobrist_verify::properties::movegen
