// A chess engine in a child process, whatever protocol it speaks: lines to it and from it against
// deadlines, and a fault that leaves the conversation out of step (a dead pipe, a timeout the
// caller cannot recover from) stops it for good, every later call reporting that first fault.
// The one process layer of the engine door: the UCI engine (uci_engine.h) and the xboard engine
// (xboard_engine.h) are dialects over it. It keeps the engine's last lines, so that a fault quotes
// what the engine said before it died or stopped answering.
#pragma once

#include <sys/types.h>

#include <array>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/subprocess.h"

namespace zobrist_verify {

struct EngineTimeouts {
  std::chrono::milliseconds handshake{10000};  // from "uci" to "uciok" (the engine loads first)
  std::chrono::milliseconds reply{5000};       // "isready" to "readyok", "d" to "Checkers:"
  std::chrono::milliseconds write{5000};       // for room in a full input pipe
  std::chrono::milliseconds quit{1000};        // after "quit", before SIGKILL
};

// Every deadline of an engine derives from the one --timeout: a reply and a write get `timeout`;
// the handshake and the first "isready" (or ping) after it get max(10 s, 5 x timeout), since
// engines load networks and clear hash tables there; "quit" gets 200 ms before a kill.
EngineTimeouts engine_timeouts(std::chrono::milliseconds timeout);

// An engine's name as it gave it ("id name", "myname"), made visible (control and invalid bytes
// as \xNN) and cut to MaxEngineNameLength bytes, marked "...": it goes into every row and message.
inline constexpr std::size_t MaxEngineNameLength = 100;
std::string engine_name_text(std::string_view given);

// `text` without the spaces, tabs, '\r' and '\n' at its ends.
std::string_view trim_line(std::string_view text);
// The first word of a line of engine output ("readyok" of " readyok \r"); `rest`, when given,
// gets the remainder, trimmed.
std::string_view first_word(std::string_view line, std::string_view* rest = nullptr);

// "it printed 7 lines, the last: 'a', 'b', 'c'" (each cut at 200 bytes and made visible), or
// "it printed nothing": what an engine said in place of the reply that was awaited.
std::string printed_lines_text(const std::vector<std::string>& lines);

// Told the text of every write to an engine (its lines, each ending in '\n', and the "quit" that
// closes it), before it is written: movegen's --transcript. Empty: nothing is told.
using SentLinesTap = std::function<void(std::string_view text)>;

// What read_until makes of a reply that may not be the one awaited (a handshake in a protocol
// the engine may not speak). Either may be empty.
struct ReplyWatch {
  // A line after which the awaited one will not come (the engine refused the command): a failure
  // at once.
  std::function<bool(std::string_view line)> refuses;
  // Added to the error of any failure, given the lines read: "; ..." (the --protocol to give).
  std::function<std::string(const std::vector<std::string>& seen)> explains;
};

class EngineProcess {
 public:
  // Starts argv (argv[0] is searched in PATH when it has no '/'); says nothing to it yet. `tap`
  // is told every line sent to it from then on.
  [[nodiscard]] static Expected<EngineProcess> spawn(const std::vector<std::string>& argv,
                                                     EngineTimeouts timeouts,
                                                     SentLinesTap tap = {});

  EngineProcess(EngineProcess&& other) noexcept;
  EngineProcess& operator=(EngineProcess&& other) noexcept;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess();  // close()

  // The name the engine gave, or its command (cut) until it gives one.
  const std::string& name() const { return name_; }
  void set_name(std::string name) {
    name_ = std::move(name);
    named_ = true;
  }
  // "'Sjaak II 1.4.1' (/usr/games/sjaakii)", or just the program while it has no name.
  std::string label() const;
  pid_t pid() const { return process_.pid(); }
  const EngineTimeouts& timeouts() const { return timeouts_; }
  // Whether the engine still runs as far as we know (no fault, not closed).
  bool running() const { return failure_.empty(); }

