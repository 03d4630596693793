// One running engine asked for perft, whatever protocol it speaks. The perft door (engine_perft.h:
// the perft command by template, a divide or totals read up to the end of a reply, refusals,
// searches, the descent) talks to the engine only through this interface; a protocol provides it:
// UCI's is open_uci_perft_connection below, xboard's open_xboard_perft_connection (a position
// set with `setboard`/`usermove`, the fence `ping N`/`pong N`), without touching the perft logic.
//
// The contract, for an implementation:
//   1. An opened connection has completed its protocol's handshake, with the variant asked for
//      (Chess960 or standard) set; opening fails with a message naming the engine and what failed.
//   2. position_command() is pure: the text that sets up `fen` and `uci_moves`, one line or more
//      joined by '\n', also used to name the request in messages. send_lines() writes lines as
//      given, nothing added but each line's '\n'.
//   3. read_line() returns the engine's next line, or kind TimedOut when none came within the
//      time given (the engine keeps running), or another kind when it died (stopped for good).
//   4. fence() asks for and waits for the protocol's "everything before this is done" answer
//      (UCI's isready/readyok, xboard's ping/pong), skipping the lines before it.
//   5. kill() stops the engine at once, without a goodbye; close() says goodbye and reaps it. Both
//      may be called more than once, and running() is false after either.
//   6. refuses() tells the protocol's lines that refuse what was sent. reply_fence() is a line
//      to send after the perft command whose answer (answers_reply_fence) ends the reply when
//      no --perft-end-pattern is given, or empty when the protocol has no fence an engine
//      answers only after its perft lines.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/engine_process.h"
#include "zobrist_verify/doors/xboard_protocol.h"

namespace zobrist_verify {

class PerftConnection {
 public:
  virtual ~PerftConnection() = default;

  // The name the engine gave, for messages.
  virtual const std::string& engine_name() const = 0;
  virtual bool running() const = 0;

  // The lines that set up the position reached by `uci_moves` (separated by spaces) from `fen`
  // ("startpos" for the start position), joined by '\n'.
  virtual std::string position_command(std::string_view fen, std::string_view uci_moves) const = 0;
  // The lines sent before each position's, that start its game (xboard's "new", "force"); not
  // part of position_command, which names the request in messages. Empty by default.
  virtual std::vector<std::string> game_lines() { return {}; }
  [[nodiscard]] virtual Expected<Done> send_lines(const std::vector<std::string>& lines) = 0;
  [[nodiscard]] virtual Expected<std::string> read_line(std::chrono::milliseconds timeout) = 0;
  // The next line the engine has already sent, into `line`, without a system call; false when a
  // read must wait (or the protocol's engine class does not say).
  virtual bool take_buffered_line(std::string& /*line*/) { return false; }
  [[nodiscard]] virtual Expected<Done> fence() = 0;
  // The fence within `timeout`, returning the lines the engine printed before its answer (after
  // a complete reply: lines that came late, out of step).
  [[nodiscard]] virtual Expected<std::vector<std::string>> fence_lines(
      std::chrono::milliseconds timeout) = 0;

  // Whether `line` refuses the position or the command sent (UCI: engine_perft.h's
  // is_perft_refusal_line; xboard: xboard_reports_error).
  virtual bool refuses(std::string_view line) const = 0;
  // The line sent after the perft command that ends its reply, when --perft-end-pattern is not
  // given: xboard's next `ping N`. UCI has none: Stockfish 15.1 runs perft on a search thread and
  // answers an isready sent after `go perft` before the perft lines.
  virtual std::string reply_fence() { return {}; }
  // Whether reply_fence() gives a fence (then a reply is read up to the answer to the last
  // fence, so replies cannot be pipelined).
  virtual bool has_reply_fence() const { return false; }
  // Whether `line` is the answer to the last reply_fence() (xboard: its `pong N`).
  virtual bool answers_reply_fence(std::string_view /*line*/) const { return false; }

  // Stops the engine at once; every later call reports `why`. Returns the error it records.
  virtual Error kill(std::string why, ErrorKind kind) = 0;
  // Says goodbye and reaps the engine; returns how it ended.
  virtual std::string close() = 0;
};

// `tap`, in both, is told every line sent to the engine (engine_process.h).
// Starts `argv` as a UCI engine and completes the "uci" handshake. An engine that offers
// UCI_Chess960 gets it set to `chess960` (Sjaak II's default is true, which would read e1g1 as a
// king move to g1); asking for Chess960 from an engine without the option is an error.
[[nodiscard]] Expected<std::unique_ptr<PerftConnection>> open_uci_perft_connection(
    const std::vector<std::string>& argv, EngineTimeouts timeouts, bool chess960,
    SentLinesTap tap = {});

// Starts `argv` as an xboard (CECP 2) engine: the handshake (XboardEngine::start: an engine
// without ping=1 or setboard=1, or that plays no normal chess, cannot be used). Each position is
// then set with `games`' lines (game_lines: "new", "variant fischerandom" for Chess960, "force",
// as GUIs send them; with SetOnce none, the game set once when opened: "new", "force" and the
// variant), "setboard FEN" and the moves ("usermove MOVE" when the engine asked for it). Asking
// for Chess960 from an engine that does not announce the fischerandom variant is an error. xboard
// has no standard perft command: the perft door's --perft-command gives it. A reply ends at the end
// pattern when one is given, else at the `pong N` of a `ping N` sent right after the perft command:
// an xboard engine reads its input in order, and those with a perft command (Sjaak II's `perft D`)
// run it before reading the next line, so the pong comes after the perft lines; an engine that ran
// perft in the background would answer the ping first, and needs --perft-end-pattern.
[[nodiscard]] Expected<std::unique_ptr<PerftConnection>> open_xboard_perft_connection(
    const std::vector<std::string>& argv, EngineTimeouts timeouts, bool chess960,
    SentLinesTap tap = {}, XboardGames games = XboardGames::NewEachPosition);

}  // namespace zobrist_verify
