#include "zobrist_verify/doors/engine_process.h"

#include <algorithm>
#include <utility>

#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

std::string quoted_lines(const std::vector<std::string>& lines, std::size_t from) {
  std::string text;
  for (std::size_t i = from; i < lines.size(); ++i)
    text += "'" + visible_text(lines[i].substr(0, 200)) + "'" + (i + 1 < lines.size() ? ", " : "");
  return text;
}

}  // namespace

EngineTimeouts engine_timeouts(Milliseconds timeout) {
  EngineTimeouts timeouts;
  timeouts.handshake = std::max(5 * timeout, Milliseconds(10'000));
  timeouts.reply = timeout;
  timeouts.write = timeout;
  timeouts.quit = Milliseconds(200);
  return timeouts;
}

std::string engine_name_text(std::string_view given) {
  if (given.size() <= MaxEngineNameLength) return visible_text(given);
  return visible_text(given.substr(0, MaxEngineNameLength)) + "...";
}

std::string_view trim_line(std::string_view text) {
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return text;
}

std::string_view first_word(std::string_view line, std::string_view* rest) {
  line = trim_line(line);
  auto end = line.find_first_of(" \t");
  std::string_view word = line.substr(0, end);
  if (rest != nullptr) *rest = end == std::string_view::npos ? "" : trim_line(line.substr(end));
  return word;
}

std::string printed_lines_text(const std::vector<std::string>& lines) {
  if (lines.empty()) return "it printed nothing";
  return "it printed " + std::to_string(lines.size()) +
         (lines.size() == 1 ? " line: " : " lines, the last: ") +
         quoted_lines(lines, lines.size() > 3 ? lines.size() - 3 : 0);
}

Expected<EngineProcess> EngineProcess::spawn(const std::vector<std::string>& argv,
                                             EngineTimeouts timeouts, SentLinesTap tap) {
  auto process = Subprocess::spawn(argv);
  if (!process) return Error{process.error()};
  // Until the engine names itself, its command names it ("python3 engine.py", not "python3").
  std::string command;
  for (const std::string& word : argv) command += (command.empty() ? "" : " ") + word;
  return EngineProcess(std::move(*process), timeouts, engine_name_text(command), std::move(tap));
}

EngineProcess::EngineProcess(Subprocess process, EngineTimeouts timeouts, std::string command,
                             SentLinesTap tap)
    : process_(std::move(process)),
      timeouts_(timeouts),
      name_(std::move(command)),
      tap_(std::move(tap)) {}

EngineProcess::EngineProcess(EngineProcess&& other) noexcept
    : process_(std::move(other.process_)),
      timeouts_(other.timeouts_),
      name_(std::move(other.name_)),
      named_(other.named_),
      failure_(std::exchange(other.failure_, "the engine was moved elsewhere")),
      last_lines_(std::move(other.last_lines_)),
      lines_read_(std::exchange(other.lines_read_, 0)),
      tap_(std::move(other.tap_)) {}

EngineProcess& EngineProcess::operator=(EngineProcess&& other) noexcept {
  if (this != &other) {
    close();
    process_ = std::move(other.process_);
    timeouts_ = other.timeouts_;
    name_ = std::move(other.name_);
    named_ = other.named_;
    failure_ = std::exchange(other.failure_, "the engine was moved elsewhere");
    last_lines_ = std::move(other.last_lines_);
    tap_ = std::move(other.tap_);
    lines_read_ = std::exchange(other.lines_read_, 0);
  }
  return *this;
}

EngineProcess::~EngineProcess() {
  close();
}

std::string EngineProcess::label() const {
  if (!named_) return "'" + name_ + "'";
  return "'" + name_ + "' (" + process_.program() + ")";
}

Error EngineProcess::not_running() const {
  return Error{"engine " + label() + " is not running: " + failure_};
}

Error EngineProcess::kill(std::string why, ErrorKind kind) {
  if (!running()) return not_running();
  if (!process_.exited()) why += "; the engine was killed";
  process_.terminate(Milliseconds(0));
  failure_ = std::move(why);
  return Error{failure_, kind};
}

void EngineProcess::remember(const std::string& line) {
  last_lines_[lines_read_ % kept_last_lines].assign(line);
  ++lines_read_;
}

std::vector<std::string> EngineProcess::last_lines() const {
  std::vector<std::string> lines;
  const std::size_t kept = std::min(lines_read_, kept_last_lines);
  for (std::size_t i = lines_read_ - kept; i < lines_read_; ++i)
    lines.push_back(last_lines_[i % kept_last_lines]);
  return lines;
}

std::string EngineProcess::last_words() const {
  if (lines_read_ == 0) return "";
  return "; its last lines: " + quoted_lines(last_lines(), 0);
}

Expected<Done> EngineProcess::send_line(std::string_view line) {
  return send_lines({std::string(line)});
}

Expected<Done> EngineProcess::send_lines(const std::vector<std::string>& lines) {
  if (!running()) return not_running();
  std::string text;
  for (const std::string& line : lines) {
    if (line.find('\n') != std::string::npos)
      return Error{"a line for engine " + label() + " contains a newline: '" +
                   visible_text(line.substr(0, 200)) + "'"};
    text += line;
    text += '\n';
  }
  if (tap_) tap_(text);
  if (auto written = process_.write_all(text, timeouts_.write); !written) {
    const std::string shown =
        lines.empty() ? "" : lines.front().substr(0, 200) + (lines.size() > 1 ? "' ...'" : "");
    return kill(
        "cannot send '" + shown + "' to engine " + label() + ": " + written.error() + last_words(),
        ErrorKind::Crashed);
  }
  return Done{};
}

bool EngineProcess::take_buffered_line(std::string& line) {
  if (!running() || !process_.take_buffered_line(line)) return false;
  remember(line);
  return true;
}

Expected<std::string> EngineProcess::read_line(Milliseconds timeout) {
  if (!running()) return not_running();
  auto line = process_.read_line(timeout);
  if (!line)
    return kill("cannot read from engine " + label() + ": " + line.error() + last_words(),
                ErrorKind::Crashed);
  if (!line->has_value())
    return Error{
        "engine " + label() + " wrote no line within " + std::to_string(timeout.count()) + " ms",
        ErrorKind::TimedOut};
  remember(**line);
  return std::move(**line);
}

Expected<Done> EngineProcess::read_until(std::string_view command, std::string_view wanted,
                                         Milliseconds timeout, std::vector<std::string>& seen,
                                         const ReplyWatch& watch) {
  if (!running()) return not_running();
  const auto explained = [&](std::string why) {
    return watch.explains ? why + watch.explains(seen) : why;
  };
  const auto deadline = Clock::now() + timeout;
  const std::string waiting =
      "'" + std::string(wanted) + "' in reply to '" + std::string(command) + "'";
  for (int count = 0; count < max_reply_lines; ++count) {
    const auto left = std::chrono::ceil<Milliseconds>(deadline - Clock::now());
    auto line = process_.read_line(std::max(left, Milliseconds(0)));
    if (!line)
      return kill(explained("engine " + label() + " stopped before sending " + waiting + ": " +
                            line.error() + last_words()),
                  ErrorKind::Crashed);
    if (!line->has_value())
      return kill(
          explained("engine " + label() + " did not send " + waiting + " within " +
                    std::to_string(timeout.count()) + " ms (" + printed_lines_text(seen) + ")"),
          ErrorKind::TimedOut);
    remember(**line);
    seen.push_back(std::move(**line));
    if (first_word(seen.back()) == wanted) return Done{};
    if (watch.refuses && watch.refuses(seen.back()))
      return kill(explained("engine " + label() + " answered '" + std::string(command) +
                            "' with '" + visible_text(seen.back().substr(0, 200)) + "', not '" +
                            std::string(wanted) + "'"),
                  ErrorKind::AnsweredBadly);
  }
  return kill(explained("engine " + label() + " sent " + std::to_string(max_reply_lines) +
                        " lines without " + waiting + " (" + printed_lines_text(seen) + ")"),
              ErrorKind::Crashed);
}

std::string EngineProcess::close(std::string_view goodbye) {
  if (process_.pid() <= 0) return "not running";
  if (!running()) return process_.terminate(std::chrono::milliseconds(0));
  // The engine may already be gone; terminate() says how it ended either way.
  const std::string last = std::string(goodbye) + "\n";
  if (tap_) tap_(last);
  (void)process_.write_all(last, timeouts_.quit);
  std::string ended = process_.terminate(timeouts_.quit);
  failure_ = "it was closed (" + ended + ")";
  return ended;
}

}  // namespace zobrist_verify
