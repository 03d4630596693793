// `zobrist-verify movegen` against test plugins and the fake engine's modes that need no Stockfish
// (tests/engines/fake_engine.py): a planted move-generation bug is caught and shrunk, and every
// fault ends as the issue asks: exit 2 with one `error:` line when the target cannot be used at
// all, exit 1 with the position when it fails on one, and no process left behind either way. The
// fake engine's cases over Stockfish are in engine_movegen_command_test.cpp.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/movegen_runs.h"
#include "cli_runner.h"

namespace zobrist_verify {
namespace {

using testkit::en_passant_field;
using testkit::processes_with;
using testkit::run_cli;
using testkit::run_fake;
using testkit::RunResult;
using testkit::unique_tag;

std::string plugin(const std::string& name) {
  return std::string(ZV_PLUGIN_DIR) + "/" + name + ".so";
}

TEST(MovegenCommand, AnEngineWithoutPerftIsUnusable) {
  const std::string tag = unique_tag();
  const RunResult r = run_fake("no-perft", tag);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("cannot be used: it cannot answer perft on the start position"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("a search's line 'info depth 1 score cp 20 pv e2e4'"), std::string::npos)
      << r.err;
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenCommand, AnEngineThatFailsTheHandshakeIsUnusable) {
  const std::string tag = unique_tag();
  const RunResult r = run_fake("bad-handshake", tag);
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("before sending 'uciok'"), std::string::npos) << r.err;
  EXPECT_EQ(processes_with(tag), 0);
}

TEST(MovegenCommand, AnEngineThatDoesNotStartIsUnusable) {
  const RunResult r = run_cli({"movegen", "--engine", "'/no such dir/engine' --flag"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("error: cannot start '/no such dir/engine'"), std::string::npos) << r.err;
}

TEST(MovegenCommand, AnUnterminatedQuoteInTheEngineCommandIsAUsageError) {
  const RunResult r = run_cli({"movegen", "--engine", "stockfish 'oops"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("error: --engine: ", 0), 0u) << r.err;
}

TEST(MovegenCommand, EngineAndPluginExcludeEachOther) {
  EXPECT_EQ(run_cli({"movegen"}).exit_code, 2);
  EXPECT_EQ(run_cli({"movegen", "--engine", "x", "--plugin", "y"}).exit_code, 2);
  EXPECT_EQ(run_cli({"movegen", "--engine", "x", "--depth", "0"}).exit_code, 2);
}

TEST(MovegenCommand, APluginThatDropsEnPassantIsCaught) {
  const RunResult r = run_cli({"movegen", "--plugin", plugin("zv_drops_en_passant_plugin"),
                               "--positions", "300", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"first_divergences\": [{"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"extra\": []"), std::string::npos) << r.out;
}

TEST(MovegenCommand, APluginThatCrashesIsAFaultOnThePositionItCrashedOn) {
  const RunResult r = run_cli(
      {"movegen", "--plugin", plugin("zv_movegen_crash_plugin"), "--positions", "300", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("crashed in its divide"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Segmentation fault"), std::string::npos) << r.out;
  // The plugin crashes only where en passant is legal: the fault's FEN has an en-passant square
  // (the corpus positions come first and are sent without moves).
  const std::size_t fen = r.out.find("\"fault\": {\"fen\": \"");
  ASSERT_NE(fen, std::string::npos) << r.out;
  const std::string text = r.out.substr(fen + 18, r.out.find('"', fen + 18) - fen - 18);
  EXPECT_NE(en_passant_field(text), "-") << text;
}

TEST(MovegenCommand, APluginThatHangsIsAFaultAfterTheTimeout) {
  const RunResult r = run_cli({"movegen", "--plugin", plugin("zv_movegen_hang_plugin"),
                               "--positions", "300", "--timeout", "300"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("timed out in its divide"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no answer within 300 ms"), std::string::npos) << r.out;
}

TEST(MovegenCommand, APluginRefusingEnPassantFensPassesWithTheRefusalsCounted) {
  const RunResult r = run_cli(
      {"movegen", "--plugin", plugin("zv_refuses_en_passant_plugin"), "--positions", "300"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("refused ...... "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("en-passant squares are not supported"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("movegen: PASS"), std::string::npos) << r.out;
}

TEST(MovegenCommand, APluginRefusingBlackToMoveFailsAfterAllPositionsAreGiven) {
  const RunResult r =
      run_cli({"movegen", "--plugin", plugin("zv_refuses_black_plugin"), "--positions", "300"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find(" of 300 positions given ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("too many refused: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Black to move is not supported"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("fault at"), std::string::npos) << r.out;
}

// A plugin that fails on its very first call (the start position) cannot be used: exit 2 and
// one error line, whether it crashes, hangs or calls exit(0) there. Its code runs only in a
// worker, so the tool neither dies with it, nor waits forever, nor exits 0 with no output.
struct StartFault {
  const char* plugin;
  const char* says;
};

class MovegenStartFault : public ::testing::TestWithParam<StartFault> {};

TEST_P(MovegenStartFault, IsAClearErrorWithExitTwo) {
  const RunResult r = run_cli(
      {"movegen", "--plugin", plugin(GetParam().plugin), "--positions", "50", "--timeout", "500"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_TRUE(r.err.starts_with("error: ")) << r.err;
  EXPECT_NE(r.err.find("cannot give the legal moves of the start position"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(GetParam().says), std::string::npos) << r.err;
}

INSTANTIATE_TEST_SUITE_P(
    Faults, MovegenStartFault,
    ::testing::Values(StartFault{"zv_movegen_start_crash_plugin", "it crashed in its divide"},
                      StartFault{"zv_movegen_start_hang_plugin", "no answer within 500 ms"},
                      StartFault{"zv_movegen_start_exit_plugin",
                                 "it exited in its divide (legal_moves, make_move): exit status 0"},
                      StartFault{"zv_door_fault_LegalMovesOverflow",
                                 "legal_moves wrote past the end of the 2048-byte buffer"}));

TEST(MovegenCommand, TheReferencePluginAgreesEverywhereAtDepthTwo) {
  const std::string junit = ::testing::TempDir() + "movegen-junit.xml";
  const RunResult r = run_cli({"movegen", "--plugin", plugin("zv_reference_plugin"), "--positions",
                               "300", "--depth", "2", "--chess960", "--junit", junit});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("positions .... 300 compared"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("movegen: PASS"), std::string::npos) << r.out;
  const std::string xml = testkit::read_file(junit);
  EXPECT_NE(xml.find("<testcase classname=\"plugin:"), std::string::npos) << xml;
  EXPECT_EQ(xml.find("<failure"), std::string::npos) << xml;
  // The suite is named for the command that ran, not for `check` (issue 39, section 3).
  EXPECT_NE(xml.find("<testsuites name=\"zobrist-verify movegen\""), std::string::npos) << xml;
}

TEST(MovegenCommand, TheMixCountsPinnedEnPassantApartFromLegalEnPassant) {
  const RunResult r = run_cli(
      {"movegen", "--plugin", plugin("zv_reference_plugin"), "--positions", "100", "--depth", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // A pinned capture is not a legal one: not shown as a part of the legal count.
  EXPECT_NE(r.out.find(", en passant barred by a pin "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("(pinned "), std::string::npos) << r.out;
}

using testkit::line_after;
using testkit::run_shell;
using testkit::TempDir;

// The text of the first line of `text` that starts with `prefix`, without the prefix.
std::string first_line(const std::string& text, const std::string& prefix) {
  return line_after("\n" + text, "\n" + prefix);
}

// Runs the movegen, which must fail, then pastes its first `again:` line into a shell: the same
// finding must come back (exit 1), whose `key` line is returned from both runs.
std::pair<std::string, std::string> found_again(const std::vector<std::string>& args,
                                                const std::string& key) {
  std::vector<std::string> movegen{"movegen"};
  movegen.insert(movegen.end(), args.begin(), args.end());
  const RunResult first = run_cli(movegen);
  EXPECT_EQ(first.exit_code, 1) << first.out << first.err;
  const std::string again = first_line(first.out, "  again:     ");
  EXPECT_FALSE(again.empty()) << first.out;
  TempDir dir;
  const RunResult second = run_shell(again, dir.path());
  EXPECT_EQ(second.exit_code, 1) << again << "\n" << second.out << second.err;
  EXPECT_NE(second.out.find("positions .... "), std::string::npos) << second.out;
  return {first_line(first.out, key), first_line(second.out, key)};
}

TEST(MovegenAgain, AnEngineDivergenceAskedAgainDivergesTheSameWay) {
  const auto [first, again] = found_again(
      {"--engine", std::string(ZV_PERFT_ENGINE) + " --bug no-en-passant", "--positions", "60"},
      "  missing:  ");
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, again);
}

TEST(MovegenAgain, AnXboardEngineDivergenceAskedAgainDivergesTheSameWay) {
  const auto [first, again] =
      found_again({"--engine", std::string(ZV_XBOARD_ENGINE) + " no-en-passant", "--protocol",
                   "xboard", "--perft-command", "divide {depth}", "--positions", "60"},
                  "  missing:  ");
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, again);
}

TEST(MovegenAgain, AnEngineCrashAskedAgainCrashesOnTheSamePosition) {
  const auto [first, again] =
      found_again({"--engine", std::string(ZV_PERFT_ENGINE) + " --bug crash-on-en-passant",
                   "--positions", "60"},
                  "fault at ");
  EXPECT_NE(first.find("killed by signal 6"), std::string::npos) << first;
  EXPECT_EQ(first, again);
}

TEST(MovegenAgain, APluginCrashAskedAgainCrashesOnTheSamePosition) {
  const auto [first, again] = found_again(
      {"--plugin", plugin("zv_movegen_crash_plugin"), "--positions", "300"}, "fault at ");
  EXPECT_FALSE(first.empty());
  EXPECT_EQ(first, again);
}

TEST(MovegenFen, AsksThatOnePositionAlone) {
  const RunResult r = run_cli({"movegen", "--engine", ZV_PERFT_ENGINE, "--fen", "startpos",
                               "--moves", "e2e4", "e7e5", "--depth", "2"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\npositions .... 1 compared"), std::string::npos) << r.out;
}

TEST(MovegenFen, AChess960FenNeedsTheChess960Option) {
  const RunResult r = run_cli({"movegen", "--engine", ZV_PERFT_ENGINE, "--fen",
                               "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("is a Chess960 position: give --chess960 too"), std::string::npos) << r.err;
}

TEST(MovegenFen, APositionNoGameReachesIsNotSent) {
  const RunResult r = run_cli(
      {"movegen", "--engine", ZV_PERFT_ENGINE, "--fen", "4k3/8/8/8/4Pp2/8/8/4K3 b - e3 3 1"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("no legal game reaches it"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace zobrist_verify
