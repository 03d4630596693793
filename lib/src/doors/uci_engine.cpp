#include "zobrist_verify/doors/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <utility>

#include "zobrist_verify/core/visible_text.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

// Splits off the first word of a line; `rest` gets the remainder, trimmed.

std::string ms_text(Milliseconds ms) {
  return std::to_string(ms.count()) + " ms";
}

// The last few lines of a reply, to show what the engine said instead.
std::string show_last_lines(const std::vector<std::string>& lines) {
  if (lines.empty()) return "it printed nothing";
  constexpr std::size_t shown = 3;
  std::string text = "it printed " + std::to_string(lines.size()) + " lines, the last: ";
  for (std::size_t i = lines.size() > shown ? lines.size() - shown : 0; i < lines.size(); ++i) {
    text += "'" + lines[i].substr(0, 200) + "'";
    if (i + 1 < lines.size()) text += ", ";
  }
  return text;
}

}  // namespace

std::string_view first_word(std::string_view line, std::string_view* rest) {
  line = trim(line);
  auto end = line.find_first_of(" \t");
  std::string_view word = line.substr(0, end);
  if (rest != nullptr) *rest = end == std::string_view::npos ? "" : trim(line.substr(end));
  return word;
}

UciHandshake read_uci_handshake(const std::vector<std::string>& lines) {
  UciHandshake handshake;
  for (const std::string& line : lines) {
    std::string_view rest;
    const std::string_view word = first_word(line, &rest);
    std::string_view value;
    if (word == "id" && first_word(rest, &value) == "name" && !value.empty())
      handshake.name = visible_text(value);  // it goes into every message and report
    if (word != "option" || first_word(rest, &value) != "name") continue;
    const std::string_view name = trim(value.substr(0, value.find(" type ")));
    if (!name.empty()) handshake.option_names.emplace_back(name);
  }
  return handshake;
}

Expected<DisplayedPosition> parse_displayed_position(const std::vector<std::string>& lines) {
  std::optional<std::string> fen;
  std::optional<Key> key;
  std::optional<std::string> checkers;
  for (const std::string& line : lines) {
    std::string_view rest;
    std::string_view word = first_word(line, &rest);
    if (word == "Fen:") {
      if (rest.empty()) return Error{"the 'Fen:' line is empty"};
      fen = std::string(rest);
    } else if (word == "Key:") {
      auto parsed = parse_hex_key(rest);
      if (!parsed) return Error{"malformed line '" + line + "': " + parsed.error()};
      key = *parsed;
    } else if (word == "Checkers:") {
      checkers = std::string(rest);
    }
  }
  if (!fen) return Error{"no 'Fen:' line (" + show_last_lines(lines) + ")"};
  if (!key) return Error{"no 'Key:' line (" + show_last_lines(lines) + ")"};
  if (!checkers) return Error{"no 'Checkers:' line (" + show_last_lines(lines) + ")"};
  return DisplayedPosition{std::move(*fen), *key, std::move(*checkers)};
}

std::string position_command(std::string_view fen, std::string_view uci_moves) {
  std::string command =
      fen == "startpos" ? "position startpos" : "position fen " + std::string(trim(fen));
  uci_moves = trim(uci_moves);
  if (!uci_moves.empty()) command += " moves " + std::string(uci_moves);
  return command;
}

UciEngine::UciEngine(Subprocess process, EngineTimeouts timeouts)
    : process_(std::move(process)), timeouts_(timeouts), name_(process_.program()) {}

UciEngine::UciEngine(UciEngine&& other) noexcept
    : process_(std::move(other.process_)),
      timeouts_(other.timeouts_),
      name_(std::move(other.name_)),
      failure_(std::exchange(other.failure_, "the engine was moved elsewhere")),
      option_names_(std::move(other.option_names_)) {}

UciEngine& UciEngine::operator=(UciEngine&& other) noexcept {
  if (this != &other) {
    close();
    process_ = std::move(other.process_);
    timeouts_ = other.timeouts_;
    name_ = std::move(other.name_);
    failure_ = std::exchange(other.failure_, "the engine was moved elsewhere");
    option_names_ = std::move(other.option_names_);
  }
  return *this;
}

UciEngine::~UciEngine() {
  close();
}

Expected<UciEngine> UciEngine::start(const std::vector<std::string>& argv,
                                     EngineTimeouts timeouts) {
  auto process = Subprocess::spawn(argv);
  if (!process) return Error{process.error()};
  UciEngine engine(std::move(*process), timeouts);
  if (auto sent = engine.send_line("uci"); !sent) return Error{sent.error()};
  std::vector<std::string> seen;
  if (auto done = engine.read_until("uci", "uciok", timeouts.handshake, seen); !done) {
    return Error{done.error()};
  }
  UciHandshake handshake = read_uci_handshake(seen);
  if (!handshake.name.empty()) engine.name_ = std::move(handshake.name);
  engine.option_names_ = std::move(handshake.option_names);
  return engine;
}

