#include "zobrist_verify/doors/xboard_engine.h"

#include <algorithm>
#include <utility>

#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/protocol_hint.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

Milliseconds left_until(Clock::time_point deadline) {
  return std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
}

}  // namespace

Expected<XboardEngine> XboardEngine::start(const std::vector<std::string>& argv,
                                           EngineTimeouts timeouts, SentLinesTap tap,
                                           XboardGames games) {
  auto process = EngineProcess::spawn(argv, timeouts, std::move(tap));
  if (!process) return Error{process.error()};
  XboardEngine engine(std::move(*process));
  engine.games_ = games;
  if (auto greeted = engine.handshake(); !greeted) return greeted.failure();
  return engine;
}

Expected<Done> XboardEngine::handshake() {
  if (auto sent = send_handshake({"xboard", "protover 2"}); !sent) return sent.failure();
  const auto start = Clock::now();
  std::vector<std::string> seen;
  Clock::time_point first_line{};
  while (!features_.done()) {
    // CECP's two seconds for "done=1", counted from the engine's first line (an engine may take
    // longer than that to start), or the handshake timeout once it asked for more ("done=0").
    const auto deadline =
        features_.waits_longer() || seen.empty()
            ? start + process_.timeouts().handshake
            : std::min(first_line + XboardFeatureWait, start + process_.timeouts().handshake);
    if (int(seen.size()) >= max_reply_lines)
      return process_.kill("engine " + process_.label() + " sent " +
                           std::to_string(max_reply_lines) +
                           " lines without 'feature done=1' in reply to 'protover 2'" +
                           other_protocol_hint(EngineProtocol::Xboard, seen));
    auto line = process_.read_line(left_until(deadline));
    if (!line && line.error_kind() == ErrorKind::TimedOut) {
      if (features_.waits_longer())
        return process_.kill("engine " + process_.label() +
                             " sent 'feature done=0' but no 'feature done=1' within " +
                             std::to_string(process_.timeouts().handshake.count()) + " ms (" +
                             printed_lines_text(seen) + ")");
      break;  // no done=1 in time: CECP takes the features announced so far
    }
    if (!line)
      return Error{"engine " + process_.label() +
                   " stopped before completing the xboard handshake: " + line.error() +
                   other_protocol_hint(EngineProtocol::Xboard, seen)};
    if (seen.empty()) first_line = Clock::now();
    seen.push_back(std::move(*line));
    // A UCI engine sent "xboard" ("Unknown command: 'xboard'") is told which --protocol to give.
    if (refuses_command(seen.back(), "xboard"))
      return process_.kill("engine " + process_.label() + " answered 'xboard' with '" +
                               visible_text(seen.back().substr(0, 200)) + "'" +
                               other_protocol_hint(EngineProtocol::Xboard, seen),
                           ErrorKind::AnsweredBadly);
    if (auto taken = features_.take_line(seen.back()); !taken)
      return process_.kill("engine " + process_.label() +
                           " cannot be used over xboard: " + taken.error());
    if (std::vector<std::string> replies = features_.take_replies(); !replies.empty())
      if (auto sent = send_handshake(replies); !sent) return sent.failure();
  }
  if (!features_.myname().empty()) process_.set_name(engine_name_text(features_.myname()));
  if (std::optional<std::string> missing = features_.missing_features())
    return process_.kill("engine " + process_.label() + " cannot be used over xboard: " + *missing +
                         (features_.done() ? "" : " (and it sent no 'feature done=1')") +
                         other_protocol_hint(EngineProtocol::Xboard, seen));
  if (std::optional<std::string> variants = features_.no_normal_chess())
    return process_.kill("engine " + process_.label() +
                         " cannot be used over xboard: " + *variants);
  // Force mode: the engine plays neither side, whatever position it is given. The door never
  // asks for a search, so an engine that takes "memory" gets the least, 1 MB: "new", sent before
  // each position, clears its tables (Fairy-Stockfish 11.1 then takes 26 ms a "new" instead of
  // 48 ms with its default 16 MB).
  std::vector<std::string> start_game = {"new", "force"};
  if (features_.memory()) start_game.insert(start_game.begin(), "memory 1");
  if (auto sent = send_handshake(start_game); !sent) return sent.failure();
  chess960_game_ = false;
  handshake_lines_.push_back("ping " + std::to_string(pings_ + 1));  // the fence's own
  if (auto fenced = fence(process_.timeouts().handshake); !fenced) return fenced.failure();
  return Done{};
}

Expected<Done> XboardEngine::send_handshake(const std::vector<std::string>& lines) {
  handshake_lines_.insert(handshake_lines_.end(), lines.begin(), lines.end());
  return process_.send_lines(lines);
}

std::vector<std::string> XboardEngine::game_lines(bool chess960) {
  std::vector<std::string> lines;
  if (games_ == XboardGames::NewEachPosition) {
    lines.emplace_back("new");
    if (chess960)
      lines.emplace_back("variant fischerandom");
    else if (chess960_game_ != false)
      lines.emplace_back("variant normal");
    lines.emplace_back("force");
    chess960_game_ = chess960;
    return lines;
  }
  if (chess960_game_ != chess960) {
    // "new" should bring the normal variant back; Fairy-Stockfish 11.1 stays in Chess960 unless
    // told "variant normal".
    lines = {"new", "force", chess960 ? "variant fischerandom" : "variant normal"};
    chess960_game_ = chess960;
  }
  return lines;
}

std::vector<std::string> XboardEngine::position_lines(std::string_view fen,
                                                      std::string_view uci_moves, bool chess960) {
  std::vector<std::string> lines = game_lines(chess960);
  for (std::string& line : xboard_position_lines(fen, uci_moves, features_.usermove()))
    lines.push_back(std::move(line));
  return lines;
}

Expected<Done> XboardEngine::set_position(std::string_view fen, std::string_view uci_moves,
                                          bool chess960) {
  return process_.send_lines(position_lines(fen, uci_moves, chess960));
}

Expected<std::vector<std::string>> XboardEngine::fence(Milliseconds timeout) {
  std::uint64_t number = 0;
  const std::string ping = next_ping(number);
  if (auto sent = process_.send_line(ping); !sent) return sent.failure();
  const auto deadline = Clock::now() + timeout;
  std::vector<std::string> seen;
  while (int(seen.size()) < max_reply_lines) {
    auto line = process_.read_line(left_until(deadline));
    if (!line && line.error_kind() == ErrorKind::TimedOut)
      return process_.kill("engine " + process_.label() + " did not answer '" + ping + "' within " +
                               std::to_string(timeout.count()) + " ms (" +
                               printed_lines_text(seen) + ")",
                           ErrorKind::TimedOut);
    if (!line) return line.failure();
    if (std::optional<std::uint64_t> pong = pong_number(*line)) {
      if (*pong == number) return seen;
      return process_.kill("engine " + process_.label() + " answered '" + ping + "' with '" +
                               visible_text(*line) + "' (a pong no ping of ours was waiting for)",
                           ErrorKind::AnsweredBadly);
    }
    seen.push_back(std::move(*line));
  }
  return process_.kill("engine " + process_.label() + " sent " + std::to_string(max_reply_lines) +
                           " lines without the 'pong' of '" + ping + "'",
                       ErrorKind::Crashed);
}

}  // namespace zobrist_verify
