// Isolation: a target that crashes, aborts or hangs fails the case it died on, confirmed alone and
// shrunk, and the run goes on; a well-behaved target gives the same results in a worker as
// in-process; refused FENs are counted, not failed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "chess/test_targets.h"
#include "isolation/forked_run.h"
#include "isolation/isolation.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {
namespace {

using namespace test_targets;

SuiteOptions isolated(int cases = 100) {
  SuiteOptions options;
  options.cases = cases;
  options.isolate = true;
  options.call_timeout_ms = 300;
  return options;
}

TEST(CallWatch, ARouteWrittenIntoTheWatchReadsBackTheSame) {
  CallWatch watch;
  const Route route{"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", true, {"e2e4", "e8d7", "0000"}};
  watch.write_route(route);
  const Route read = watch.read_route();
  EXPECT_EQ(read.fen, route.fen);
  EXPECT_TRUE(read.chess960);
  EXPECT_EQ(read.moves, route.moves);
}

TEST(CallWatch, MovesLongerThanTheWatchHoldsAreCutWhereItEnds) {
  CallWatch watch;
  watch.write_route(Route{"fen", false, std::vector<std::string>(1000, "e7e8q")});
  // 682 moves and their spaces fill 4092 of the 4095 characters; the 683rd is cut to "e7e".
  const std::vector<std::string> moves = watch.read_route().moves;
  ASSERT_EQ(moves.size(), 683u);
  EXPECT_EQ(moves[681], "e7e8q");
  EXPECT_EQ(moves.back(), "e7e");
}

TEST(ForkedRun, ReturnsWhatTheWorkReturns) {
  const ChildRun run = run_in_child([](CallWatch&) { return std::string("hello"); },
                                    std::chrono::milliseconds(1000));
  EXPECT_EQ(run.end, ChildRun::End::Finished);
  EXPECT_EQ(run.output, "hello");
}

TEST(ForkedRun, ReportsACrashWithTheCallInFlight) {
  const ChildRun run = run_in_child(
      [](CallWatch& watch) {
        WatchedCallScope scope(&watch, "make_move e7e8q", Route{"some fen", false, {"e7e8q"}});
        std::abort();
        return std::string();
      },
      std::chrono::milliseconds(1000));
  EXPECT_EQ(run.end, ChildRun::End::Crashed);
  EXPECT_NE(run.how.find("signal 6"), std::string::npos) << run.how;
  ASSERT_TRUE(run.call);
  EXPECT_EQ(run.call->call, "make_move e7e8q");
  EXPECT_EQ(run.call->route.fen, "some fen");
  EXPECT_EQ(run.call->route.moves, std::vector<std::string>{"e7e8q"});
}

TEST(ForkedRun, KillsACallThatOutlastsTheTimeout) {
  const auto started = std::chrono::steady_clock::now();
  const ChildRun run = run_in_child(
      [](CallWatch& watch) {
        WatchedCallScope scope(&watch, "key", Route{"fen", false, {}});
        std::this_thread::sleep_for(std::chrono::hours(1));
        return std::string();
      },
      std::chrono::milliseconds(200));
  EXPECT_EQ(run.end, ChildRun::End::TimedOut);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(30));
  ASSERT_TRUE(run.call);
  EXPECT_EQ(run.call->call, "key");
}

TEST(Isolation, AWellBehavedTargetPassesEveryPropertyInAWorker) {
  const std::vector<PropertyResult> results =
      run_suite(reference_target(polyglot_scheme()), isolated(50));
  ASSERT_EQ(results.size(), all_properties().size());
  for (const PropertyResult& r : results) {
    EXPECT_TRUE(r.passed) << r.name << ": " << r.note;
    EXPECT_GE(r.cases, 1) << r.name;
    EXPECT_GT(r.tally.fens_given, 0u) << r.name;
  }
}

TEST(Isolation, AnAbortFailsTheCaseShrunkToThePromotionAndTheRunGoesOn) {
  const std::vector<PropertyResult> results =
      run_suite(faulty_target(Fault::AbortOnPromotion), isolated());
  ASSERT_EQ(results.size(), all_properties().size());
  const PropertyResult& first = results.front();
  ASSERT_FALSE(first.passed);
  ASSERT_TRUE(first.counterexample);
  const Counterexample& c = *first.counterexample;
  EXPECT_EQ(c.comparison, Comparison::TargetCrashed);
  EXPECT_NE(c.what.find("crashed in make_move"), std::string::npos) << c.what;
  EXPECT_NE(c.what.find("confirmed"), std::string::npos) << c.what;
  EXPECT_NE(c.target_error.find("signal 6"), std::string::npos) << c.target_error;
  ASSERT_FALSE(c.route.moves.empty());
  EXPECT_EQ(c.route.moves.back().size(), 5u) << "the last move is the promotion";
  EXPECT_LE(c.route.moves.size(), 3u) << format_counterexample(c);
  EXPECT_NE(c.replay.find("zobrist-verify replay --no-isolation --plugin faulty.so --fen '"),
            std::string::npos)
      << c.replay;
  const std::string text = format_counterexample(c);
  std::printf("%s", text.c_str());
  EXPECT_NE(text.find("crashed:"), std::string::npos) << text;
  EXPECT_EQ(text.find("expected:"), std::string::npos) << text;
}

TEST(Isolation, ASegfaultIsReportedAsACrashNotAWrongKey) {
  SuiteOptions options = isolated();
  options.only = {"castling"};
  const std::vector<PropertyResult> results =
      run_suite(faulty_target(Fault::SegfaultOnCastling), options);
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].counterexample);
  EXPECT_EQ(results[0].counterexample->comparison, Comparison::TargetCrashed);
  EXPECT_NE(results[0].counterexample->target_error.find("signal 11"), std::string::npos);
}

TEST(Isolation, AHangIsKilledAndReportedAsATimeout) {
  SuiteOptions options = isolated();
  options.only = {"incremental-equals-full"};
  const std::vector<PropertyResult> results =
      run_suite(faulty_target(Fault::HangOnEnPassantKey), options);
  ASSERT_EQ(results.size(), 1u);
  ASSERT_TRUE(results[0].counterexample);
  const Counterexample& c = *results[0].counterexample;
  EXPECT_EQ(c.comparison, Comparison::TargetTimedOut);
  EXPECT_NE(c.what.find("timed out in key"), std::string::npos) << c.what;
  EXPECT_NE(c.target_error.find("300 ms"), std::string::npos) << c.target_error;
}

TEST(Isolation, RefusedFensAreCountedAndTheirCasesDroppedWhenTolerated) {
  Target target = faulty_target(Fault::RefuseEnPassantFens);
  target.fen_refusals_tolerated = true;
  SuiteOptions options;
  options.only = {"incremental-equals-full"};
  const std::vector<PropertyResult> results = run_suite(target, options);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_TRUE(results[0].passed) << results[0].note;
  EXPECT_GT(results[0].tally.fens_refused, 0u);
  EXPECT_LT(results[0].tally.fens_refused, results[0].tally.fens_given);
  ASSERT_FALSE(results[0].tally.examples.empty());
  EXPECT_NE(results[0].tally.examples[0].find("takes no en-passant squares"), std::string::npos);
}

TEST(Isolation, RefusedFensFailWhenNotTolerated) {
  SuiteOptions options;
  options.only = {"incremental-equals-full"};
  const std::vector<PropertyResult> results =
      run_suite(faulty_target(Fault::RefuseEnPassantFens), options);
  ASSERT_EQ(results.size(), 1u);
  EXPECT_FALSE(results[0].passed);
}

}  // namespace
}  // namespace zobrist_verify::properties
