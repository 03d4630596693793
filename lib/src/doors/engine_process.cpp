#include "zobrist_verify/doors/engine_process.h"

#include <utility>

namespace zobrist_verify {

Expected<EngineProcess> EngineProcess::spawn(const std::vector<std::string>& argv,
                                             EngineTimeouts timeouts) {
  auto process = Subprocess::spawn(argv);
  if (!process) return Error{process.error()};
  return EngineProcess(std::move(*process), timeouts);
}

EngineProcess::EngineProcess(Subprocess process, EngineTimeouts timeouts)
    : process_(std::move(process)), timeouts_(timeouts), name_(process_.program()) {}

EngineProcess::EngineProcess(EngineProcess&& other) noexcept
    : process_(std::move(other.process_)),
      timeouts_(other.timeouts_),
      name_(std::move(other.name_)),
      failure_(std::exchange(other.failure_, "the engine was moved elsewhere")) {}

EngineProcess& EngineProcess::operator=(EngineProcess&& other) noexcept {
  if (this != &other) {
    close();
    process_ = std::move(other.process_);
    timeouts_ = other.timeouts_;
    name_ = std::move(other.name_);
    failure_ = std::exchange(other.failure_, "the engine was moved elsewhere");
  }
  return *this;
}

EngineProcess::~EngineProcess() {
  close();
}

std::string EngineProcess::label() const {
  if (name_ == process_.program()) return "'" + name_ + "'";
  return "'" + name_ + "' (" + process_.program() + ")";
}

Error EngineProcess::not_running() const {
  return Error{"engine " + label() + " is not running: " + failure_};
}

Error EngineProcess::kill(std::string why, ErrorKind kind) {
  if (!running()) return not_running();
  if (!process_.exited()) why += "; the engine was killed";
  process_.terminate(std::chrono::milliseconds(0));
  failure_ = std::move(why);
  return Error{failure_, kind};
}

Expected<Done> EngineProcess::send_line(std::string_view line) {
  return send_lines({std::string(line)});
}

Expected<Done> EngineProcess::send_lines(const std::vector<std::string>& lines) {
  if (!running()) return not_running();
  std::string text;
  for (const std::string& line : lines) {
    if (line.find('\n') != std::string::npos)
      return Error{"a line for engine " + label() + " contains a newline: '" + line + "'"};
    text += line;
    text += '\n';
  }
  if (auto written = process_.write_all(text, timeouts_.write); !written) {
    const std::string shown =
        lines.empty() ? "" : lines.front() + (lines.size() > 1 ? "' ...'" : "");
    return kill("cannot send '" + shown + "' to engine " + label() + ": " + written.error(),
                ErrorKind::Crashed);
  }
  return Done{};
}

Expected<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
  if (!running()) return not_running();
  auto line = process_.read_line(timeout);
  if (!line)
    return kill("cannot read from engine " + label() + ": " + line.error(), ErrorKind::Crashed);
  if (!line->has_value())
    return Error{
        "engine " + label() + " wrote no line within " + std::to_string(timeout.count()) + " ms",
        ErrorKind::TimedOut};
  return std::move(**line);
}

std::string EngineProcess::close(std::string_view goodbye) {
  if (process_.pid() <= 0) return "not running";
  if (!running()) return process_.terminate(std::chrono::milliseconds(0));
  // The engine may already be gone; terminate() says how it ended either way.
  (void)process_.write_all(std::string(goodbye) + "\n", timeouts_.quit);
  std::string ended = process_.terminate(timeouts_.quit);
  failure_ = "it was closed (" + ended + ")";
  return ended;
}

}  // namespace zobrist_verify
