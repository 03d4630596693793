// The one runner of blocks in forked workers. Blocks 0, 1, 2, ... of a run are taken from one
// counter in memory shared with the workers; a worker streams back the output of each block it
// finishes (through a memfd, so that what it sent survives its death); the calling thread reads
// them as they come (every 10 ms while it waits) and merges them in block order, so that the
// merge is the same whoever played which block, and a merge that has enough stops the workers
// still at work. A worker that dies hands the merge its death at the block it held: the blocks
// before still count. The lowest fault wins: once a block is sent as faulted (or a worker dies,
// with BlockWorkerPlan::death_ends_run), no block past it is taken any more, and with
// death_ends_run the workers that hold only later blocks are stopped.
//
// Isolation's (isolation/block_workers.cpp), and public: property 4's sweep, in core beneath
// isolation, splits through it as movegen does.
//
// Two shapes of run use it. movegen (chess/movegen_blocks.h): N workers, each forked once and
// taking blocks until none is left, a plugin's calls watched in them, an engine started once a
// worker. Property 4's sweep (core/sweep.h): the calling thread plays every block nobody has
// taken, straight into its merge, and a worker is forked for one block whenever a slot of the run
// is free (CoreSlots), within a window ahead of the merge.
//
// Every worker, and whatever it started, is killed and reaped before run_block_workers returns.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

inline constexpr std::uint64_t NoBlock = ~std::uint64_t{0};

// The call timeout of a worker that only computes, or drives an engine of its own (which keeps
// its own timeouts): such a worker is never in a watched call, and this never applies.
inline constexpr std::chrono::milliseconds NoCallTimeout{std::chrono::hours(24 * 365)};

// Where a worker announces each call of a target it drives (isolation/forked_run.h).
struct CallWatch;

struct BlockWorkerPlan {
  std::uint64_t blocks = NoBlock;  // how many there are; NoBlock: as many as the merge takes
  int workers = 1;                 // how many run at once (each from a thread of this process)
  int workers_at_once = 1;         // what share of worker_memory_limit() each may hold
  std::chrono::milliseconds call_timeout = NoCallTimeout;  // one watched call, at most
  // A fresh worker for each block (taken for it before the fork), instead of one worker per
  // thread taking blocks until none is left.
  bool worker_per_block = false;
  // With worker_per_block: how far past the block being merged blocks are begun (0: no bound),
  // and the run's slots, one of which each worker holds while it runs (none: no slots).
  std::uint64_t window = 0;
  UnitSlots slots;
  // A worker's death is a fault at the block it held: no later block is taken, and the workers
  // holding only later ones are stopped. Without it, the merge gets the death and the others go
  // on (the sweep plays the block again itself).
  bool death_ends_run = false;
};

// How a worker failed.
struct WorkerFault {
  // It ended by itself, saying it could not run (its door did not open): `words` is why. Else it
  // crashed, hung, exited or outgrew the memory limit, and `words` says so as every worker's
  // fault is worded ("crashed in its divide (legal_moves, make_move): killed by signal 11
  // (Segmentation fault)"; "its worker" when it was in no call), with the route of the call it
  // was in, when it was in one.
  bool could_not_run = false;
  std::string words;
  std::optional<Route> route;
};

// What the merge gets for one block.
struct BlockOutput {
  // Sent: `bytes` is what was sent for it. Died: the worker holding it failed first (`fault`).
  // NotRun: every worker has ended and none sent it (`fault`: the first worker that failed
  // outside any block, if one did).
  enum class Kind : std::uint8_t { Sent, Died, NotRun };
  Kind kind = Kind::NotRun;
  std::string bytes;
  std::optional<WorkerFault> fault;
};

struct BlockRunShared;
struct BlockWorkerShared;

// A worker's side of the run: the blocks it takes and what it sends back for them.
class BlockSource {
 public:
  // Made by the runner in each worker.
  BlockSource(BlockRunShared& run, BlockWorkerShared& mine, CallWatch& watch, std::uint64_t blocks,
              std::optional<std::uint64_t> given);

  // The next block for this worker; none: stop taking (no block left, none below the lowest
  // fault, a send failed, or the one block of a worker_per_block worker already taken).
  std::optional<std::uint64_t> take();
  // Streams back the output of a block taken (`faulted`: the block ended in a fault, and no later
  // block is worth taking). False when the stream cannot be written: take() then stops.
  bool send(std::uint64_t block, const std::string& bytes, bool faulted = false);
  // Whether `block` lies past the lowest fault any worker has found: holding it is useless.
  bool superseded(std::uint64_t block) const;
  bool failed() const { return failed_; }
  // Where the calls of a target this worker drives are announced (a plugin's).
  CallWatch& watch() { return watch_; }

 private:
  void publish_held();

  BlockRunShared& run_;
  BlockWorkerShared& mine_;
  CallWatch& watch_;
  std::uint64_t blocks_;
  std::optional<std::uint64_t> given_;
  bool one_block_;
  std::vector<std::uint64_t> held_;  // taken and not yet sent, in the order taken
  std::uint64_t written_ = 0;        // bytes of the stream written whole
  bool failed_ = false;
};

struct BlockWorkerHooks {
  // In each worker: takes blocks from `source` and sends their outputs. An error: the worker
  // could not run at all (its door did not open).
  std::function<Expected<Done>(BlockSource& source)> work;
  // On the calling thread, for blocks 0, 1, 2, ... in order: block i's output. False: stop.
  std::function<bool(std::uint64_t block, BlockOutput output)> merge;
  // Optional: the calling thread plays block i itself, straight into its merge, whenever no
  // worker has taken it (false: stop). With it, workers start only once block 0 has been played
  // here (a lazy initialisation under way in this thread would stay locked in a forked worker),
  // and only if `worth_workers`, when given, says then that they pay.
  std::function<bool(std::uint64_t block)> here;
  std::function<bool()> worth_workers;
  // Optional: while the calling thread waits for a block a worker holds, it plays the next block
  // nobody has begun (within the window) into the bytes a worker would send.
  std::function<std::string(std::uint64_t block)> ahead;
  // Optional: called about every 100 ms while the calling thread waits (a progress line).
  std::function<void()> waiting;
};

void run_block_workers(const BlockWorkerPlan& plan, const BlockWorkerHooks& hooks);

// Memory shared with every worker forked after it is mapped (MAP_SHARED | MAP_ANONYMOUS), and
// its end. map_shared throws std::bad_alloc when no such memory can be had.
void* map_shared(std::size_t bytes);
void unmap_shared(void* pages, std::size_t bytes);

// `count` default-constructed objects in such memory: counters a run's workers keep together.
template <class T>
class SharedObjects {
 public:
  explicit SharedObjects(std::size_t count = 1)
      : count_(count), objects_(static_cast<T*>(map_shared(bytes()))) {
    for (std::size_t i = 0; i < count_; ++i) new (&objects_[i]) T();
  }
  ~SharedObjects() {
    for (std::size_t i = 0; i < count_; ++i) objects_[i].~T();
    unmap_shared(objects_, bytes());
  }
  SharedObjects(const SharedObjects&) = delete;
  SharedObjects& operator=(const SharedObjects&) = delete;
  // The objects are the run's, shared: a const handle still reaches them.
  T& operator[](std::size_t i) const { return objects_[i]; }
  T& operator*() const { return objects_[0]; }
  T* operator->() const { return objects_; }

 private:
  std::size_t bytes() const { return sizeof(T) * (count_ == 0 ? 1 : count_); }
  std::size_t count_;
  T* objects_;
};

}  // namespace zobrist_verify::properties