  // Lines to the engine in one write ('\n' added to each; a line must not hold one). A write that
  // fails stops the engine (kind Crashed).
  [[nodiscard]] Expected<Done> send_lines(const std::vector<std::string>& lines);
  [[nodiscard]] Expected<Done> send_line(std::string_view line);
  // The next line from the engine. A timeout is an error of kind TimedOut but does not stop the
  // engine; an engine that closed its output (it died) gives kind Crashed, quoting its last
  // lines, and is stopped.
  [[nodiscard]] Expected<std::string> read_line(std::chrono::milliseconds timeout);
  // The next line already read, into `line`, without waiting; false when a read must wait.
  bool take_buffered_line(std::string& line);
  // Reads lines until one whose first word is `wanted`, within `timeout`; every line read, the
  // last included, goes to `seen`. Any failure (a death, a timeout, max_reply_lines lines without
  // it, a line `watch` says refuses the command) stops the engine; the error names `command`,
  // what was awaited and what came instead, and then what `watch` explains.
  [[nodiscard]] Expected<Done> read_until(std::string_view command, std::string_view wanted,
                                          std::chrono::milliseconds timeout,
                                          std::vector<std::string>& seen,
                                          const ReplyWatch& watch = {});

  // Stops the engine at once (its process group killed) and reaps it; every later call reports
  // `why`. Returns the error it records ("...; the engine was killed" when it still ran).
  Error kill(std::string why, ErrorKind kind = ErrorKind::Refused);
  // The error every call gives once the engine is stopped.
  [[nodiscard]] Error not_running() const;

  // Sends `goodbye` ("quit"), waits up to timeouts.quit for the engine to exit, then kills it;
  // always reaps it. Returns how it ended. Calling it again does nothing more.
  std::string close(std::string_view goodbye = "quit");

  // The last lines the engine printed on its output (at most kept_last_lines), oldest first.
  std::vector<std::string> last_lines() const;
  // "; its last lines: 'a', 'b'" from last_lines(), or "" when it printed none.
  std::string last_words() const;

  // Lines a reply may have before its last line ("uciok", "readyok", "pong 3"); more means the
  // engine is not answering (Stockfish's replies have fewer than 100).
  static constexpr int max_reply_lines = 1000;
  static constexpr std::size_t kept_last_lines = 4;  // the size of last_lines_

 private:
  EngineProcess(Subprocess process, EngineTimeouts timeouts, std::string command, SentLinesTap tap);
  void remember(const std::string& line);

  Subprocess process_;
  EngineTimeouts timeouts_;
  std::string name_;
  bool named_ = false;   // name_ is the engine's own, not its command
  std::string failure_;  // why the engine is not running; empty while it runs
  // The last lines read, as a ring (assigned in place, so keeping them allocates nothing).
  std::array<std::string, kept_last_lines> last_lines_;
  std::size_t lines_read_ = 0;
  SentLinesTap tap_;  // told every write, when set
};

// The common base of the protocol dialects' engines (UciEngine, XboardEngine): one EngineProcess,
// and what both offer of it unchanged.
class EngineOverProcess {
 public:
  // The name the engine gave ("id name", "myname"), or its command if it gave none.
  const std::string& name() const { return process_.name(); }
  pid_t pid() const { return process_.pid(); }
  // Whether the engine still runs as far as we know (no fault, not closed).
  bool running() const { return process_.running(); }

  // Lines to the engine, the next line from it, the lines already read, a kill: as
  // EngineProcess's (a timeout leaves the engine running, a death stops it).
  [[nodiscard]] Expected<Done> send_line(std::string_view line) { return process_.send_line(line); }
  [[nodiscard]] Expected<Done> send_lines(const std::vector<std::string>& lines) {
    return process_.send_lines(lines);
  }
  [[nodiscard]] Expected<std::string> read_line(std::chrono::milliseconds timeout) {
    return process_.read_line(timeout);
  }
  bool take_buffered_line(std::string& line) { return process_.take_buffered_line(line); }
  Error kill(std::string why, ErrorKind kind = ErrorKind::Refused) {
    return process_.kill(std::move(why), kind);
  }
  // Sends "quit", waits up to timeouts.quit for the engine to exit, then kills it; always reaps
  // it. Returns how it ended ("exited with status 0"). Calling it again does nothing more.
  std::string close() { return process_.close("quit"); }
  // The engine's last lines, for a fault's message ("; its last lines: ...").
  std::string last_words() const { return process_.last_words(); }

  static constexpr int max_reply_lines = EngineProcess::max_reply_lines;

 protected:
  explicit EngineOverProcess(EngineProcess process) : process_(std::move(process)) {}

  EngineProcess process_;
};

}  // namespace zobrist_verify
