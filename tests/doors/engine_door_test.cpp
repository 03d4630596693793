// `check --engine` and `replay --engine` against the real Stockfish 15.1 and Fairy-Stockfish 11.1,
// and against fake engines (tests/engines/fake_uci_engine.py) that fail in every way the door
// must survive: an engine that cannot be used is an error (exit 2); a fault on one position is a
// failure blamed on that position (exit 1); nothing is left running afterwards.
// Needs /usr/games/stockfish (or ZV_STOCKFISH) and python3; skips without them.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::processes_left_with;
using testkit::processes_with;
using testkit::run_cli;
using testkit::RunResult;
using testkit::ScopedEnvironment;
using testkit::TempDir;
using testkit::unique_marker;
namespace fs = std::filesystem;

std::string stockfish_path() {
  const char* path = std::getenv("ZV_STOCKFISH");
  return path ? path : "/usr/games/stockfish";
}

const std::string FakeEngine = std::string(ZV_ENGINES_DIR) + "/fake_uci_engine.py";

bool have(const std::string& path) {
  return fs::exists(path);
}

#define REQUIRE_STOCKFISH()                                 \
  if (!have(stockfish_path()) || !have("/usr/bin/python3")) \
  GTEST_SKIP() << "needs " << stockfish_path() << " and python3 (ci/setup installs them)"

// The fake engine with a mode and a marker word unique to this test, to find its leftovers.
std::string fake(const std::string& mode, const std::string& marker) {
  return FakeEngine + " " + mode + " " + marker;
}

// --- engines that cannot be used: exit 2 and one error line -----------------------------------

struct Unusable {
  std::string mode;
  std::string says;  // in the error line
};

class UnusableEngine : public ::testing::TestWithParam<Unusable> {};

