#include "zobrist_verify/doors/uci_engine.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <utility>

#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/protocol_hint.h"

namespace zobrist_verify {
UciHandshake read_uci_handshake(const std::vector<std::string>& lines) {
  UciHandshake handshake;
  for (const std::string& line : lines) {
    std::string_view rest;
    const std::string_view word = first_word(line, &rest);
    std::string_view value;
    if (word == "id" && first_word(rest, &value) == "name" && !value.empty())
      handshake.name = engine_name_text(value);  // it goes into every message and report
    if (word != "option" || first_word(rest, &value) != "name") continue;
    const std::string_view name = trim_line(value.substr(0, value.find(" type ")));
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
  if (!fen) return Error{"no 'Fen:' line (" + printed_lines_text(lines) + ")"};
  if (!key) return Error{"no 'Key:' line (" + printed_lines_text(lines) + ")"};
  if (!checkers) return Error{"no 'Checkers:' line (" + printed_lines_text(lines) + ")"};
  return DisplayedPosition{std::move(*fen), *key, std::move(*checkers)};
}

std::string position_command(std::string_view fen, std::string_view uci_moves) {
  std::string command =
      fen == "startpos" ? "position startpos" : "position fen " + std::string(trim_line(fen));
  uci_moves = trim_line(uci_moves);
  if (!uci_moves.empty()) command += " moves " + std::string(uci_moves);
  return command;
}

Expected<UciEngine> UciEngine::start(const std::vector<std::string>& argv, EngineTimeouts timeouts,
                                     SentLinesTap tap) {
  auto process = EngineProcess::spawn(argv, timeouts, std::move(tap));
  if (!process) return Error{process.error()};
  UciEngine engine(std::move(*process));
  if (auto sent = engine.send_line("uci"); !sent) return sent.failure();
  std::vector<std::string> seen;
  // An xboard engine sent "uci" (it answers "Illegal move: uci", or prints nothing of UCI's) is
  // told which --protocol to give.
  const ReplyWatch watch{[](std::string_view line) { return refuses_command(line, "uci"); },
                         [](const std::vector<std::string>& lines) {
                           return other_protocol_hint(EngineProtocol::Uci, lines);
                         }};
  if (auto done = engine.process_.read_until("uci", "uciok", timeouts.handshake, seen, watch);
      !done)
    return done.failure();
  UciHandshake handshake = read_uci_handshake(seen);
  if (!handshake.name.empty()) engine.process_.set_name(std::move(handshake.name));
  engine.option_names_ = std::move(handshake.option_names);
  return engine;
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

Expected<Done> UciEngine::wait_ready() {
  return wait_ready(process_.timeouts().reply);
}

Expected<Done> UciEngine::wait_ready(std::chrono::milliseconds timeout) {
  if (auto sent = send_line("isready"); !sent) return sent;
  std::vector<std::string> seen;
  return process_.read_until("isready", "readyok", timeout, seen);
}

Expected<std::vector<std::string>> UciEngine::lines_before_ready(
    std::chrono::milliseconds timeout) {
  if (auto sent = send_line("isready"); !sent) return sent.failure();
  std::vector<std::string> seen;
  if (auto ready = process_.read_until("isready", "readyok", timeout, seen); !ready)
    return ready.failure();
  seen.pop_back();  // the readyok
  return seen;
}

Expected<Done> UciEngine::set_position(std::string_view fen, std::string_view uci_moves) {
  return send_line(position_command(fen, uci_moves));
}

Expected<DisplayedPosition> UciEngine::display() {
  if (auto sent = send_line("d"); !sent) return Error{sent.error()};
  std::vector<std::string> seen;
  if (auto done = process_.read_until("d", "Checkers:", process_.timeouts().reply, seen); !done)
    return done.failure();
  auto position = parse_displayed_position(seen);
  if (!position) {
    return Error{"engine " + process_.label() + " answered 'd' badly: " + position.error()};
  }
  return position;
}

}  // namespace zobrist_verify
