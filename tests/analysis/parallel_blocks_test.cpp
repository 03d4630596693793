// run_blocks and SharedProgress, the split behind `collisions --jobs` and `keys --jobs`: every
// block once, whatever the threads; a failure reported as one thread would report it; progress
// added up across threads and reported by one thread at a time.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "zobrist_verify/analysis/parallel_blocks.h"

namespace zobrist_verify::analysis {
namespace {

TEST(RunBlocks, RunsEveryBlockExactlyOnceWhateverTheThreads) {
  for (int threads : {1, 2, 3, 8, 1024}) {
    std::vector<std::atomic<int>> runs(997);
    run_blocks(runs.size(), threads, [&](std::size_t block, const BlockStop&) { ++runs[block]; });
    for (std::size_t block = 0; block < runs.size(); ++block)
      ASSERT_EQ(runs[block].load(), 1) << "block " << block << ", " << threads << " threads";
  }
}

TEST(RunBlocks, OneThreadRunsTheBlocksInOrderInTheCallingThread) {
  std::vector<std::size_t> order;
  const auto caller = std::this_thread::get_id();
  run_blocks(50, 1, [&](std::size_t block, const BlockStop&) {
    EXPECT_EQ(std::this_thread::get_id(), caller);
    order.push_back(block);
  });
  std::vector<std::size_t> expected(50);
  for (std::size_t i = 0; i < expected.size(); ++i) expected[i] = i;
  EXPECT_EQ(order, expected);
}

TEST(RunBlocks, SeveralThreadsShareTheBlocks) {
  std::mutex mutex;
  std::set<std::thread::id> seen;
  run_blocks(64, 2, [&](std::size_t, const BlockStop&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    std::lock_guard lock(mutex);
    seen.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(seen.size(), 2u);
}

std::string failure_of(std::size_t blocks, int threads,
                       const std::function<void(std::size_t, const BlockStop&)>& work) {
  try {
    run_blocks(blocks, threads, work);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "no exception";
}

TEST(RunBlocks, TheLowestFailingBlocksExceptionWinsAsOnOneThread) {
  // Block 9 fails at once, block 3 only later: one thread reports block 3, and so must four.
  auto work = [](std::size_t block, const BlockStop&) {
    if (block == 3) {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      throw std::runtime_error("block 3");
    }
    if (block == 9) throw std::runtime_error("block 9");
  };
  EXPECT_EQ(failure_of(100, 1, work), "block 3");
  EXPECT_EQ(failure_of(100, 4, work), "block 3");
}

TEST(RunBlocks, NoBlockIsTakenOnceOneHasFailed) {
  std::atomic<int> runs{0};
  const std::string failure = failure_of(1000, 3, [&](std::size_t block, const BlockStop&) {
    ++runs;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (block == 5) throw std::runtime_error("block 5");
  });
  EXPECT_EQ(failure, "block 5");
  EXPECT_LT(runs.load(), 20);  // blocks 0..5 and the few under way, not the thousand
}

TEST(RunBlocks, ABlockUnderWayIsAskedToStopOnlyWhenAnEarlierBlockFailed) {
  // Three blocks on three threads: block 1 fails while blocks 0 and 2 are under way.
  std::atomic<bool> started_2{false}, failed{false}, later_saw_stop{false}, earlier_saw_stop{true};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  auto wait_for = [&](const std::function<bool()>& condition) {
    while (!condition() && std::chrono::steady_clock::now() < deadline) std::this_thread::yield();
  };
  const std::string failure = failure_of(3, 3, [&](std::size_t block, const BlockStop& stop) {
    if (block == 2) {
      started_2 = true;
      wait_for([&] { return stop.requested(); });
      later_saw_stop = stop.requested();
    } else if (block == 1) {
      wait_for([&] { return started_2.load(); });
      failed = true;
      throw std::runtime_error("block 1");
    } else {
      wait_for([&] { return failed.load(); });
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      earlier_saw_stop = stop.requested();
    }
  });
  EXPECT_EQ(failure, "block 1");
  EXPECT_TRUE(later_saw_stop);
  EXPECT_FALSE(earlier_saw_stop);
}

TEST(SharedProgress, AddsUpEveryThreadsStepsAndCallsOneAtATime) {
  std::atomic<int> inside{0}, overlaps{0}, calls{0};
  std::uint64_t last = 0;
  SharedProgress progress(4000, [&](std::uint64_t done, std::uint64_t total) {
    if (++inside > 1) ++overlaps;
    ++calls;
    EXPECT_LE(done, total);
    last = done;
    std::this_thread::sleep_for(std::chrono::microseconds(50));
    --inside;
  });
  run_blocks(40, 4, [&](std::size_t, const BlockStop&) {
    for (int step = 0; step < 100; ++step) progress.add(1);
  });
  EXPECT_EQ(progress.done(), 4000u);
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_GT(calls.load(), 0);
  EXPECT_LE(last, 4000u);
}

}  // namespace
}  // namespace zobrist_verify::analysis
