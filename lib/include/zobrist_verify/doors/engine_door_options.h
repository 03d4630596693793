// How the engine door runs an engine and asks it for keys, whatever protocol it speaks: the
// dialect (uci_dialect.h, xboard_dialect.h) reads the engine's command line, key command, key
// pattern and timeout; the pipelined connection (pipelined_connection.h) the rest.
#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/core/hex.h"

namespace zobrist_verify {

// Stockfish's (and Fairy-Stockfish's) "Key: 8F8F01D4562F59FB". The group takes any word, so that
// a "Key:" line with something else than a key is reported as such. Keys may be decimal too
// (key_base).
inline constexpr const char* DefaultKeyPattern = "^Key: *([^ ]*) *$";
// Stockfish's "Fen: <FEN>": the position the engine holds, compared with the one the door set up
// (reply_checks.h). An engine that prints no such line is not checked.
inline constexpr const char* DefaultFenPattern = "^Fen: *(.*[^ ]) *$";

// The protocol the engine speaks: UCI (uci_dialect.h) or xboard, CECP version 2
// (xboard_dialect.h).
enum class EngineProtocol { Uci, Xboard };

struct EngineDoorOptions {
  std::vector<std::string> argv;  // the engine and its arguments, run without a shell
  EngineProtocol protocol = EngineProtocol::Uci;
  std::string key_command = "d";
  std::string key_pattern = DefaultKeyPattern;  // RE2 syntax, one capture group: the key
  std::string fen_pattern = DefaultFenPattern;  // RE2 syntax, one capture group: the FEN shown
  // The base the keys are written in (--key-base); none: told once from the start position's
  // key (KeyReader, core/hex.h decide_key_base).
  std::optional<KeyBase> key_base;
  std::chrono::milliseconds timeout{2'000};  // for each reply (the handshake gets at least 10 s)
  int tail_plies = 4;                        // moves a position command carries after its FEN
  int max_in_flight = 64;                    // positions sent and not yet read
  // Fresh engines after faults before the door gives up (each later position is then refused
  // with ErrorKind::GaveUp). A position that crashed or hung the engine, or whose reply was out
  // of step with the requests, is remembered and not
  // sent again, so shrinking its case costs a restart (or, for a hang, `timeout`) only for
  // positions not seen before.
  int max_restarts = 1000;
  std::string transcript;  // when set, every line sent to the engine is also written here
  // xboard: "new" (and the variant, and "force") before each position, as GUIs send it; false
  // (--no-new): the game is set once, and again when it changes (xboard_protocol.h XboardGames).
  bool xboard_new_games = true;
};

}  // namespace zobrist_verify
