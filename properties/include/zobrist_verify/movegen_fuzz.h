// Fuzzing a third party's move generator (an engine over UCI, a plugin's legal_moves) against
// the reference: positions drawn from the property suite's generators (the compiled-in corpus,
// tricky perft positions included, then games weighted toward en passant, castling, promotions
// and checks), the same perft divide (or, for an engine that prints totals only, the same total)
// asked of both at each, and every divergence shrunk to the shortest route (a FEN and moves from
// it) that still shows one; a divergence of totals is then located by descent (perft_descent.h).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/divide_comparison.h"
#include "zobrist_verify/doors/engine_perft.h"
#include "zobrist_verify/doors/perft_descent.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// The move generator under test.
struct MovegenDoor {
  std::string name;  // for reports: "engine:Stockfish 15.1", "plugin:reference"
  // Castling moves in king-takes-rook notation in every position (an engine under
  // UCI_Chess960) rather than in each position's own notation (e1g1 in standard chess).
  bool king_takes_rook = false;
  // The divide at the end of the route (its moves already in the door's notation). An error of
  // kind Refused is the target refusing the position (it says it cannot take this FEN): counted,
  // and the run goes on. Any other error is a fault of the target on this position (a crash, a
  // hang, garbage): the run stops there.
  std::function<Expected<DivideCounts>(const Route& route, int depth)> divide;
  // Instead of `divide`, for a target that gives totals only (Ethereal 12's `perft`): the total at
  // the end of the route, with the same errors. A divergence is then located by descent.
  std::function<Expected<std::uint64_t>(const Route& route, int depth)> total;
  // Optional, for a target that keeps many requests in flight (an engine, pipelined): the
  // divides of many routes at once, in order (a totals door's totals in `nodes`). Only an answer
  // that agrees with the reference is taken as it is: any other (an error, a divergence) is
  // asked again alone, through `divide` or `total`, and that answer counts. A complete answer
  // in a batch that differs from the answer alone is a pipeline disagreement
  // (MovegenResult::pipeline_disagreements): from then on every position is asked alone. The
  // findings are the same as when every position is asked alone.
  std::function<std::vector<Expected<DivideCounts>>(const std::vector<Route>& routes, int depth)>
      ask_many;
  int batch = 64;  // routes given to ask_many at once
  // Optional, for a target that can be started afresh (an engine): the route asked again alone
  // on a fresh target with a longer deadline (EnginePerft::confirm_alone), after a fault or a
  // divergence. A fault that recurs is the position's, and a divergence is reported only if it
  // recurs. One that does not is a fault of the target as a program (MovegenResult::
  // engine_faults: a crash that depends on what it had been sent before, lines out of step), and
  // the run goes on with the fresh target.
  std::function<PerftConfirmation(const Route& route, int depth)> confirm_alone;
  // For --jobs above 1: a door of its own for a worker, opened in the worker's process (an engine
  // starts one more engine there, closed with the door). Empty: the door itself serves every
  // worker (a plugin, instantiated in each by its first divide).
  std::function<Expected<MovegenDoor>()> open_in_worker;
};

struct MovegenResult;

struct MovegenOptions {
  int positions = 1000;  // given to the target (compared or refused)
  int depth = 1;
  std::uint64_t seed = 0;      // 0: DefaultSeed
  bool chess960 = false;       // also Chess960 starts
  int tail_plies = 4;          // moves sent after the FEN, so that the target plays some itself
  int shrunk_divergences = 5;  // the first divergences shrunk and kept
  int shrink_budget = 400;     // divide requests per shrink
  // Also send positions no legal game reaches; by default they are withheld at the gate
  // (zobrist_verify/doors/position_gate.h) and counted.
  bool allow_unreachable = false;
  // Workers comparing positions at once, each with a door of its own (MovegenDoor::
  // open_in_worker); 1: all in this process. The result is the same for every number, timings
  // aside, for a target whose answers are a pure function of the position asked.
  int jobs = 1;
  std::function<void(int done, int total)> progress;  // called every few positions
  // Called in this process with the result so far (its divergences as found, not shrunk) each
  // time positions are added to it: what a run stopped before its end reports.
  std::function<void(const MovegenResult& so_far)> partial;
  // Ask this one route instead (movegen --fen): its FEN sent as it is written, its moves (in any
  // notation the reference reads) in the door's; `positions` is then 1. It must pass the gate
  // unless allow_unreachable.
  std::optional<Route> only;
};

