// --jobs: pieces in forked workers come back in index order whatever order they finish in, a dead
// worker is reported in place of its piece, a stopped run leaves no worker behind, and a suite run
// with several jobs gives the results of a run with one, timings aside.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "chess/test_targets.h"
#include "core/result_codec.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"
#include "zobrist_verify/suite_watch.h"

namespace zobrist_verify::properties {
namespace {

using namespace test_targets;

TEST(RunPieces, OutputsComeBackInIndexOrderWhateverOrderTheyFinishIn) {
  for (int jobs : {1, 2, 4}) {
    std::vector<std::size_t> seen;
    std::vector<std::string> outputs;
    run_pieces(
        6, jobs,
        [](std::size_t i) {
          // The first pieces take longest, so later ones finish first.
          std::this_thread::sleep_for(std::chrono::milliseconds(30 * (6 - int(i))));
          return "piece " + std::to_string(i) + " in " + std::to_string(::getpid());
        },
        [&](std::size_t i, PieceOutput output) {
          seen.push_back(i);
          EXPECT_TRUE(output.has_value());
          outputs.push_back(output ? *output : output.error());
          return true;
        });
    EXPECT_EQ(seen, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5})) << "jobs " << jobs;
    for (std::size_t i = 0; i < outputs.size(); ++i) {
      EXPECT_EQ(outputs[i].rfind("piece " + std::to_string(i) + " in ", 0), 0U) << outputs[i];
      // One job runs here; several run in workers of their own.
      const bool here = outputs[i].ends_with(" in " + std::to_string(::getpid()));
      EXPECT_EQ(here, jobs == 1) << outputs[i];
    }
  }
}

TEST(RunPieces, AWorkerThatDiesIsReportedInPlaceOfItsPieceAndTheOthersGoOn) {
  std::vector<PieceOutput> outputs;
  run_pieces(
      4, 2,
      [](std::size_t i) -> std::string {
        if (i == 1) std::abort();
        return std::to_string(i);
      },
      [&](std::size_t, PieceOutput output) {
        outputs.push_back(std::move(output));
        return true;
      });
  ASSERT_EQ(outputs.size(), 4U);
  EXPECT_EQ(*outputs[0], "0");
  ASSERT_FALSE(outputs[1].has_value());
  EXPECT_NE(outputs[1].error().find("killed by signal 6"), std::string::npos) << outputs[1].error();
  EXPECT_EQ(*outputs[2], "2");
  EXPECT_EQ(*outputs[3], "3");
}

// The pid a worker writes into a shared page before it sleeps is read back after the run: the
// process must be gone (killed and reaped), not left running. (A worker keeps no descriptor of
// ours but its result pipe, so a page it is what it can write to.)
TEST(RunPieces, StoppingTheRunKillsTheWorkersStillRunningAndStartsNoMore) {
  void* page = ::mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  ASSERT_NE(page, MAP_FAILED);
  auto* announced_pids = static_cast<std::atomic<pid_t>*>(page);
  for (int i = 0; i < 8; ++i) new (&announced_pids[i]) std::atomic<pid_t>(0);
  std::vector<std::size_t> reported;
  std::atomic<int> started{0};
  const auto begun = std::chrono::steady_clock::now();
  run_pieces(
      5, 2,
      [&](std::size_t i) -> std::string {
        if (i == 0) {
          // Let piece 1 start and announce itself before the run is stopped.
          std::this_thread::sleep_for(std::chrono::milliseconds(300));
          return "first";
        }
        announced_pids[i].store(::getpid());
        std::this_thread::sleep_for(std::chrono::hours(1));
        return "never";
      },
      [&](std::size_t i, PieceOutput) {
        reported.push_back(i);
        ++started;
        return false;  // the first result stops the run
      });
  const auto took = std::chrono::steady_clock::now() - begun;
  EXPECT_EQ(reported, (std::vector<std::size_t>{0}));
  EXPECT_LT(took, std::chrono::seconds(30));
  int announced = 0;
  for (int i = 0; i < 8; ++i) {
    const pid_t worker = announced_pids[i].load();
    if (worker == 0) continue;
    ++announced;
    EXPECT_EQ(::kill(worker, 0), -1) << "worker " << worker << " outlived the run";
  }
  // Piece 1 started beside piece 0, and piece 2 may have started as piece 0's worker ended,
  // before the run was stopped; pieces 3 and 4 never started.
  EXPECT_GE(announced, 1);
  EXPECT_EQ(announced_pids[3].load(), 0);
  EXPECT_EQ(announced_pids[4].load(), 0);
  ::munmap(page, 4096);
}

