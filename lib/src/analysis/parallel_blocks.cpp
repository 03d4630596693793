// Blocks on threads: a shared counter hands out block indices in order; a failure is kept with
// its block index so that the lowest one wins.
#include "zobrist_verify/analysis/parallel_blocks.h"

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace zobrist_verify::analysis {

void run_blocks(std::size_t blocks, int threads,
                const std::function<void(std::size_t, const BlockStop&)>& work) {
  std::atomic<std::size_t> lowest_failed{blocks};
  const std::size_t thread_count = std::min<std::size_t>(std::size_t(std::max(threads, 1)), blocks);
  if (thread_count <= 1) {
    for (std::size_t block = 0; block < blocks; ++block)
      work(block, BlockStop(lowest_failed, block));
    return;
  }
  std::atomic<std::size_t> next{0};
  std::mutex failure_mutex;
  std::exception_ptr failure;
  auto worker = [&] {
    // Blocks are handed out in order, so every block before a failed one is already taken.
    for (std::size_t block;
         lowest_failed.load() == blocks && (block = next.fetch_add(1)) < blocks;) {
      try {
        work(block, BlockStop(lowest_failed, block));
      } catch (...) {
        std::lock_guard lock(failure_mutex);
        if (block < lowest_failed.load()) {
          lowest_failed.store(block);
          failure = std::current_exception();
        }
      }
    }
  };
  std::vector<std::thread> pool;
  try {
    pool.reserve(thread_count - 1);
    for (std::size_t t = 1; t < thread_count; ++t) pool.emplace_back(worker);
  } catch (...) {
    // A thread could not be started: the ones that were take no further block and are joined.
    lowest_failed.store(0);
    for (std::thread& thread : pool) thread.join();
    throw;
  }
  worker();
  for (std::thread& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

void SharedProgress::add(std::uint64_t step) {
  const std::uint64_t done = done_.fetch_add(step, std::memory_order_relaxed) + step;
  if (!callback_) return;
  std::unique_lock lock(calling_, std::try_to_lock);
  if (lock.owns_lock()) callback_(std::min(done, total_), total_);
}

}  // namespace zobrist_verify::analysis