struct MovegenDivergence {
  // Shrunk, as the door was sent it: the FEN as sent and the moves in the door's notation (so
  // that `movegen --fen FEN --moves ...` sends the same bytes).
  Route route;
  // False when the route is the one the divergence was found on: the target faulted while this
  // or an earlier divergence was shrunk, or no longer diverged on it.
  bool shrunk = true;
  DivideDifference difference;  // from totals alone: the nodes only
  // A totals door's: where the descent from the route's end located the difference.
  std::optional<PerftDescent> descent;
};

struct MovegenFault {
  Route route;  // as the door was sent it (empty FEN: no position was in flight)
  std::string message;
  // The target cannot be used at all (it faults again soon after every fresh start, or cannot
  // be started again): an error of the run (exit 2), not a fault on the route.
  bool unusable = false;
};

// How many compared positions had each feature: a legal en-passant capture, one that a pin
// forbids, a legal castling, a promotion, the side to move in check, Chess960, no legal move.
struct MovegenMix {
  int en_passant = 0, en_passant_pinned = 0, castling = 0, promotion = 0, check = 0, chess960 = 0,
      no_moves = 0;
};

struct MovegenResult {
  std::string target;
  int given = 0;               // positions sent to the target: compared, refused, or the fault
  int positions = 0;           // compared without a fault
  int divergences = 0;         // positions whose divides differ
  int withheld = 0;            // positions not sent: no legal game reaches them
  std::string first_withheld;  // the first such FEN
  int refused = 0;             // positions the target refused (MovegenDoor::divide)
  std::vector<std::string> refusal_examples;  // the first few: the target's message, quoted
  std::vector<MovegenDivergence> first_divergences;
  std::optional<MovegenFault> fault;
  MovegenMix mix;
  double seconds = 0;
  std::uint64_t seed = 0;
  int depth = 1;
  bool totals_only = false;  // compared by totals (MovegenDoor::total), not divides
  // Answers given in a batch (MovegenDoor::ask_many) that the same question alone did not
  // repeat, and the first ("ROUTE: N moves, M nodes in flight, ... alone").
  int pipeline_disagreements = 0;
  std::string first_pipeline_disagreement;
  // Faults of the target as a program that the same question asked alone on a fresh target did
  // not repeat (MovegenDoor::confirm_alone), and the first few, described.
  int engine_faults = 0;
  std::vector<std::string> engine_fault_examples;
  // Not empty: the run was stopped before its end, by this ("SIGINT"), and the result is what
  // it found until then (a report then says so, and the run did not pass).
  std::string interrupted;
  // More than RefusalLimit of the positions given refused: a target that tests little.
  bool too_many_refused() const { return double(refused) > RefusalLimit * double(given); }
  bool passed() const {
    return divergences == 0 && engine_faults == 0 && !fault && !too_many_refused() &&
           interrupted.empty();
  }
};

// Runs until options.positions positions are given to the target, or it faults, then shrinks the
// first divergences. Never throws. The positions come in blocks (a few corpus positions, or one
// generated game), each the same whatever runs it, put together in order: with options.jobs
// above 1 the blocks are shared among forked workers, and the result is the one a single process
// gives. A fault ends the run at the lowest position it is met on; shrinking happens in this
// process, with `door`.
MovegenResult run_movegen(const MovegenDoor& door, const MovegenOptions& options);

// The same with every divide watched in forked workers (options.jobs of them, at least one), for
// a door that runs in this process (a plugin): one that crashes, or takes longer than
// `call_timeout` over one divide, ends the run with a fault naming the route in flight instead of
// ending this process. The blocks finished before the one it crashed in still count; the
// shrinking runs in a watched worker of its own.
MovegenResult run_movegen_isolated(const MovegenDoor& door, const MovegenOptions& options,
                                   std::chrono::milliseconds call_timeout);

// The door's depth-1 divide of `route`, asked in a watched worker: whether the target can be
// used at all. A crash, a hang past `call_timeout`, an exit without an answer or the door's own
// error comes back as the error, and nothing of the target runs in this process.
[[nodiscard]] Expected<Done> probe_movegen_door(const MovegenDoor& door, const Route& route,
                                                std::chrono::milliseconds call_timeout);

}  // namespace zobrist_verify::properties
