// A UCI engine in a child process: the handshake, positions, Stockfish's `d` command (FEN and
// key), and plain lines. Every fault is an Error that names the engine, the command and what went
// wrong; a fault that leaves the conversation out of step (a timeout, a dead pipe, a flood of
// lines) also stops the engine, and every later call reports that first fault.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/doors/subprocess.h"

namespace zobrist_verify {

struct EngineTimeouts {
  std::chrono::milliseconds handshake{10000};  // from "uci" to "uciok" (the engine loads first)
  std::chrono::milliseconds reply{5000};       // "isready" to "readyok", "d" to "Checkers:"
  std::chrono::milliseconds write{5000};       // for room in a full input pipe
  std::chrono::milliseconds quit{1000};        // after "quit", before SIGKILL
};

// What Stockfish's `d` command shows, parsed from its "Fen:", "Key:" and "Checkers:" lines.
struct DisplayedPosition {
  std::string fen;
  Key key = 0;
  std::string checkers;  // squares as printed ("e1 h4"), "" when not in check
};

// The first word of a line of engine output ("readyok" of " readyok \r"); `rest`, when given,
// gets the remainder, trimmed.
std::string_view first_word(std::string_view line, std::string_view* rest = nullptr);

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

class UciEngine {
 public:
  // Starts the engine (argv[0] is searched in PATH when it has no '/') and completes the "uci" /
  // "uciok" handshake.
  [[nodiscard]] static Expected<UciEngine> start(const std::vector<std::string>& argv,
                                                 EngineTimeouts timeouts = {});

  UciEngine(UciEngine&& other) noexcept;
  UciEngine& operator=(UciEngine&& other) noexcept;
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;
  ~UciEngine();  // close()

  // The engine's "id name", or its program path if it sent none.
  const std::string& name() const { return name_; }
  pid_t pid() const { return process_.pid(); }
  // Whether the engine still runs as far as we know (no fault, not closed).
  bool running() const { return failure_.empty(); }
  // Whether the handshake offered the option ("option name UCI_Chess960 type check ..."); UCI
  // option names are compared without regard to case.
  bool has_option(std::string_view option) const;

  // "isready", then waits for "readyok".
  [[nodiscard]] Expected<Done> wait_ready();
  // Sends position_command(fen, uci_moves). The engine does not answer; call wait_ready() or
  // display() to know it has taken the position.
  [[nodiscard]] Expected<Done> set_position(std::string_view fen, std::string_view uci_moves);
  // Sends "d" and reads the reply up to its "Checkers:" line. A reply without a well-formed
  // "Fen:" or "Key:" line is an error, but the engine stays usable.
  [[nodiscard]] Expected<DisplayedPosition> display();

  // One line to the engine ('\n' is added; the line itself must not contain one).
  [[nodiscard]] Expected<Done> send_line(std::string_view line);
  // Several lines in one write: each element is one line ('\n' is added to each).
  [[nodiscard]] Expected<Done> send_lines(const std::vector<std::string>& lines);
  // The next line from the engine. A timeout is an error of kind TimedOut but does not stop the
  // engine; an engine that closed its output (it died) gives kind Crashed.
  [[nodiscard]] Expected<std::string> read_line(std::chrono::milliseconds timeout);

  // The next line the engine has already sent, into `line`, without waiting (see
  // Subprocess::take_buffered_line); false when a read must wait.
  bool take_buffered_line(std::string& line) {
    return running() && process_.take_buffered_line(line);
  }

  // Stops the engine at once, without "quit" (for a conversation that has gone out of step), and
  // reaps it; every later call reports `why`. Returns the error it records.
  Error kill(std::string why, ErrorKind kind = ErrorKind::Refused);

  // Sends "quit", waits up to timeouts.quit for the engine to exit, then kills it; always reaps
  // it. Returns how it ended ("exited with status 0"). Calling it again does nothing more.
  std::string close();

  // Lines a reply may have before its last line ("uciok", "readyok", "Checkers: ..."); more
  // means the engine is not answering (Stockfish's replies have fewer than 100).
  static constexpr int max_reply_lines = 1000;

  // The names of the options the engine offered in its handshake ("option name NAME type ...").
  const std::vector<std::string>& option_names() const { return option_names_; }

 private:
  UciEngine(Subprocess process, EngineTimeouts timeouts);
  [[nodiscard]] Error not_running() const;
  // Records a fault that leaves the conversation unusable and stops the engine.
  [[nodiscard]] Error fail(std::string message, ErrorKind kind = ErrorKind::Refused);
  // Reads lines until one whose first word is `wanted`, within `timeout`; every line read,
  // the last included, goes to `seen`. Any failure stops the engine.
  [[nodiscard]] Expected<Done> read_until(std::string_view command, std::string_view wanted,
                                          std::chrono::milliseconds timeout,
                                          std::vector<std::string>& seen);
  // "'Stockfish 15.1' (/usr/games/stockfish)", or just the program before the handshake.
  std::string label() const;

  Subprocess process_;
  EngineTimeouts timeouts_;
  std::string name_;
  std::string failure_;  // why the engine is not running; empty while it runs
  std::vector<std::string> option_names_;
};

}  // namespace zobrist_verify