TEST(EncodeResults, AListOfResultsRoundTripsAndATruncatedOneIsRefused) {
  PropertyResult a, b;
  a.name = "reversibility";
  a.target = "reference:polyglot";
  a.passed = true;
  a.cases = 12;
  b.name = "castling";
  b.note = "why";
  const std::string bytes = encode_results({a, b});
  const auto back = decode_results(bytes);
  ASSERT_TRUE(back.has_value());
  ASSERT_EQ(back->size(), 2U);
  EXPECT_EQ((*back)[0].name, "reversibility");
  EXPECT_EQ((*back)[0].cases, 12);
  EXPECT_EQ((*back)[1].note, "why");
  for (std::size_t cut = 0; cut < bytes.size(); cut += 7)
    EXPECT_FALSE(decode_results(bytes.substr(0, cut)).has_value()) << cut;
  EXPECT_FALSE(decode_results(bytes + "x").has_value());
}

// A unit's worker that dies (killed from outside, as the OOM killer does) is no verdict on the
// target: the unit runs once more, and a second death is a fault of the run, its row skipped.
TEST(RunUnits, AUnitWhoseWorkerDiesTwiceIsAFaultOfTheRunNotAFailingRow) {
  (void)take_run_faults();
  SuiteUnit fine;
  fine.name = "fine";
  fine.target = "t";
  fine.run = [] {
    PropertyResult r;
    r.name = "fine";
    r.passed = true;
    return std::vector<PropertyResult>{r};
  };
  SuiteUnit dies;
  dies.name = "dies";
  dies.target = "t";
  dies.run = []() -> std::vector<PropertyResult> {
    std::raise(SIGKILL);
    return {};
  };
  const std::vector<PropertyResult> results = run_units({fine, dies, fine}, 2);
  ASSERT_EQ(results.size(), 3U);
  EXPECT_TRUE(results[0].passed);
  EXPECT_EQ(results[1].name, "dies");
  EXPECT_EQ(results[1].target, "t");
  EXPECT_TRUE(results[1].skipped);
  EXPECT_NE(results[1].note.find("not of the target"), std::string::npos) << results[1].note;
  EXPECT_TRUE(results[2].passed);
  const std::vector<std::string> faults = take_run_faults();
  ASSERT_EQ(faults.size(), 1U);
  EXPECT_NE(faults[0].find("killed by signal 9"), std::string::npos) << faults[0];
  EXPECT_NE(faults[0].find("dies on t"), std::string::npos) << faults[0];
}

TEST(RunUnits, AUnitWhoseWorkerIsKilledOnceRunsAgainAndCounts) {
  (void)take_run_faults();
  const std::string marker = ::testing::TempDir() + "zv-killed-once-" + std::to_string(::getpid());
  std::remove(marker.c_str());
  SuiteUnit once;
  once.name = "killed-once";
  once.target = "t";
  once.run = [marker] {
    if (std::FILE* f = std::fopen(marker.c_str(), "r")) {
      std::fclose(f);
      PropertyResult r;
      r.name = "killed-once";
      r.passed = true;
      return std::vector<PropertyResult>{r};
    }
    if (std::FILE* f = std::fopen(marker.c_str(), "w")) std::fclose(f);
    std::raise(SIGKILL);
    return std::vector<PropertyResult>{};
  };
  SuiteUnit other = once;
  other.name = "other";
  other.run = [] { return std::vector<PropertyResult>(1); };
  const std::vector<PropertyResult> results = run_units({other, once}, 2);
  std::remove(marker.c_str());
  ASSERT_EQ(results.size(), 2U);
  EXPECT_TRUE(results[1].passed) << results[1].note;
  EXPECT_TRUE(take_run_faults().empty());
}

TEST(RunUnits, TheWatchCountsEveryUnitWhateverTheJobs) {
  std::vector<SuiteUnit> units(5);
  for (SuiteUnit& unit : units) unit.run = [] { return std::vector<PropertyResult>(1); };
  for (int jobs : {1, 2, 3}) {
    SuiteWatch watch;
    EXPECT_EQ(run_units(units, jobs, &watch).size(), 5U);
    EXPECT_EQ(watch.now().done, 5U) << "jobs " << jobs;
    EXPECT_EQ(watch.now().total, 5U) << "jobs " << jobs;
  }
}

