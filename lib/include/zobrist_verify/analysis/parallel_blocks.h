// Work cut into a fixed number of blocks, taken by N threads in turn. The cut never depends on N,
// and callers combine the blocks' results by block index, so that what they report is the same
// for every N.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>

namespace zobrist_verify::analysis {

// What a block under way may poll: whether a block before it has failed, which makes its own
// work pointless (a run on one thread would never have started it).
class BlockStop {
 public:
  BlockStop(const std::atomic<std::size_t>& lowest_failed, std::size_t block)
      : lowest_failed_(lowest_failed), block_(block) {}
  bool requested() const { return lowest_failed_.load(std::memory_order_relaxed) < block_; }

 private:
  const std::atomic<std::size_t>& lowest_failed_;
  std::size_t block_;
};

// Runs `work(block, stop)` for every block in 0..blocks-1 on min(threads, blocks) threads (the
// calling thread among them; with one thread the blocks run in order, in this thread). A block
// that throws stops the run: no thread takes another block, the blocks after it under way see
// `stop.requested()` (long blocks poll it and return early), every thread is joined, and the
// exception of the lowest failing block is rethrown here: the one a run on one thread throws.
void run_blocks(std::size_t blocks, int threads,
                const std::function<void(std::size_t block, const BlockStop& stop)>& work);

// Progress added up across threads: each add() counts its step into one total, and the
// callback, when given, is called with that total by one thread at a time (a thread that finds
// it busy skips its call rather than wait).
class SharedProgress {
 public:
  SharedProgress(std::uint64_t total,
                 std::function<void(std::uint64_t done, std::uint64_t total)> callback)
      : total_(total), callback_(std::move(callback)) {}
  void add(std::uint64_t step);
  std::uint64_t done() const { return done_.load(std::memory_order_relaxed); }

 private:
  std::uint64_t total_;
  std::function<void(std::uint64_t, std::uint64_t)> callback_;
  std::atomic<std::uint64_t> done_{0};
  std::mutex calling_;
};

}  // namespace zobrist_verify::analysis
