// A UCI engine in a child process (the UCI dialect over EngineProcess, the one process layer):
// the handshake, positions, Stockfish's `d` command (FEN and key), and plain lines. Every fault is
// an Error that names the engine, the command and what went wrong; a fault that leaves the
// conversation out of step (a timeout, a dead pipe, a flood of lines) also stops the engine, and
// every later call reports that first fault.
#pragma once

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/doors/engine_process.h"

namespace zobrist_verify {

// What Stockfish's `d` command shows, parsed from its "Fen:", "Key:" and "Checkers:" lines.
struct DisplayedPosition {
  std::string fen;
  Key key = 0;
  std::string checkers;  // squares as printed ("e1 h4"), "" when not in check
};

// Parses the lines of a reply to `d`, the last one being "Checkers: ...".
[[nodiscard]] Expected<DisplayedPosition> parse_displayed_position(
    const std::vector<std::string>& lines);
// "position startpos moves e2e4 e7e5" when fen is "startpos", else "position fen <fen> moves ...";
// without " moves" when there are none.
std::string position_command(std::string_view fen, std::string_view uci_moves);

// What an engine's reply to "uci" says of it, from the lines before "uciok": its "id name" (the
// last one given, made visible: control and invalid bytes as \xNN; empty when it gives none)
// and the NAME of every "option name NAME type ..." line (a name may hold spaces). Reads text
// only (fuzzed in fuzz/fuzz_engine_reply.cpp).
struct UciHandshake {
  std::string name;
  std::vector<std::string> option_names;
};
UciHandshake read_uci_handshake(const std::vector<std::string>& lines);

class UciEngine : public EngineOverProcess {
 public:
  // Starts the engine (argv[0] is searched in PATH when it has no '/') and completes the "uci" /
  // "uciok" handshake.
  [[nodiscard]] static Expected<UciEngine> start(const std::vector<std::string>& argv,
                                                 EngineTimeouts timeouts = {},
                                                 SentLinesTap tap = {});

  // Whether the handshake offered the option ("option name UCI_Chess960 type check ..."); UCI
  // option names are compared without regard to case.
  bool has_option(std::string_view option) const;

  // "isready", then waits for "readyok" within `timeout` (default: the reply timeout).
  [[nodiscard]] Expected<Done> wait_ready();
  [[nodiscard]] Expected<Done> wait_ready(std::chrono::milliseconds timeout);
  // Sends isready and reads up to readyok within `timeout`, as wait_ready: the lines the engine
  // printed before it.
  [[nodiscard]] Expected<std::vector<std::string>> lines_before_ready(
      std::chrono::milliseconds timeout);
  // Sends position_command(fen, uci_moves). The engine does not answer; call wait_ready() or
  // display() to know it has taken the position.
  [[nodiscard]] Expected<Done> set_position(std::string_view fen, std::string_view uci_moves);
  // Sends "d" and reads the reply up to its "Checkers:" line. A reply without a well-formed
  // "Fen:" or "Key:" line is an error, but the engine stays usable.
  [[nodiscard]] Expected<DisplayedPosition> display();

  // The names of the options the engine offered in its handshake ("option name NAME type ...").
  const std::vector<std::string>& option_names() const { return option_names_; }

 private:
  explicit UciEngine(EngineProcess process) : EngineOverProcess(std::move(process)) {}

  std::vector<std::string> option_names_;
};

}  // namespace zobrist_verify