TEST(RunUnits, TheWatchHasTheRowsOfEveryUnitInUnitOrderWhateverTheJobs) {
  std::vector<SuiteUnit> units(3);
  for (std::size_t i = 0; i < units.size(); ++i) {
    units[i].name = "unit-" + std::to_string(i);
    units[i].run = [i] {
      PropertyResult row;
      row.name = "row-" + std::to_string(i);
      row.passed = true;
      return std::vector<PropertyResult>{row, row};
    };
  }
  for (int jobs : {1, 2}) {
    SuiteWatch watch;
    (void)run_units(units, jobs, &watch);
    std::vector<std::string> names;
    for (const PropertyResult& row : watch.so_far("SIGINT").rows) {
      EXPECT_FALSE(row.interrupted);
      names.push_back(row.name);
    }
    EXPECT_EQ(names,
              (std::vector<std::string>{"row-0", "row-0", "row-1", "row-1", "row-2", "row-2"}))
        << "jobs " << jobs;
  }
}

// A run stopped with one unit ended, one at work and one waiting: the first's rows, then a row
// for each of the others saying how far it got.
TEST(SuiteWatch, TheRowsOfARunStoppedHalfwaySayHowFarEachUnitGot) {
  SuiteWatch watch;
  std::vector<PropertyResult> names(3);
  names[0].name = "castling";
  names[1].name = "zero-keys";
  names[2].name = "side-to-move";
  watch.expect_units(names);
  watch.unit_started(0);
  PropertyResult castling = names[0];
  castling.passed = true;
  watch.unit_done(0, {castling});
  watch.unit_started(1);
  watch.property_started("zero-keys", 300);
  for (int i = 0; i < 37; ++i) watch.case_passed();
  const std::vector<PropertyResult> rows = watch.so_far("SIGTERM").rows;
  ASSERT_EQ(rows.size(), 3U);
  EXPECT_TRUE(rows[0].passed);
  EXPECT_FALSE(rows[0].interrupted);
  EXPECT_TRUE(rows[1].interrupted);
  EXPECT_EQ(rows[1].note, "stopped by SIGTERM after 37 of 300 cases passed");
  EXPECT_TRUE(rows[2].interrupted);
  EXPECT_EQ(rows[2].note, "stopped by SIGTERM before it started");
  EXPECT_EQ(watch.now().property, "zero-keys");
  EXPECT_EQ(watch.now().cases, 37U);
}

TEST(SuiteWatch, AFailureFoundWhileTheSearchGoesOnIsShownAsAFailure) {
  SuiteWatch watch;
  std::vector<PropertyResult> names(1);
  names[0].name = "castling";
  watch.expect_units(names);
  watch.unit_started(0);
  PropertyResult failed = names[0];
  failed.counterexample = Counterexample{};
  watch.unit_failed_so_far(0, failed);
  const std::vector<PropertyResult> rows = watch.so_far("SIGINT").rows;
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_TRUE(rows[0].counterexample.has_value());
  EXPECT_FALSE(rows[0].passed);
  EXPECT_EQ(rows[0].note,
            "stopped by SIGINT while searching its budget for failures of other causes");
}

// Everything but the time a property took.
std::string without_seconds(std::vector<PropertyResult> results) {
  for (PropertyResult& r : results) r.seconds = 0;
  return encode_results(results);
}

TEST(RunSuite, SeveralJobsGiveTheResultsOfOne) {
  SuiteOptions options;
  options.cases = 30;
  const std::string one = without_seconds(run_suite(reference_target(polyglot_scheme()), options));
  options.jobs = 3;
  EXPECT_EQ(without_seconds(run_suite(reference_target(polyglot_scheme()), options)), one);
}

// Isolated properties (a plugin's) run from threads, each forking its own workers: a crash is
// still confirmed, shrunk and reported the same way.
TEST(RunSuite, IsolatedPropertiesOfACrashingTargetGiveTheSameResultsWithSeveralJobs) {
  SuiteOptions options;
  options.cases = 40;
  options.isolate = true;
  options.call_timeout_ms = 2000;
  options.only = {"incremental-equals-full", "reversibility", "castling", "side-to-move"};
  const Target target = faulty_target(Fault::SegfaultOnCastling);
  const std::vector<PropertyResult> one = run_suite(target, options);
  options.jobs = 2;
  const std::vector<PropertyResult> two = run_suite(target, options);
  EXPECT_EQ(without_seconds(two), without_seconds(one));
  bool crashed = false;
  for (const PropertyResult& r : two)
    crashed |= r.counterexample && r.counterexample->comparison == Comparison::TargetCrashed;
  EXPECT_TRUE(crashed) << "the castling segfault should fail a property";
}

}  // namespace
}  // namespace zobrist_verify::properties
