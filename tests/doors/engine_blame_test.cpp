// Who owns an engine's fault: a fault a fresh engine does not repeat on the same position is the
// engine's as a program (one engine-faults row, no property failing), one it repeats alone is the
// position's, a refusal that ends the process is a refusal, an engine that cannot be kept going
// is the run's (exit 2), and every message quotes what the engine last said. Against the fake
// engine of tests/engines/fake_uci_engine.py, which wraps Stockfish; skips without them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.h"
#include "test_support.h"

namespace {

using zobrist_verify::testkit::run_cli;
using zobrist_verify::testkit::RunResult;

std::string stockfish_path() {
  const char* path = std::getenv("ZV_STOCKFISH");
  return path ? path : "/usr/games/stockfish";
}

#define REQUIRE_STOCKFISH()                                                                       \
  if (!std::filesystem::exists(stockfish_path()) || !std::filesystem::exists("/usr/bin/python3")) \
  GTEST_SKIP() << "needs " << stockfish_path() << " and python3 (ci/setup installs them)"

RunResult check_fake(const std::string& mode, std::vector<std::string> extra) {
  std::vector<std::string> args{"check", "--engine",
                                std::string(ZV_ENGINES_DIR) + "/fake_uci_engine.py " + mode};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

using zv_test::count_of;

const char* const OneProperty = "incremental-equals-full";

// --- the engine's history, not the position --------------------------------------------------

TEST(EngineBlame, ACrashThatDependsOnTheProcesssHistoryIsOneFaultRow) {
  REQUIRE_STOCKFISH();
  const RunResult r = check_fake(
      "crash-after 60", {"--property", OneProperty, "--cases", "5", "--timeout", "2000", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
  EXPECT_NE(r.out.find("crashed"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the fault depends on what the process did before"), std::string::npos)
      << r.out;
  EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
}

TEST(EngineBlame, AReplyThatTimesOutOnceIsAskedAgainAndIsNotAFailedProperty) {
  REQUIRE_STOCKFISH();
  const RunResult r = check_fake(
      "hang-after 60", {"--property", OneProperty, "--cases", "5", "--timeout", "500", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
  EXPECT_NE(r.out.find("timed out"), std::string::npos) << r.out;
  EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
}

TEST(EngineBlame, AnEngineThatFailsSoonAfterEveryRestartIsAnErrorOfTheRun) {
  REQUIRE_STOCKFISH();
  // It hangs at its fifth position in every process: the run stops after a few restarts,
  // within seconds, instead of spending the restart budget one deadline at a time.
  const RunResult r =
      check_fake("hang-after 5", {"--property", OneProperty, "--cases", "200", "--timeout", "300"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("cannot be used"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("restarts"), std::string::npos) << r.err;
}

// --- refusals and faults named as what they are ----------------------------------------------

TEST(EngineBlame, StockfishNineteensCriticalErrorIsARefusalNotACrash) {
  REQUIRE_STOCKFISH();
  const RunResult r =
      check_fake("critical-some", {"--property", OneProperty, "--cases", "10", "--json"});
  EXPECT_EQ(r.out.find("target-crashed"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\"name\": \"engine-faults\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("refused"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CRITICAL ERROR"), std::string::npos) << r.out;
}

TEST(EngineBlame, AnEngineThatLosesItsInputAfterARefusalHasNoOtherRequestsRepliesTaken) {
  REQUIRE_STOCKFISH();
  // As Stockfish 19's WebAssembly port: after the critical error it answers the commands of its
  // next reads, so that, read in order, the replies after it would answer later requests (another
  // position shown, or a reply missing at the end, a timeout).
  const RunResult r = check_fake(
      "critical-drops-input", {"--property", "castling,side-to-move", "--cases", "10", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find("\"name\": \"engine-faults\""), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("holds another position"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("CRITICAL ERROR"), std::string::npos) << r.out;
}

TEST(EngineBlame, AnEngineWithoutTheKeyCommandIsToldSoNotDesynchronised) {
  REQUIRE_STOCKFISH();
  const RunResult r = check_fake("no-d", {"--property", OneProperty, "--cases", "5"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("printed no line matching the key pattern"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("desynchronised"), std::string::npos) << r.err;
}

TEST(EngineBlame, AComplaintAboutTheKeyCommandIsNotARefusalOfThePosition) {
  REQUIRE_STOCKFISH();
  const RunResult r = check_fake("unknown-d", {"--property", OneProperty, "--cases", "5"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("does not know the key command 'd'"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("refused the position"), std::string::npos) << r.err;
}

TEST(EngineBlame, AnEngineThatDiesQuotesItsLastWords) {
  REQUIRE_STOCKFISH();
  const RunResult r = check_fake("last-words-d", {"--property", OneProperty, "--cases", "5"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("Error (unknown command): d"), std::string::npos) << r.err;
}

// A --jobs worker whose own engine does not start (tried twice) is the run's fault, exit 2, never
// a fault on a position or a failed move generator.
TEST(EngineBlame, AWorkersEngineThatDoesNotStartIsAnErrorOfTheRun) {
  REQUIRE_STOCKFISH();
  const std::string marker = ::testing::TempDir() + "zv-start-once-" + std::to_string(::getpid());
  std::remove(marker.c_str());
  // The test engine starts once; every later start exits with status 3 before a word.
  const std::string starts_once = "/bin/sh -c 'test -e " + marker + " && exit 3; : > " + marker +
                                  "; exec " + ZV_PERFT_ENGINE + "' start-once";
  const RunResult r = run_cli(
      {"movegen", "--engine", starts_once, "--positions", "20", "--depth", "1", "--jobs", "2"});
  std::remove(marker.c_str());
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("did not start, twice"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find("fault at fen"), std::string::npos) << r.out;
}

// --- deadlines from --timeout ----------------------------------------------------------------

TEST(EngineBlame, TheFirstIsreadyGetsTheHandshakesTime) {
  REQUIRE_STOCKFISH();
  // Three seconds to clear a hash table, against a 500 ms reply deadline: the handshake's
  // max(10 s, 5 x --timeout) covers it.
  const RunResult r = check_fake("slow-first-isready 3",
                                 {"--property", OneProperty, "--cases", "5", "--timeout", "500"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

}  // namespace
