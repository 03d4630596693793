// movegen's engine door with many perft requests in flight (EnginePerft::ask_many): the requests
// reach the engine before the replies to the earlier ones are read; an engine that answers out of
// order in a pipeline is noticed and asked one position at a time, without a false finding; a
// generator bug is still found, pipelined or not. The engine is tests/engines/perft_engine.cpp
// with --late: it holds its replies while more input comes, and logs how many each release held.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "text_patterns.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/movegen.h"

namespace zobrist_verify {
// A namespace of its own: its helpers share names with other files of
// its unity batch (movegen).
namespace perft_pipeline {
namespace {

using testkit::read_file;
using testkit::replace_all;
using testkit::run_cli;
using testkit::RunResult;
using testkit::search;
using testkit::search_all;
using testkit::TempDir;

const std::string Engine = ZV_PERFT_ENGINE;

RunResult movegen(const std::string& engine_args, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"movegen", "--engine", Engine + " " + engine_args, "--positions",
                                "100"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

// The most replies one release of the engine held: the requests it had read before answering.
int most_held(const std::string& log) {
  int most = 0;
  for (const auto& released : search_all(log, "released ([0-9]+)"))
    most = std::max(most, std::stoi(released[1]));
  return most;
}

TEST(PerftPipeline, RequestsReachTheEngineBeforeTheRepliesToTheEarlierOnesAreRead) {
  TempDir dir;
  const std::string log = (dir.path() / "engine.log").string();
  const RunResult r = movegen("--late --log " + log);
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("movegen: PASS"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("in flight ...."), std::string::npos) << r.out;
  EXPECT_GE(most_held(read_file(log)), 8) << read_file(log);
}

TEST(PerftPipeline, InFlightOneAsksOnePositionAtATime) {
  TempDir dir;
  const std::string log = (dir.path() / "engine.log").string();
  const RunResult r = movegen("--late --log " + log, {"--in-flight", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(most_held(read_file(log)), 1) << read_file(log);
}

TEST(PerftPipeline, AnEngineAnsweringOutOfOrderIsNoticedAndAskedAloneWithoutAFalseFinding) {
  const RunResult r = movegen("--late --reorder");
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("movegen: PASS"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("in flight ...."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("differed from the same question asked alone"), std::string::npos) << r.out;
  // The JSON report counts them too; a run without them says 0 and null.
  const RunResult json = movegen("--late --reorder", {"--json"});
  ASSERT_EQ(json.exit_code, 0) << json.out << json.err;
  EXPECT_EQ(json.out.find("\"pipeline_disagreements\": 0"), std::string::npos) << json.out;
  EXPECT_NE(json.out.find("\"first_pipeline_disagreement\": \""), std::string::npos) << json.out;
  const RunResult calm = movegen("--late", {"--json"});
  ASSERT_EQ(calm.exit_code, 0) << calm.out << calm.err;
  EXPECT_NE(calm.out.find("\"pipeline_disagreements\": 0, \"first_pipeline_disagreement\": null"),
            std::string::npos)
      << calm.out;
}

// Stockfish 15.1 with requests in flight now and then prints a total one more than its counts:
// the reply is whole and in step, so only that position is asked again alone, on the same engine.
// (Taken as out of step, each cost an engine start: ten in a run of 20,000 positions.)
TEST(PerftPipeline, ATotalUnlikeItsCountsInFlightIsAskedAloneOnTheSameEngine) {
  TempDir dir;
  const std::string log = (dir.path() / "engine.log").string();
  const RunResult r = movegen("--bug total-in-flight --log " + log, {"--json"});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"divergences\": 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"pipeline_disagreements\": 0"), std::string::npos) << r.out;
  const std::string text = read_file(log);
  // The bug must have shown, or the test says nothing.
  EXPECT_NE(text.find("total off by one"), std::string::npos) << text;
  std::size_t starts = 0;
  for (std::size_t at = text.find("started"); at != std::string::npos;
       at = text.find("started", at + 1))
    ++starts;
  EXPECT_EQ(starts, 1u) << text;
}

TEST(PerftPipeline, AGeneratorBugIsFoundThroughAnOutOfOrderPipeline) {
  const RunResult r = movegen("--late --reorder --bug no-en-passant", {"--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"divergences\": "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"divergences\": 0"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"fault\": {"), std::string::npos) << r.out;
}

TEST(PerftPipeline, TheSameRunFindsTheSameDivergencesPipelinedAndOneAtATime) {
  const RunResult pipelined = movegen("--late --bug no-en-passant", {"--json"});
  const RunResult alone = movegen("--late --bug no-en-passant", {"--json", "--in-flight", "1"});
  EXPECT_EQ(pipelined.exit_code, 1) << pipelined.err;
  // The reports agree but for the time taken.
  const std::string seconds = "\"seconds\": [0-9.e+-]+";
  EXPECT_EQ(replace_all(pipelined.out, seconds, ""), replace_all(alone.out, seconds, ""));
}

// A crash in the middle of a pipeline is the fault of the position that causes it, as when each
// position is asked alone: the same report, the same position.
TEST(PerftPipeline, ACrashMidPipelineIsTheFaultOfThePositionThatCausesIt) {
  const RunResult pipelined = movegen("--late --bug crash-on-en-passant", {"--json"});
  const RunResult alone =
      movegen("--late --bug crash-on-en-passant", {"--json", "--in-flight", "1"});
  EXPECT_EQ(pipelined.exit_code, 1) << pipelined.out << pipelined.err;
  const auto fault = search(pipelined.out,
                            "\"fault\": \\{\"fen\": \"([^\"]*)\", \"chess960\": (true|false), "
                            "\"moves\": \\[([^\\]]*)\\]");
  ASSERT_TRUE(fault) << pipelined.out;
  const testkit::Groups& found = *fault;
  // The position at the end of the fault's route has a legal en-passant capture.
  Game game;
  ASSERT_TRUE(game.set(found[1], polyglot_scheme()).empty()) << found[1];
  const std::string moves = replace_all(found[3], "[\",]", "");
  ASSERT_TRUE(game.play_uci_sequence(moves)) << moves;
  const MoveList legal = legal_moves(game.position());
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](Move m) {
    return m.kind() == MoveKind::EnPassant;
  })) << found[0];
  const std::string seconds = "\"seconds\": [0-9.e+-]+";
  EXPECT_EQ(replace_all(pipelined.out, seconds, ""), replace_all(alone.out, seconds, ""));
}

TEST(PerftPipeline, InFlightOutOfRangeIsAUsageError) {
  const RunResult r = movegen("", {"--in-flight", "0"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("--in-flight"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace perft_pipeline
}  // namespace zobrist_verify
