// `check --engine ... --protocol xboard` and `replay` against the fake xboard engine
// (tests/engines/xboard_engine.cpp: the reference with Polyglot's keys behind CECP): the handshake,
// pipelining fenced by numbered pongs, every fault blamed on its own position, the features
// without which an engine cannot be used (exit 2), and a planted hashing bug found.
#include <sys/types.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli_runner.h"
#include "test_support.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/engine_hash.h"

namespace zobrist_verify {
namespace {

using testkit::processes_left_with;
using testkit::run_cli;
using testkit::RunResult;
using testkit::ScopedEnvironment;
using testkit::TempDir;
namespace fs = std::filesystem;

const std::string Fake = ZV_XBOARD_ENGINE;

std::string unique_marker(const std::string& what) {
  return "zv-xboard-" + what + "-" + std::to_string(::getpid());
}

RunResult check_xboard(const std::string& mode, std::vector<std::string> extra) {
  std::vector<std::string> args{"check", "--engine", Fake + " " + mode, "--protocol", "xboard"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_cli(args);
}

using zv_test::count_of;

// --- engines that work ------------------------------------------------------------------------

TEST(XboardDoor, AGoodEnginePassesWithPolyglotsKeysExactly) {
  const RunResult r = check_xboard("good", {"--expect", "polyglot", "--cases", "40"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("engine:fake xboard good"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("over xboard"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("standard chess only"), std::string::npos) << r.out;
}

TEST(XboardDoor, BareMovesAndNoFischerandomStillPassInStandardChessOnly) {
  const RunResult r = check_xboard("bare-moves", {"--expect", "polyglot", "--cases", "30"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("over xboard, standard chess only (it announces no variant fischerandom)"),
            std::string::npos)
      << r.out;
}

TEST(XboardDoor, DoneZeroMakesTheDoorWaitForDoneOne) {
  const RunResult r =
      check_xboard("done-later", {"--cases", "5", "--property", "incremental-equals-full"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

TEST(XboardDoor, TheTranscriptShowsTheHandshakeSetboardUsermoveAndNumberedPings) {
  TempDir dir;
  const std::string transcript = (dir.path() / "transcript.txt").string();
  const RunResult r = check_xboard("good", {"--cases", "5", "--property", "incremental-equals-full",
                                            "--transcript", transcript});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::ifstream in(transcript);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.rfind("xboard\nprotover 2\n", 0), 0u) << text.substr(0, 200);
  EXPECT_NE(text.find("\nsetboard "), std::string::npos);
  EXPECT_NE(text.find("\nusermove "), std::string::npos);
  EXPECT_NE(text.find("\naccepted ping\n"), std::string::npos);
  EXPECT_NE(text.find("\nrejected sjef\n"), std::string::npos);
  // It announced memory=1: the door, which never asks for a search, gives it the least.
  EXPECT_NE(text.find("\naccepted memory\n"), std::string::npos);
  EXPECT_NE(text.find("\nmemory 1\nnew\nforce\nping 1\n"), std::string::npos);  // the fence
  EXPECT_NE(text.find("\nd\nping 2\n"), std::string::npos);
  EXPECT_NE(text.find("\nvariant fischerandom\n"), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 5), "quit\n");
}

// Each request is sent as GUIs send a position: "new", the variant when it is not normal (and
// "variant normal" back after a Chess960 one), "force", "setboard" (issue 39, section 2).
TEST(XboardDoor, EachRequestStartsAGameAsGuisDo) {
  TempDir dir;
  const std::string transcript = (dir.path() / "transcript.txt").string();
  const RunResult r = check_xboard("good", {"--cases", "5", "--property", "incremental-equals-full",
                                            "--transcript", transcript});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::ifstream in(transcript);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // The start position's key first, for its base.
  EXPECT_NE(text.find("\nforce\nping 1\nnew\nforce\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/"
                      "RNBQKBNR w KQkq - 0 1\nd\nping 2\nnew\nforce\nsetboard "),
            std::string::npos)
      << text.substr(0, 600);
  EXPECT_NE(text.find("\nnew\nvariant fischerandom\nforce\nsetboard "), std::string::npos);
  EXPECT_NE(text.find("\nnew\nvariant normal\nforce\nsetboard "), std::string::npos);
  // Every setboard is the fourth line of its request at most: none comes without "force".
  EXPECT_EQ(count_of(text, "\nsetboard "), count_of(text, "\nforce\nsetboard "));
  EXPECT_EQ(count_of(text, "\nnew\n"), count_of(text, "\nsetboard ") + 1);
}

TEST(XboardDoor, NoNewSetsTheGameOnlyWhenItChanges) {
  TempDir dir;
  const std::string transcript = (dir.path() / "transcript.txt").string();
  const RunResult r =
      check_xboard("good", {"--cases", "5", "--property", "incremental-equals-full",
                            "--no-chess960", "--no-new", "--transcript", transcript});
  ASSERT_EQ(r.exit_code, 0) << r.out << r.err;
  std::ifstream in(transcript);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(count_of(text, "\nnew\n"), 1) << text.substr(0, 600);  // the handshake's
  EXPECT_NE(text.find("\nforce\nping 1\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w "
                      "KQkq - 0 1\nd\nping 2\nsetboard "),
            std::string::npos)
      << text.substr(0, 600);
}

// Many requests go out before any reply is read; each reply is then placed by its pong number.
TEST(XboardDoor, RequestsArePipelinedAndEachKeyIsItsOwnPositions) {
  TempDir dir;
  EngineDoorOptions options;
  options.argv = {Fake, "good"};
  options.protocol = EngineProtocol::Xboard;
  options.transcript = (dir.path() / "transcript.txt").string();
  // The base given: no start-position probe before the requests, so the counts below are theirs.
  options.key_base = KeyBase::Hexadecimal;
  auto connection = EngineConnection::open(options);
  ASSERT_TRUE(connection) << connection.error();
  const std::vector<std::string> lines = {"",
                                          "e2e4",
                                          "e2e4 e7e5",
                                          "e2e4 e7e5 g1f3",
                                          "d2d4 d7d5 c2c4 d5c4",
                                          "g1f3 g8f6 g2g3 g7g6 f1g2 f8g7 e1g1"};
  std::vector<KeyTicket> tickets;
  for (const std::string& moves : lines)
    tickets.push_back((*connection)->request(StartFen, moves, false));
  EXPECT_EQ((*connection)->answered(), 0u);  // sent, none read yet
  std::ifstream in(options.transcript);
  const std::string sent((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(count_of(sent, "\nping "), 1 + int(lines.size())) << sent;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    Game game;
    ASSERT_TRUE(game.set(StartFen, polyglot_scheme()).empty());
    ASSERT_TRUE(game.play_uci_sequence(lines[i]));
    Expected<Key> key = (*connection)->collect(tickets[i]);
    ASSERT_TRUE(key) << key.error();
    EXPECT_EQ(*key, game.position().key()) << lines[i];
  }
  (*connection)->close();
}

// --- engines that cannot be used: exit 2 and one error line naming the reason ------------------

struct Unusable {
  std::string mode;
  std::string says;
};

class UnusableXboardEngine : public ::testing::TestWithParam<Unusable> {};

TEST_P(UnusableXboardEngine, IsAUsageErrorThatSaysWhy) {
  const std::string marker = unique_marker(GetParam().mode);
  const RunResult r = check_xboard(GetParam().mode + " 0 " + marker, {"--cases", "5"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(r.err.rfind("error: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(GetParam().says), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  // One prefix, naming the engine once as unusable (issue 41: it read "engine 'CMD' cannot be
  // used: engine 'NAME' (CMD) cannot be used over xboard: ...").
  EXPECT_EQ(r.err.rfind("error: engine '", 0), 0u) << r.err;
  EXPECT_EQ(r.err.find("cannot be used"), r.err.rfind("cannot be used")) << r.err;
  EXPECT_EQ(processes_left_with(marker), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, UnusableXboardEngine,
    ::testing::Values(
        Unusable{"no-ping", "does not announce feature ping=1 (the 'ping N' / 'pong N'"},
        Unusable{"no-setboard", "does not announce feature setboard=1 (a position set from a FEN)"},
        Unusable{"no-features",
                 "does not announce feature ping=1 (the 'ping N' / 'pong N' that fences each "
                 "reply) nor setboard=1 (a position set from a FEN) (and it sent no 'feature "
                 "done=1')"},
        Unusable{"bad-feature", "a malformed feature line 'feature ping=1 myname=\"unterminated'"},
        Unusable{"wrong-pong-at-start", "answered 'ping 1' with 'pong 2'"},
        // As CrazyWa and HaChu: shogi and other games, no normal chess (issue 39, section 2).
        Unusable{"shogi-only",
                 "cannot be used over xboard: it does not play normal chess: its variants are "
                 "\"crazyhouse,shogi,minishogi\" (feature variants), without normal"}),
    [](const auto& info) {
      std::string name = info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// An xboard engine driven as UCI, the default (issue 39, section 2): it answers "Illegal move:
// uci", and the error says to give --protocol xboard, at once rather than after the handshake.
TEST(XboardDoor, AnXboardEngineSentUciIsToldToGiveProtocolXboard) {
  const RunResult r = run_cli({"check", "--engine", Fake + " good"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find(" answered 'uci' with 'Illegal move: uci', not 'uciok'; its reply is an "
                       "xboard (CECP) engine's: give --protocol xboard"),
            std::string::npos)
      << r.err;
}

TEST(XboardDoor, AnUnknownProtocolIsAUsageError) {
  const RunResult r = run_cli({"check", "--engine", Fake + " good", "--protocol", "cecp"});
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_NE(r.err.find("'cecp' is not a protocol (uci, the default, or xboard)"), std::string::npos)
      << r.err;
}

// --- faults on one position: a failure blamed on it, the engine restarted ---------------------

struct PositionFault {
  std::string mode;
  std::string comparison;
  std::string says;
};

class XboardFaultOnPromotion : public ::testing::TestWithParam<PositionFault> {};

TEST_P(XboardFaultOnPromotion, FailsTheCaseAtThePromotion) {
  const std::string marker = unique_marker(GetParam().mode);
  // The failing case as found: shrinking it would ask the engine again thousands of times.
  const ScopedEnvironment no_shrinking("RC_PARAMS", "noshrink=1");
  const RunResult r = check_xboard(
      GetParam().mode + " 0 " + marker,
      {"--timeout", "300", "--property", "incremental-equals-full", "--cases", "30", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"comparison\": \"" + GetParam().comparison + "\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find(GetParam().says), std::string::npos) << r.out;
  // The fake fails only when a move it plays is a promotion: the reproduction ends with one.
  const std::size_t moves = r.out.find("\"moves\": [");
  ASSERT_NE(moves, std::string::npos) << r.out;
  const std::size_t end = r.out.find(']', moves);
  const std::size_t last = r.out.rfind('"', r.out.rfind('"', end) - 1);
  EXPECT_EQ(r.out.rfind('"', end) - last - 1, 5u) << r.out.substr(moves, end - moves);
  EXPECT_EQ(processes_left_with(marker), 0);
}

INSTANTIATE_TEST_SUITE_P(
    Faults, XboardFaultOnPromotion,
    ::testing::Values(PositionFault{"crash-on-promotion", "target-crashed", "killed by signal 11"},
                      PositionFault{"hang-on-promotion", "target-timed-out", "within 300 ms"},
                      PositionFault{"wrong-pong-on-promotion", "target-error",
                                    "a pong no request was waiting for"}),
    [](const auto& info) {
      std::string name = info.param.mode;
      std::replace(name.begin(), name.end(), '-', '_');
      return name;
    });

// CECP's two seconds for the features count from the engine's first line: an engine that takes
// longer than that to start is not taken for one without features.
TEST(XboardDoorStart, AnEngineSlowerToStartThanTwoSecondsIsUsed) {
  const RunResult r = check_xboard("slow-start", {"--expect", "polyglot", "--cases", "5",
                                                  "--property", "incremental-equals-full"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// --- lines no request asked for ---------------------------------------------------------------

const char* const ManyPositions = "incremental-equals-full,en-passant,castling";

// One stray line per process is one fault of the engine as a program: one engine-faults row that
// quotes it, its positions asked again of a fresh engine, and no property failing for it.
TEST(XboardDesync, AStrayPongIsOneFaultRowNotAFailedProperty) {
  const RunResult r =
      check_xboard("stray-pong 200", {"--property", ManyPositions, "--cases", "20", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
  EXPECT_NE(r.out.find("desynchronised: it printed 'pong 0' where 'pong "), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("on positions that a fresh engine then answered alone"), std::string::npos)
      << r.out;
  EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
}

TEST(XboardDesync, AStrayKeyIsOneFaultRowNotAFailedProperty) {
  const RunResult r =
      check_xboard("stray-key 200", {"--property", ManyPositions, "--cases", "20", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_EQ(count_of(r.out, "\"name\": \"engine-faults\""), 1) << r.out;
  EXPECT_NE(r.out.find("two keys for one request"), std::string::npos) << r.out;
  EXPECT_EQ(count_of(r.out, "\"comparison\": "), 0) << r.out;
}

TEST(XboardDesync, ACommentLineIsHarmless) {
  const RunResult r =
      check_xboard("stray-comment 7", {"--property", ManyPositions, "--cases", "20"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// --- refusals and a hashing bug ----------------------------------------------------------------

TEST(XboardRefusals, TellusererrorIsACountedRefusalNotAKeyFailure) {
  const RunResult r = check_xboard("refuse-some", {"--property", ManyPositions, "--cases", "20"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("refused "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("it printed 'tellusererror Illegal position'"), std::string::npos) << r.out;
}

TEST(XboardDoor, APlantedCastlingBugIsFoundAtACastling) {
  const RunResult r = check_xboard(
      "castling-bug", {"--property", "incremental-equals-full", "--cases", "200", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"status\": \"fail\""), std::string::npos) << r.out;
  // The shrunk reproduction's last move is a castling (the fake's only wrong update).
  const std::size_t moves = r.out.find("\"moves\": [");
  ASSERT_NE(moves, std::string::npos) << r.out;
  const std::string list = r.out.substr(moves, r.out.find(']', moves) - moves);
  const bool castles =
      list.find("\"e1g1\"") != std::string::npos || list.find("\"e1c1\"") != std::string::npos ||
      list.find("\"e8g8\"") != std::string::npos || list.find("\"e8c8\"") != std::string::npos ||
      list.find("\"e1h1\"") != std::string::npos || list.find("\"e1a1\"") != std::string::npos ||
      list.find("\"e8h8\"") != std::string::npos || list.find("\"e8a8\"") != std::string::npos;
  EXPECT_TRUE(castles) << list;
}

TEST(XboardReplay, ShowsTheKeyAndThePrintedReplayCommandCarriesTheProtocol) {
  const RunResult r =
      run_cli({"replay", "--engine", Fake + " good", "--protocol", "xboard", "--fen", "startpos",
               "--moves", "e2e4", "e7e5", "--expect", "polyglot"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  // Polyglot's key of the start position, from its paper.
  EXPECT_NE(r.out.find("463b96181691fc9c"), std::string::npos) << r.out;
  const RunResult failing =
      check_xboard("castling-bug", {"--property", "incremental-equals-full", "--cases", "200"});
  EXPECT_NE(failing.out.find("--protocol xboard"), std::string::npos) << failing.out;
}

}  // namespace
}  // namespace zobrist_verify