TEST_P(UnusableEngine, IsAUsageErrorThatSaysWhy) {
  REQUIRE_STOCKFISH();
  const std::string marker = unique_marker(GetParam().mode);
  const RunResult r = run_cli(
      {"check", "--engine", fake(GetParam().mode, marker), "--timeout", "1000", "--cases", "5"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(GetParam().says), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_EQ(processes_left_with(marker), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, UnusableEngine,
    ::testing::Values(Unusable{"exit-at-start", "closed its output (exited with status 3)"},
                      Unusable{"crash-at-start", "killed by signal 11"},
                      Unusable{"no-uciok", "did not send 'uciok'"},
                      Unusable{"no-key", "gave no key for the start position"}),
    [](const auto& info) {
      std::string name = info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// --- faults on some positions: exit 1, blamed on the position -------------------------------

struct PositionFault {
  std::string mode;
  std::string comparison;  // in the JSON counterexample
  std::string says;        // in the target's message
};

class FaultOnPromotion : public ::testing::TestWithParam<PositionFault> {};

TEST_P(FaultOnPromotion, FailsTheCaseAtThePromotion) {
  REQUIRE_STOCKFISH();
  const std::string marker = unique_marker(GetParam().mode);
  // The failing case as found: shrinking it would ask the engine again some 30,000 times.
  const ScopedEnvironment no_shrinking("RC_PARAMS", "noshrink=1");
  const RunResult r =
      run_cli({"check", "--engine", fake(GetParam().mode, marker), "--timeout", "1000",
               "--property", "incremental-equals-full", "--cases", "30", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"comparison\": \"" + GetParam().comparison + "\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(GetParam().says), std::string::npos) << r.out;
  // The fake fails only when a position command plays a promotion: the reproduction ends with
  // one (a five-letter move as the last of the list).
  const std::size_t moves = r.out.find("\"moves\": [");
  ASSERT_NE(moves, std::string::npos) << r.out;
  const std::size_t end = r.out.find(']', moves);
  const std::size_t last = r.out.rfind('"', r.out.rfind('"', end) - 1);
  EXPECT_EQ(r.out.rfind('"', end) - last - 1, 5u) << r.out.substr(moves, end - moves);
  EXPECT_EQ(processes_left_with(marker), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, FaultOnPromotion,
    ::testing::Values(
        PositionFault{"crash-on-promotion", "target-crashed", "killed by signal 11"},
        PositionFault{"hang-on-promotion", "target-timed-out", "within 1000 ms"},
        PositionFault{"garbage-on-promotion", "target-error", "'not-a-key' is not hexadecimal"},
        PositionFault{"flood-on-promotion", "target-crashed", "lines without 'readyok'"},
        // No line from an engine may crash the tool, nor be judged by its head: a line longer
        // than a kilobyte matches no pattern.
        PositionFault{"long-key-on-promotion", "target-error",
                      "(a line of 40005 bytes: longer than the 1024 a pattern matches)"},
        PositionFault{"huge-line-on-promotion", "target-crashed", "longer than 1048576 bytes"},
        PositionFault{"endless-line-on-promotion", "target-crashed", "longer than 1048576 bytes"}),
    [](const auto& info) {
      std::string name = info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// --- engines that refuse positions: counted refusals, never statements about keys -----------

int count_of(const std::string& text, const std::string& part) {
  int n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// Properties that give the engine many FENs, some with an en-passant square, and play moves.
const char* const RefusalProperties = "incremental-equals-full,en-passant,castling";

// Every property an engine is judged by but the sweep (unequal-positions-unequal-keys), which asks
// 100,000 positions or more whatever the cases.
const char* const AllButTheSweep =
    "incremental-equals-full,equal-positions-equal-keys,en-passant,castling,side-to-move,zero-keys";

TEST(EngineRefusals, AnErrorLineIsACountedRefusalNotAKeyFailure) {
  REQUIRE_STOCKFISH();
  // One FEN in 40 is answered "Error in FEN at character N", and the key of the old position.
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " refuse-some", "--property",
                               RefusalProperties, "--cases", "20"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("refused "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("it printed 'Error in FEN at character "), std::string::npos) << r.out;
}

TEST(EngineRefusals, TooManyRefusalsFailOnlyTheRefusalRule) {
  REQUIRE_STOCKFISH();
  // Every FEN with an en-passant square is refused, as Glaurung 2.2 refuses some.
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " refuse-en-passant", "--property",
                               RefusalProperties, "--cases", "20", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "\"status\": \"fail\""), 1) << r.out;
  EXPECT_NE(r.out.find("{\"name\": \"refusals\", \"target\": \"engine:Stockfish 15.1\", "
                       "\"status\": \"fail\""),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("Error in FEN at character "), std::string::npos) << r.out;
}

TEST(EngineConventions, ASplitEnPassantRuleIsOneFailureAndEverythingElsePasses) {
  REQUIRE_STOCKFISH();
  // The sweep's 100,000 positions through the proxy would take half a minute.
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " split-en-passant", "--cases",
                               "30", "--property", AllButTheSweep});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("conventions: en passant fen=always,move=pseudo-legal"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(", 1 failed,"), std::string::npos) << r.out;
  const std::size_t row = r.out.find(" en-passant .");
  ASSERT_NE(row, std::string::npos) << r.out;
  EXPECT_LT(r.out.find(" FAIL", row), r.out.find('\n', row)) << r.out;
}

// A run limited to some properties reports only those (issue 39, section 3): the split rule's
// en-passant row is not shown, nor does it fail the run, when en-passant is not asked for.
TEST(EngineConventions, ASplitEnPassantRuleIsNotReportedWhenOnlyCastlingIsAsked) {
  REQUIRE_STOCKFISH();
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " split-en-passant", "--cases",
                               "20", "--property", "castling"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out.find(" en-passant ."), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" conventions ."), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("check: 1 passed, 0 failed, 0 skipped"), std::string::npos) << r.out;
}

TEST(EngineRefusals, AnotherPositionShownIsACountedRefusal) {
  REQUIRE_STOCKFISH();
  // One FEN in 40 is ignored without a word: `d` shows the position the engine kept.
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " wrong-fen", "--property",
                               RefusalProperties, "--cases", "20"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("holds another position than 'position fen "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("it printed 'Fen: "), std::string::npos) << r.out;
}

// --- replies out of step: one fault of the engine quoting the stray line -----------------------

TEST(EngineDesync, AStrayReadyokIsAFaultNotAStatementAboutKeys) {
  REQUIRE_STOCKFISH();
  const std::string marker = unique_marker("stray-readyok");
  // The failing cases as found: shrinking them would restart the engine at each stray line.
  const ScopedEnvironment no_shrinking("RC_PARAMS", "noshrink=1");
  const RunResult r = run_cli({"check", "--engine", fake("stray-readyok 300", marker), "--property",
                               RefusalProperties, "--cases", "20", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("desynchronised: it printed 'readyok'"), std::string::npos) << r.out;
  // One fault of the engine as a program (a fresh engine answered the positions); no property
  // fails for it, and none compares keys.
  EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
  EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
  EXPECT_EQ(processes_left_with(marker), 0);
}

struct StrayLine {
  std::string mode;
  std::string quoted;  // in the desync fault; "" when the line is harmless
};

class StrayLineMidRun : public ::testing::TestWithParam<StrayLine> {};

TEST_P(StrayLineMidRun, IsIgnoredOrADesyncFaultNeverAStatementAboutKeys) {
  REQUIRE_STOCKFISH();
  const std::string marker = unique_marker(GetParam().mode);
  const ScopedEnvironment no_shrinking("RC_PARAMS", "noshrink=1");  // as in AStrayReadyok...
  const RunResult r = run_cli({"check", "--engine", fake(GetParam().mode + " 300", marker),
                               "--property", RefusalProperties, "--cases", "20", "--json"});
  if (GetParam().quoted.empty()) {
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
  } else {
    // One engine-faults row quoting the stray line; no property fails for it.
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
    EXPECT_NE(r.out.find(GetParam().quoted), std::string::npos) << r.out;
    EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
  }
  EXPECT_EQ(processes_with(marker), 0);
}

INSTANTIATE_TEST_SUITE_P(Strays, StrayLineMidRun,
                         ::testing::Values(StrayLine{"stray-key", "'Key: "},
                                           StrayLine{"stray-fen", "'Fen: "},
                                           StrayLine{"stray-bestmove", ""},
                                           StrayLine{"stray-info", ""}),
                         [](const auto& info) {
                           std::string name = info.param.mode;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(EngineDesync, AStrayReadyokAtTheHandshakeMakesTheEngineUnusable) {
  REQUIRE_STOCKFISH();
  const std::string marker = unique_marker("stray-readyok-1");
  const RunResult r =
      run_cli({"check", "--engine", fake("stray-readyok 1", marker), "--cases", "5"});
  // Before any key has come, an empty reply cannot be told from an engine without the key
  // command (Toga II answers 'd' with nothing): the start position has no key, exit 2.
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("printed no line matching the key pattern"), std::string::npos) << r.err;
  EXPECT_EQ(processes_left_with(marker), 0);
}

// --- engines that work ------------------------------------------------------------------------

// Whether python3 reads `text` as strict JSON (`json`) or XML (`xml`).
bool python_reads(const std::string& kind, const std::string& text) {
  TempDir dir;
  const fs::path file = dir.path() / "report";
  testkit::write_file(file, text);
  const std::string reader = kind == "json" ? "import json,sys; json.load(open(sys.argv[1]))"
                                            : "import sys, xml.etree.ElementTree as E; "
                                              "E.parse(sys.argv[1])";
  return std::system(("/usr/bin/python3 -c '" + reader + "' " + file.string()).c_str()) == 0;
}

TEST(EngineDoor, AnIdNameWithControlAndInvalidBytesIsShownEscapedInEveryReport) {
  REQUIRE_STOCKFISH();
  TempDir dir;
  const fs::path junit = dir.path() / "junit.xml";
  const std::vector<std::string> run{
      "check", "--engine", FakeEngine + " odd-name", "--property", "side-to-move", "--cases", "5"};
  std::vector<std::string> json_run = run;
  json_run.insert(json_run.end(), {"--json", "--junit", junit.string()});
  const RunResult json = run_cli(json_run);
  EXPECT_EQ(json.exit_code, 0) << json.out << json.err;
  EXPECT_TRUE(python_reads("json", json.out)) << json.out;
  EXPECT_TRUE(python_reads("xml", testkit::read_file(junit)));
  // One form in every report: the bytes as \xNN, valid UTF-8 (the e acute) kept.
  const std::string shown = "Stock\\xff\\xfefish\\x01\\x1b[0m \xc3\xa9";
  EXPECT_NE(json.out.find("engine:" + std::string("Stock\\\\xff")), std::string::npos) << json.out;
  EXPECT_NE(testkit::read_file(junit).find(shown), std::string::npos);
  const RunResult text = run_cli(run);
  EXPECT_NE(text.out.find(shown), std::string::npos) << text.out;
}

TEST(EngineDoor, RunsTheProgramWithoutAShell) {
  REQUIRE_STOCKFISH();
  TempDir dir;
  const fs::path witness = dir.path() / "a-shell-ran-this";
  const std::string marker = unique_marker("no-shell");
  // A shell would run the substitution and create the file; the engine gets the text as a word.
  const RunResult r =
      run_cli({"check", "--engine",
               FakeEngine + " proxy " + marker + " '$(touch " + witness.string() + ")' \"; touch " +
                   witness.string() + "\"",
               "--cases", "10", "--expect", "stockfish", "--property", "side-to-move"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_FALSE(fs::exists(witness));
  EXPECT_EQ(processes_left_with(marker), 0);
}

TEST(EngineDoor, KeyCommandAndPatternReadAKeyPrintedAnotherWay) {
  REQUIRE_STOCKFISH();
  const RunResult r =
      run_cli({"check", "--engine", FakeEngine + " hashkey", "--key-command", "hashkey",
               "--key-pattern", "^hash=0x([0-9a-f]+)$", "--expect", "stockfish", "--cases", "20",
               "--property", "incremental-equals-full"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // Without them the door finds no key at the start position.
  const RunResult default_key = run_cli({"check", "--engine", FakeEngine + " hashkey"});
  EXPECT_EQ(default_key.exit_code, 2) << default_key.out;
}

// What the door sent, as position commands: their FEN fields and move tails.
struct Sent {
  int positions = 0;
  int halfmove_14_or_more = 0;
  int en_passant_square = 0;
  int castling_moves = 0;
  int promotions = 0;
  int chess960 = 0;
};

Sent read_transcript(const fs::path& path) {
  Sent sent;
  std::ifstream in(path);
  bool chess960 = false;
  for (std::string line; std::getline(in, line);) {
    if (line == "setoption name UCI_Chess960 value true") chess960 = true;
    if (line == "setoption name UCI_Chess960 value false") chess960 = false;
    if (line.rfind("position fen ", 0) != 0) continue;
    ++sent.positions;
    sent.chess960 += chess960;
    std::istringstream words(line.substr(13));
    std::string board, side, castling, en_passant, halfmove;
    words >> board >> side >> castling >> en_passant >> halfmove;
    int clock = std::atoi(halfmove.c_str());
    if (en_passant != "-") ++sent.en_passant_square;
    std::string word;
    words >> word;  // fullmove number
    bool counted_castling = false, counted_promotion = false;
    while (words >> word) {
      if (word == "moves") continue;
      ++clock;
      if (!counted_castling && !chess960 &&
          (word == "e1g1" || word == "e1c1" || word == "e8g8" || word == "e8c8")) {
        ++sent.castling_moves;
        counted_castling = true;
      }
      if (!counted_promotion && word.size() == 5) {
        ++sent.promotions;
        counted_promotion = true;
      }
    }
    if (clock >= 14) ++sent.halfmove_14_or_more;
  }
  return sent;
}

TEST(EngineTranscript, AWriteFailureDuringTheRunIsOneErrorNamingThePathAndExit2) {
  REQUIRE_STOCKFISH();
  const RunResult r = run_cli({"check", "--engine", FakeEngine + " ok", "--property",
                               "side-to-move", "--cases", "5", "--transcript", "/dev/full"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.out.find("side-to-move"), std::string::npos) << r.out;  // the report is printed
  EXPECT_EQ(r.err, "error: cannot write the transcript to /dev/full: No space left on device\n");
}

TEST(EngineStockfish, PassesWithStockfishsPrintedKeysOverTenThousandPositions) {
  REQUIRE_STOCKFISH();
  TempDir dir;
  const fs::path transcript = dir.path() / "transcript";
  const std::string marker = unique_marker("stockfish");
  const RunResult r = run_cli({"check", "--engine", stockfish_path(), "--expect", "stockfish",
                               "--json", "--transcript", transcript.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"passed\": true"), std::string::npos);
  EXPECT_NE(r.out.find("\"target\": \"engine:Stockfish 15.1"), std::string::npos) << r.out;
  // Stockfish folds the halfmove clock into the key it prints from 14 on: detected, not failed.
  EXPECT_NE(r.out.find("\"halfmove_dependent\": true"), std::string::npos);
  EXPECT_NE(r.out.find("\"en_passant_rule\": \"pseudo-legal\""), std::string::npos);
  // The en-passant property saw captures pinned along a rank and a diagonal.
  EXPECT_NE(r.out.find("capturer pinned along the rank"), std::string::npos);
  EXPECT_NE(r.out.find("capturer pinned on a diagonal"), std::string::npos);
  // What was sent, read back independently of the door.
  const Sent sent = read_transcript(transcript);
  EXPECT_GE(sent.positions, 10'000);
  EXPECT_GE(sent.halfmove_14_or_more, 1'000);
  EXPECT_GE(sent.en_passant_square, 100);
  EXPECT_GE(sent.castling_moves, 100);
  EXPECT_GE(sent.promotions, 100);
  EXPECT_GE(sent.chess960, 100);
}

TEST(EngineStockfish, ReplayShowsThePrintedKeyBesideTheSchemes) {
  REQUIRE_STOCKFISH();
  const RunResult r = run_cli({"replay", "--engine", stockfish_path(), "--fen",
                               "4k3/8/8/8/8/8/8/R3K2R w KQ - 13 40", "--moves", "e1g1", "e8e7",
                               "--expect", "stockfish"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // A head and the engine's two notes (positions answered, how keys were read), then 3 steps of
  // 4 lines: the step, the key, the fresh key, the scheme's key.
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 15) << r.out;
  EXPECT_EQ(r.out.find("DIFFERS"), std::string::npos) << r.out;
  // Polyglot's keys are not Stockfish's: every step differs.
  const RunResult polyglot =
      run_cli({"replay", "--engine", stockfish_path(), "--fen",
               "4k3/8/8/8/8/8/8/R3K2R w KQ - 13 40", "--expect", "polyglot"});
  EXPECT_EQ(polyglot.exit_code, 1);
  EXPECT_NE(polyglot.out.find("DIFFERS"), std::string::npos);
}

const std::string FairyStockfish = "/usr/games/fairy-stockfish";

TEST(EngineFairyStockfish, PassesBlackBoxWithKeysOfItsOwn) {
  if (!have(FairyStockfish))
    GTEST_SKIP() << "needs " << FairyStockfish << " (ci/setup installs it)";
  // The sweep's 300,000 positions took Fairy-Stockfish most of a minute (Stockfish's run keeps it).
  const RunResult r =
      run_cli({"check", "--engine", FairyStockfish, "--json", "--property", AllButTheSweep});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // What the suite finds out about its conventions.
  EXPECT_NE(r.out.find("\"en_passant_rule\": \"pseudo-legal\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"halfmove_dependent\": false"), std::string::npos) << r.out;
  // Its keys are neither Polyglot's nor Stockfish 15.1's: one row says so, with its start key.
  for (const char* scheme : {"polyglot", "stockfish"}) {
    const RunResult expect = run_cli({"check", "--engine", FairyStockfish, "--expect", scheme,
                                      "--property", "incremental-equals-full", "--cases", "5"});
    EXPECT_EQ(expect.exit_code, 1) << scheme << expect.out;
    EXPECT_NE(expect.out.find("expected-scheme ........... FAIL  the keys are not those of the "
                              "scheme " +
                              std::string(scheme)),
              std::string::npos)
        << expect.out;
    EXPECT_NE(expect.out.find("the target's key of the start position is 0x7f9c7ef305e6a1c7"),
              std::string::npos)
        << expect.out;
    EXPECT_NE(expect.out.find(", 1 failed,"), std::string::npos) << expect.out;
  }
}

}  // namespace
}  // namespace zobrist_verify
