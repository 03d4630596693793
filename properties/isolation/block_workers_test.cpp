// The one runner of blocks in forked workers (zobrist_verify/block_workers.h): outputs reach the
// merge in block order whoever sent them and whenever, the lowest fault wins, a worker that dies
// leaves the blocks it sent and its death in place of the block it held, a worker that cannot run
// says why, stopping the run kills what still runs, and the calling thread plays the blocks
// nobody took.
#include "zobrist_verify/block_workers.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace zobrist_verify::properties {
namespace {

using namespace std::chrono_literals;

// What the merge saw, one line a block: "3 sent: ...", "3 died: ...", "3 not run: ...".
std::string line(std::uint64_t block, const BlockOutput& output) {
  const std::string at = std::to_string(block);
  switch (output.kind) {
    case BlockOutput::Kind::Sent:
      return at + " sent: " + output.bytes;
    case BlockOutput::Kind::Died:
      return at + " died: " + output.fault->words;
    case BlockOutput::Kind::NotRun:
      break;
  }
  if (!output.fault) return at + " not run";
  return at + " not run: " + (output.fault->could_not_run ? "could not run, " : "") +
         output.fault->words;
}

// Waits until a worker has written its pid into `sleeper` (10 s at most).
void await_sleeper(const std::atomic<pid_t>& sleeper) {
  for (int i = 0; i < 1000 && sleeper.load() == 0; ++i) std::this_thread::sleep_for(10ms);
}

// The merge that notes every block and goes on.
BlockWorkerHooks noting(std::vector<std::string>& seen) {
  BlockWorkerHooks hooks;
  hooks.merge = [&seen](std::uint64_t block, BlockOutput output) {
    seen.push_back(line(block, output));
    return true;
  };
  return hooks;
}

TEST(BlockWorkers, OutputsReachTheMergeInBlockOrderWhoeverSentThem) {
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.work = [](BlockSource& source) -> Expected<Done> {
    while (const std::optional<std::uint64_t> b = source.take()) {
      // The first blocks take longest, so later ones are sent first.
      std::this_thread::sleep_for(std::chrono::milliseconds(10 * (8 - int(*b))));
      (void)source.send(*b, "block " + std::to_string(*b));
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 8;
  plan.workers = 3;
  run_block_workers(plan, hooks);
  EXPECT_EQ(seen, (std::vector<std::string>{"0 sent: block 0", "1 sent: block 1", "2 sent: block 2",
                                            "3 sent: block 3", "4 sent: block 4", "5 sent: block 5",
                                            "6 sent: block 6", "7 sent: block 7"}));
}

// Blocks 1 and 3 end in faults, block 3's found first: the merge meets block 1's first, and no
// block past 3 is begun once block 3's fault is sent (two workers: one holds 1 meanwhile).
TEST(BlockWorkers, TheLowestFaultWinsAndNoBlockPastAFaultIsBegun) {
  SharedObjects<std::atomic<std::uint64_t>> highest_taken;
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.merge = [&seen](std::uint64_t block, BlockOutput output) {
    seen.push_back(line(block, output));
    return output.bytes.find("fault") == std::string::npos;
  };
  hooks.work = [&](BlockSource& source) -> Expected<Done> {
    while (const std::optional<std::uint64_t> b = source.take()) {
      for (std::uint64_t was = highest_taken->load();
           *b > was && !highest_taken->compare_exchange_weak(was, *b);) {
      }
      if (*b == 1) std::this_thread::sleep_for(300ms);
      const bool fault = *b == 1 || *b == 3;
      (void)source.send(*b, fault ? "fault" : "fine", fault);
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 100;
  plan.workers = 2;
  run_block_workers(plan, hooks);
  EXPECT_EQ(seen, (std::vector<std::string>{"0 sent: fine", "1 sent: fault"}));
  EXPECT_LE(highest_taken->load(), 3U);
}

// One worker sends blocks 0 and 1 and aborts in block 2: the merge gets both, then the death, and
// block 3, which nobody took, as not run (the worker failed inside a block, not outside).
TEST(BlockWorkers, AWorkerThatDiesLeavesTheBlocksItSentAndItsDeathAtTheBlockItHeld) {
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.work = [](BlockSource& source) -> Expected<Done> {
    while (const std::optional<std::uint64_t> b = source.take()) {
      if (*b == 2) std::abort();
      (void)source.send(*b, "block " + std::to_string(*b));
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 4;
  plan.workers = 1;
  run_block_workers(plan, hooks);
  EXPECT_EQ(seen, (std::vector<std::string>{
                      "0 sent: block 0", "1 sent: block 1",
                      "2 died: crashed in its worker: killed by signal 6 (Aborted)", "3 not run"}));
}

// With death_ends_run the death is the run's fault at that block: a worker holding a later block
// is stopped (killed, not waited for), and the merge still gets the blocks before.
TEST(BlockWorkers, ADeathThatEndsTheRunStopsTheWorkersHoldingLaterBlocks) {
  SharedObjects<std::atomic<pid_t>> sleeper;
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.merge = [&seen](std::uint64_t block, BlockOutput output) {
    seen.push_back(line(block, output));
    return output.kind == BlockOutput::Kind::Sent;
  };
  hooks.work = [&](BlockSource& source) -> Expected<Done> {
    while (const std::optional<std::uint64_t> b = source.take()) {
      if (*b == 0) (void)source.send(0, "fine");
      if (*b == 1) {
        await_sleeper(*sleeper);  // the other worker holds block 2
        std::abort();
      }
      if (*b == 2) {
        sleeper->store(::getpid());
        std::this_thread::sleep_for(std::chrono::hours(1));
      }
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 10;
  plan.workers = 2;
  plan.death_ends_run = true;
  const auto begun = std::chrono::steady_clock::now();
  run_block_workers(plan, hooks);
  EXPECT_LT(std::chrono::steady_clock::now() - begun, 30s);
  EXPECT_EQ(seen,
            (std::vector<std::string>{
                "0 sent: fine", "1 died: crashed in its worker: killed by signal 6 (Aborted)"}));
  ASSERT_NE(sleeper->load(), 0);
  EXPECT_EQ(::kill(sleeper->load(), 0), -1) << "the worker holding block 2 outlived the run";
}

TEST(BlockWorkers, AWorkerThatCannotRunSaysWhyWhereItsBlocksWouldBe) {
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.work = [](BlockSource&) -> Expected<Done> { return Error{"the engine did not start"}; };
  BlockWorkerPlan plan;
  plan.blocks = 1;
  plan.workers = 2;
  run_block_workers(plan, hooks);
  EXPECT_EQ(seen, (std::vector<std::string>{"0 not run: could not run, the engine did not start"}));
}

// The merge refuses more after block 0: the worker sleeping in block 1 is killed and reaped.
TEST(BlockWorkers, StoppingTheRunKillsTheWorkersStillRunning) {
  SharedObjects<std::atomic<pid_t>> sleepers(5);
  std::vector<std::string> seen;
  BlockWorkerHooks hooks = noting(seen);
  hooks.merge = [&seen](std::uint64_t block, BlockOutput output) {
    seen.push_back(line(block, output));
    return false;
  };
  hooks.work = [&](BlockSource& source) -> Expected<Done> {
    while (const std::optional<std::uint64_t> b = source.take()) {
      if (*b == 0) {
        await_sleeper(sleepers[1]);  // the other worker sleeps in block 1
        (void)source.send(0, "first");
        continue;
      }
      sleepers[*b].store(::getpid());
      std::this_thread::sleep_for(std::chrono::hours(1));
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 5;
  plan.workers = 2;
  const auto begun = std::chrono::steady_clock::now();
  run_block_workers(plan, hooks);
  EXPECT_LT(std::chrono::steady_clock::now() - begun, 30s);
  EXPECT_EQ(seen, (std::vector<std::string>{"0 sent: first"}));
  ASSERT_NE(sleepers[1].load(), 0);
  for (std::size_t b = 1; b < 5; ++b) {
    if (const pid_t pid = sleepers[b].load(); pid != 0) {
      EXPECT_EQ(::kill(pid, 0), -1) << "the worker of block " << b << " outlived the run";
    }
  }
}

// The sweep's shape: the calling thread plays block 0 and every block nobody took, and forks a
// worker a block beside it. Every block reaches the merge once, in order.
TEST(BlockWorkers, TheCallingThreadPlaysTheBlocksNobodyTookAndWorkersTakeOneEach) {
  const pid_t me = ::getpid();
  std::vector<std::string> seen;
  BlockWorkerHooks hooks;
  hooks.here = [&](std::uint64_t b) {
    seen.push_back(std::to_string(b) + " here");
    std::this_thread::sleep_for(20ms);
    return true;
  };
  hooks.ahead = [&](std::uint64_t b) {
    std::this_thread::sleep_for(20ms);
    return "ahead " + std::to_string(b);
  };
  hooks.merge = [&](std::uint64_t b, BlockOutput output) {
    EXPECT_EQ(output.kind, BlockOutput::Kind::Sent) << line(b, output);
    seen.push_back(std::to_string(b) + " " + output.bytes.substr(0, output.bytes.find(' ')));
    return true;
  };
  SharedObjects<std::atomic<int>> forked_blocks, most_in_one_worker;
  hooks.work = [&](BlockSource& source) -> Expected<Done> {
    int taken = 0;
    while (const std::optional<std::uint64_t> b = source.take()) {
      ++taken;
      if (::getpid() != me) ++*forked_blocks;
      std::this_thread::sleep_for(20ms);
      (void)source.send(*b, "worker " + std::to_string(*b));
    }
    for (int most = most_in_one_worker->load();
         taken > most && !most_in_one_worker->compare_exchange_weak(most, taken);) {
    }
    return Done{};
  };
  BlockWorkerPlan plan;
  plan.blocks = 12;
  plan.workers = 2;
  plan.worker_per_block = true;
  plan.window = 3;
  run_block_workers(plan, hooks);
  ASSERT_EQ(seen.size(), 12U);
  EXPECT_EQ(seen[0], "0 here");
  for (std::size_t b = 0; b < seen.size(); ++b) {
    const std::string at = std::to_string(b) + " ";
    EXPECT_EQ(seen[b].rfind(at, 0), 0U) << seen[b];
    const std::string who = seen[b].substr(at.size());
    EXPECT_TRUE(who == "here" || who == "ahead" || who == "worker") << seen[b];
  }
  EXPECT_GE(forked_blocks->load(), 1);
  EXPECT_EQ(most_in_one_worker->load(), 1);
}

}  // namespace
}  // namespace zobrist_verify::properties
