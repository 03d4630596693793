// The inside of a movegen run (zobrist_verify/movegen_fuzz.h), in two phases.
//
// 1. Comparing. The positions come in blocks: the compiled-in corpus, CorpusPerBlock positions a
//    block, then one generated game a block (game k from its own seed). What a block holds depends
//    on the seed and its index alone, so blocks can run in any order, in any worker (--jobs), and
//    their outcomes, put together in block order by a Merger, give the same result as one process
//    running them one after the other: the same positions given, the same counts, the same first
//    divergences, refusals and fault (the lowest one wins). Each block is run to its end, or to
//    its first fault; the Merger stops taking positions once the run has given its number.
// 2. Shrinking. The first few divergences, in order, are shrunk against the door (shrink_found),
//    in the process or worker that holds it.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "isolation/forked_run.h"
#include "zobrist_verify/block_workers.h"
#include "zobrist_verify/chess/position.h"
#include "zobrist_verify/movegen_fuzz.h"

namespace zobrist_verify::properties::movegen {

// The blocks a run may take: one for a run of one route (MovegenOptions::only), else no limit.
std::uint64_t block_count(const MovegenOptions& options);

// A move as the door is sent it: king takes rook in every position of a door that says so (an
// engine under UCI_Chess960), else in the notation of `pos`.
std::string door_notation(const MovegenDoor& door, Move m, const Position& pos);
// The door's divide (or its total, as counts) of the route as sent.
Expected<DivideCounts> ask_alone(const MovegenDoor& door, const Route& sent, int depth);
// The answer against the reference's `expected` (totals only for a totals door).
Expected<DivideDifference> against(const MovegenDoor& door, const DivideCounts& expected,
                                   const Expected<DivideCounts>& answer);
// What the reference says at `pos`: the divide, or for a totals door the nodes only.
DivideCounts reference_counts(const MovegenDoor& door, Position& pos, int depth);

// The target's faults as a program described in a result, at most (MovegenResult::
// engine_fault_examples).
inline constexpr std::size_t EngineFaultExamples = 5;
// The refusals' messages a result quotes, at most (MovegenResult::refusal_examples).
inline constexpr std::size_t RefusalExamples = 5;

// What happened at one position met in a block.
enum class Event : std::uint8_t { Agreed, Diverged, Refused, Fault, Withheld };

// A divergence found, before shrinking: the whole route to it (the reference's notation), the
// route the door was sent for it (a FEN a few plies on, the moves in the door's notation) and
// the difference there.
struct Found {
  Route whole;
  DivideDifference difference;
  Route sent;
};

struct BlockOutcome {
  std::uint64_t block = 0;
  // One per position met, in order: the Event in the low three bits, the position's MovegenMix
  // flags above them (event_mix).
  std::vector<std::uint16_t> events;
  // The details, each with the index of its event: the first divergences (as many as the run
  // shrinks), the first refusals' messages, the first withheld FEN, the answers in flight that
  // the same question alone did not repeat (the first one's text).
  std::vector<std::pair<std::uint32_t, Found>> divergences;
  std::vector<std::pair<std::uint32_t, std::string>> refusals;
  std::uint32_t first_withheld_event = 0;
  std::string first_withheld;  // empty: none
  std::vector<std::uint32_t> disagreements;
  std::string first_disagreement;
  // The target's faults as a program that a fresh target did not repeat (MovegenDoor::
  // confirm_alone), at each event; the first few described.
  std::vector<std::uint32_t> engine_faults;
  std::vector<std::pair<std::uint32_t, std::string>> engine_fault_examples;
  std::optional<MovegenFault> fault;  // at the last event
};

std::string encode_block(const BlockOutcome& outcome);
std::optional<BlockOutcome> decode_block(const std::string& bytes);

// Runs blocks in this process, against one door, keeping the door's pipeline (ask_many) full
// across block boundaries: a block is handed on once every position of it is answered.
struct BlockHooks {
  // The next block to run; none: stop taking blocks (those held are still finished).
  std::function<std::optional<std::uint64_t>()> take;
  // A block done (to its end or its first fault), in increasing block order.
  std::function<void(BlockOutcome&&)> commit;
  // Optional, asked before each position: true drops the blocks held and stops at once (a fault
  // in an earlier block, found elsewhere, has made them useless). Given the lowest block held.
  std::function<bool(std::uint64_t lowest_held)> abandon;
};
// After a fault the runner commits the faulted block and those before it, and stops.
void run_blocks(const MovegenDoor& door, const MovegenOptions& options, const BlockHooks& hooks);

// Puts block outcomes together in block order into `result`, position by position, until the run
// has given options.positions positions or met a fault.
class Merger {
 public:
  Merger(const MovegenOptions& options, MovegenResult& result);
  bool done() const;
  void take(const BlockOutcome& outcome);
  // A fault that ended a block without an outcome (its worker crashed there): the fault of the
  // run, on a position given.
  void take_fault(MovegenFault fault);
  // The divergences to shrink, in order.
  const std::vector<Found>& found() const { return found_; }

 private:
  void publish() const;  // the result so far to options.partial

  const MovegenOptions& options_;
  MovegenResult& result_;
  std::vector<Found> found_;
  std::uint64_t blocks_taken_ = 0;  // outcomes and faults taken, up to block_count
};

// The divergences shrunk in order against `door`; a fault of the door while shrinking stops it
// there, and that divergence and the rest stay as found.
struct Shrunk {
  std::vector<MovegenDivergence> divergences;
  std::optional<MovegenFault> fault;
  // Faults while shrinking that a fresh target did not repeat (MovegenResult::engine_faults).
  std::vector<std::string> engine_faults;
};
Shrunk shrink_found(const MovegenDoor& door, const MovegenOptions& options,
                    const std::vector<Found>& found);
std::string encode_shrunk(const Shrunk& shrunk);
std::optional<Shrunk> decode_shrunk(const std::string& bytes);
// A fault met at a position that the same position, asked alone on a fresh target
// (`again`), did not repeat: "FAULT; asked alone on a fresh engine, ... (it had been sent ...)".
std::string history_fault_text(const std::string& fault, const PerftConfirmation& again);

// The shrunk divergences, the shrinking's fault (unless the run has one) and its engine faults,
// into `result`.
void take_shrunk(MovegenResult& result, Shrunk&& shrunk);
// Each found divergence as it was found, unshrunk.
std::vector<MovegenDivergence> unshrunk(const std::vector<Found>& found);

// A result with the door's name, the seed, depth and kind of comparison, and nothing found yet.
MovegenResult empty_result(const MovegenDoor& door, const MovegenOptions& options);

// Phase 1 in `jobs` forked workers (run_block_workers, zobrist_verify/block_workers.h), each
// running blocks against the door `open` gives it there (watching its calls through `watch` when
// it runs in the worker: a plugin), their outcomes streamed back and merged in block order. A
// worker that crashes or hangs (past `call_timeout` in one watched call) ends the run at the block
// it held: the blocks before it count, the fault names the call and route in flight. Every worker,
// and whatever it started, is gone on return.
void run_blocks_in_workers(const MovegenOptions& options, int jobs,
                           std::chrono::milliseconds call_timeout, const std::string& door_name,
                           const std::function<Expected<MovegenDoor>(CallWatch& watch)>& open,
                           Merger& merger);

}  // namespace zobrist_verify::properties::movegen
