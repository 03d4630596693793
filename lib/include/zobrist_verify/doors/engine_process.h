// A chess engine in a child process, whatever protocol it speaks: lines to it and from it against
// deadlines, and a fault that leaves the conversation out of step (a dead pipe, a timeout the
// caller cannot recover from) stops it for good, every later call reporting that first fault.
// The xboard engine (xboard_engine.h) is built on it; the UCI engine (uci_engine.h) has the same
// plumbing of its own.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/subprocess.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {

class EngineProcess {
 public:
  // Starts argv (argv[0] is searched in PATH when it has no '/'); says nothing to it yet.
  [[nodiscard]] static Expected<EngineProcess> spawn(const std::vector<std::string>& argv,
                                                     EngineTimeouts timeouts);

  EngineProcess(EngineProcess&& other) noexcept;
  EngineProcess& operator=(EngineProcess&& other) noexcept;
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;
  ~EngineProcess();  // close()

  // The name the engine gave, or its program path until it gives one.
  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }
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
  // engine; an engine that closed its output (it died) gives kind Crashed and is stopped.
  [[nodiscard]] Expected<std::string> read_line(std::chrono::milliseconds timeout);
  // The next line already read, into `line`, without waiting; false when a read must wait.
  bool take_buffered_line(std::string& line) {
    return running() && process_.take_buffered_line(line);
  }

  // Stops the engine at once (its process group killed) and reaps it; every later call reports
  // `why`. Returns the error it records ("...; the engine was killed" when it still ran).
  Error kill(std::string why, ErrorKind kind = ErrorKind::Refused);
  // The error every call gives once the engine is stopped.
  [[nodiscard]] Error not_running() const;

  // Sends `goodbye` ("quit"), waits up to timeouts.quit for the engine to exit, then kills it;
  // always reaps it. Returns how it ended. Calling it again does nothing more.
  std::string close(std::string_view goodbye = "quit");

 private:
  EngineProcess(Subprocess process, EngineTimeouts timeouts);

  Subprocess process_;
  EngineTimeouts timeouts_;
  std::string name_;
  std::string failure_;  // why the engine is not running; empty while it runs
};

}  // namespace zobrist_verify
