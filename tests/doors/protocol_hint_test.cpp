// What an engine's first lines say of the protocol it speaks (protocol_hint.h), on the lines real
// engines print when sent the other protocol's handshake: Sjeng 11.2, CrazyWa and a CECP engine
// sent "uci"; Stockfish 15.1 and Ethereal 12 sent "xboard" (issue 39, section 2). Then the two
// handshakes (UciEngine::start, XboardEngine::start) against small /bin/sh engines that print
// such lines: the error names the --protocol to give.
#include "zobrist_verify/doors/protocol_hint.h"

#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "zobrist_verify/doors/uci_engine.h"
#include "zobrist_verify/doors/xboard_engine.h"

namespace zobrist_verify {
namespace {

constexpr const char* GiveXboard =
    "; its reply is an xboard (CECP) engine's: give --protocol xboard";
constexpr const char* MaybeXboard =
    "; it printed no line of UCI's handshake (id, option, uciok): if it is an xboard (CECP) "
    "engine, give --protocol xboard";
constexpr const char* GiveUci = "; its reply is a UCI engine's: give --protocol uci (the default)";
constexpr const char* MaybeUci =
    "; it printed no line of xboard's handshake (feature, pong): if it is a UCI engine, give "
    "--protocol uci (the default)";

TEST(RefusesCommand, ARefusalThatNamesTheCommand) {
  EXPECT_TRUE(refuses_command("Illegal move: uci", "uci"));
  EXPECT_TRUE(refuses_command("Error (unknown command): uci", "uci"));
  EXPECT_TRUE(
      refuses_command("Unknown command: 'xboard'. Type help for more information.", "xboard"));
  EXPECT_TRUE(refuses_command("  invalid: \"uci\"", "uci"));
}

TEST(RefusesCommand, NotAnotherCommandsRefusalNorALineThatOnlyMentionsIt) {
  // A CECP version 1 engine refusing protover still speaks xboard.
  EXPECT_FALSE(refuses_command("Error (unknown command): protover 2", "xboard"));
  // CrazyWa's refusal names no command.
  EXPECT_FALSE(refuses_command("Error: unknown command", "uci"));
  // A UCI engine's chatter may say "uci" after an error word that is not its first.
  EXPECT_FALSE(refuses_command("info string Error reading the uci book", "uci"));
  EXPECT_FALSE(refuses_command("Unknown command: 'ucinewgame'", "uci"));
}

TEST(OtherProtocolHint, AnXboardEngineSentUci) {
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci, {"Illegal move: uci"}), GiveXboard);
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci,
                                {"# memory allocated", "feature myname=\"fake\" done=1"}),
            GiveXboard);
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci, {"tellusererror Illegal position"}),
            GiveXboard);
  // Sjeng 11.2 prints its banner and board, nothing of either protocol's.
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci,
                                {"Sjeng version 11.2, Copyright (C) 2000-2001 Gian-Carlo Pascutto",
                                 "", "     a    b    c    d    e    f    g    h", ""}),
            MaybeXboard);
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci, {}), MaybeXboard);
}

TEST(OtherProtocolHint, AUciEngineSentXboard) {
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Xboard,
                                {"Stockfish 15.1 by the Stockfish developers (see AUTHORS file)",
                                 "Unknown command: 'xboard'. Type help for more information."}),
            GiveUci);
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Xboard, {"info string NNUE loaded"}), GiveUci);
  // Ethereal 12 says nothing to "xboard" and "protover 2".
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Xboard, {}), MaybeUci);
}

TEST(OtherProtocolHint, NothingForAnEngineThatSpeaksTheProtocolSent) {
  // A UCI engine that named itself but never said uciok in time is slow, not an xboard engine.
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Uci, {"id name Slow", "Illegal move: uci"}), "");
  EXPECT_EQ(other_protocol_hint(EngineProtocol::Xboard, {"feature ping=1", "id name X"}), "");
}

// Short deadlines: the handshake's 10 s at least in a run would make these tests slow.
EngineTimeouts short_timeouts() {
  EngineTimeouts timeouts;
  timeouts.handshake = std::chrono::milliseconds(300);
  timeouts.reply = std::chrono::milliseconds(300);
  timeouts.write = std::chrono::milliseconds(300);
  timeouts.quit = std::chrono::milliseconds(100);
  return timeouts;
}

// A shell engine that answers its first line with `answer` ($line is that line), then sleeps.
std::vector<std::string> answering(const std::string& answer) {
  return {"/bin/sh", "-c", "read -r line; " + answer + "; exec sleep 30"};
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(UciHandshakeHint, AnEngineThatRefusesUciIsLeftAtOnceAndToldToSpeakXboard) {
  const auto start = std::chrono::steady_clock::now();
  EngineTimeouts timeouts = short_timeouts();
  timeouts.handshake = std::chrono::milliseconds(5000);
  const auto engine = UciEngine::start(answering("echo \"Illegal move: $line\""), timeouts);
  ASSERT_FALSE(engine);
  EXPECT_LT(seconds_since(start), 4.0);  // not the handshake's 5 s
  EXPECT_NE(engine.error().find(" answered 'uci' with 'Illegal move: uci', not 'uciok'" +
                                std::string(GiveXboard) + "; the engine was killed"),
            std::string::npos)
      << engine.error();
}

TEST(UciHandshakeHint, AnEngineThatPrintsNothingOfUcisIsToldOfXboardAfterTheTimeout) {
  // As Sjeng 11.2: a banner and a board, then a prompt.
  const auto engine = UciEngine::start(
      answering("echo 'Sjeng version 11.2'; echo '  a b c d e f g h'; printf 'Sjeng: '"),
      short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_NE(engine.error().find("did not send 'uciok' in reply to 'uci' within 300 ms (it printed "
                                "2 lines, the last: 'Sjeng version 11.2', '  a b c d e f g h')" +
                                std::string(MaybeXboard)),
            std::string::npos)
      << engine.error();
}

TEST(XboardHandshakeHint, AnEngineThatRefusesXboardIsLeftAtOnceAndToldToSpeakUci) {
  const auto start = std::chrono::steady_clock::now();
  EngineTimeouts timeouts = short_timeouts();
  timeouts.handshake = std::chrono::milliseconds(5000);
  const auto engine = XboardEngine::start(
      answering("echo \"Unknown command: '$line'. Type help for more information.\""), timeouts);
  ASSERT_FALSE(engine);
  EXPECT_LT(seconds_since(start), 4.0);  // not the handshake's 5 s, nor CECP's 2 s after it
  EXPECT_NE(engine.error().find(" answered 'xboard' with 'Unknown command: 'xboard'. Type help "
                                "for more information.'" +
                                std::string(GiveUci) + "; the engine was killed"),
            std::string::npos)
      << engine.error();
}

TEST(XboardHandshakeHint, AnEngineThatSaysNothingIsToldOfUciAfterTheTimeout) {
  // As Ethereal 12, which passes over commands it does not know.
  const auto engine = XboardEngine::start(answering("true"), short_timeouts());
  ASSERT_FALSE(engine);
  EXPECT_NE(engine.error().find("does not announce feature ping=1 (the 'ping N' / 'pong N' that "
                                "fences each reply) nor setboard=1 (a position set from a FEN) "
                                "(and it sent no 'feature done=1')" +
                                std::string(MaybeUci)),
            std::string::npos)
      << engine.error();
}

}  // namespace
}  // namespace zobrist_verify