std::string UciEngine::label() const {
  if (name_ == process_.program()) return "'" + name_ + "'";
  return "'" + name_ + "' (" + process_.program() + ")";
}

Error UciEngine::not_running() const {
  return Error{"engine " + label() + " is not running: " + failure_};
}

bool UciEngine::has_option(std::string_view option) const {
  auto same = [option](const std::string& offered) {
    if (offered.size() != option.size()) return false;
    for (std::size_t i = 0; i < offered.size(); ++i) {
      if (std::tolower(static_cast<unsigned char>(offered[i])) !=
          std::tolower(static_cast<unsigned char>(option[i])))
        return false;
    }
    return true;
  };
  return std::any_of(option_names_.begin(), option_names_.end(), same);
}

Error UciEngine::fail(std::string message, ErrorKind kind) {
  if (!process_.exited()) message += "; the engine was killed";
  process_.terminate(Milliseconds(0));
  failure_ = std::move(message);
  return Error{failure_, kind};
}

Error UciEngine::kill(std::string why, ErrorKind kind) {
  if (!running()) return not_running();
  return fail(std::move(why), kind);
}

Expected<Done> UciEngine::send_line(std::string_view line) {
  return send_lines({std::string(line)});
}

Expected<Done> UciEngine::send_lines(const std::vector<std::string>& lines) {
  if (!running()) return not_running();
  std::string text;
  for (const std::string& line : lines) {
    if (line.find('\n') != std::string::npos) {
      return Error{"a line for engine " + label() + " contains a newline: '" + line + "'"};
    }
    text += line;
    text += '\n';
  }
  auto written = process_.write_all(text, timeouts_.write);
  if (!written) {
    const std::string shown = lines.size() == 1 ? lines.front() : lines.front() + "' ...'";
    return fail("cannot send '" + shown + "' to engine " + label() + ": " + written.error(),
                ErrorKind::Crashed);
  }
  return Done{};
}

Expected<std::string> UciEngine::read_line(Milliseconds timeout) {
  if (!running()) return not_running();
  auto line = process_.read_line(timeout);
  if (!line) {
    return fail("cannot read from engine " + label() + ": " + line.error(), ErrorKind::Crashed);
  }
  if (!line->has_value()) {
    return Error{"engine " + label() + " wrote no line within " + ms_text(timeout),
                 ErrorKind::TimedOut};
  }
  return std::move(**line);
}

Expected<Done> UciEngine::read_until(std::string_view command, std::string_view wanted,
                                     Milliseconds timeout, std::vector<std::string>& seen) {
  if (!running()) return not_running();
  auto deadline = Clock::now() + timeout;
  std::string waiting = "'" + std::string(wanted) + "' in reply to '" + std::string(command) + "'";
  for (int count = 0; count < max_reply_lines; ++count) {
    auto left = std::chrono::ceil<Milliseconds>(deadline - Clock::now());
    auto line = process_.read_line(std::max(left, Milliseconds(0)));
    if (!line) {
      return fail("engine " + label() + " stopped before sending " + waiting + ": " + line.error());
    }
    if (!line->has_value()) {
      return fail("engine " + label() + " did not send " + waiting + " within " + ms_text(timeout) +
                  " (" + show_last_lines(seen) + ")");
    }
    seen.push_back(std::move(**line));
    if (first_word(seen.back()) == wanted) return Done{};
  }
  return fail("engine " + label() + " sent " + std::to_string(max_reply_lines) + " lines without " +
              waiting + " (" + show_last_lines(seen) + ")");
}

Expected<Done> UciEngine::wait_ready() {
  if (auto sent = send_line("isready"); !sent) return sent;
  std::vector<std::string> seen;
  return read_until("isready", "readyok", timeouts_.reply, seen);
}

Expected<Done> UciEngine::set_position(std::string_view fen, std::string_view uci_moves) {
  return send_line(position_command(fen, uci_moves));
}

Expected<DisplayedPosition> UciEngine::display() {
  if (auto sent = send_line("d"); !sent) return Error{sent.error()};
  std::vector<std::string> seen;
  if (auto done = read_until("d", "Checkers:", timeouts_.reply, seen); !done) {
    return Error{done.error()};
  }
  auto position = parse_displayed_position(seen);
  if (!position) {
    return Error{"engine " + label() + " answered 'd' badly: " + position.error()};
  }
  return position;
}

std::string UciEngine::close() {
  if (process_.pid() <= 0) return "not running";
  if (running()) {
    // The engine may already be gone; terminate() below says how it ended either way.
    (void)process_.write_all("quit\n", timeouts_.quit);
    std::string ended = process_.terminate(timeouts_.quit);
    failure_ = "it was closed (" + ended + ")";
    return ended;
  }
  return process_.terminate(Milliseconds(0));
}

}  // namespace zobrist_verify
