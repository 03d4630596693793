#include "zobrist_verify/doors/engine_perft.h"

#include <utility>

#include "zobrist_verify/doors/engine_faults.h"

namespace zobrist_verify {

namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// Lines a divide may have before its total: at most 218 moves, and room for info lines.
constexpr int MaxDivideLines = 1000;

}  // namespace

Expected<DivideCounts> engine_perft_divide(UciEngine& engine, std::string_view fen,
                                           std::string_view uci_moves, int depth,
                                           Milliseconds timeout) {
  const std::string position = position_command(fen, uci_moves);
  const std::string go = "go perft " + std::to_string(depth);
  if (auto sent = engine.send_line(position); !sent) return Error{sent.error()};
  if (auto sent = engine.send_line(go); !sent) return Error{sent.error()};
  // Every fault below leaves the engine out of step with us: it is stopped, and the error says
  // what the engine was asked.
  auto fault = [&](const std::string& why) {
    engine.close();
    return answered_badly(engine.name(), "'" + go + "' after '" + position + "'", why);
  };
  DivideCounts divide;
  const auto deadline = Clock::now() + timeout;
  for (int count = 0; count < MaxDivideLines; ++count) {
    const auto left =
        std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
    auto line = engine.read_line(left);
    if (!line) {
      if (!engine.running()) return Error{line.error()};  // it died; the error says how
      return fault("no 'Nodes searched:' line within " + std::to_string(timeout.count()) + " ms (" +
                   std::to_string(divide.moves.size()) + " moves read)");
    }
    auto parsed = parse_divide_line(*line);
    if (!parsed) return fault(parsed.error());
    if (parsed->kind == DivideLine::Kind::Move) {
      divide.moves.emplace_back(std::move(parsed->move), parsed->count);
    } else if (parsed->kind == DivideLine::Kind::Total) {
      divide.nodes = parsed->count;
      if (auto total = check_divide_total(divide); !total) return fault(total.error());
      return divide;
    }
  }
  return fault(std::to_string(MaxDivideLines) + " lines without 'Nodes searched:'");
}

Expected<UciEngine> start_perft_engine(const std::vector<std::string>& argv,
                                       EngineTimeouts timeouts, bool chess960) {
  auto engine = UciEngine::start(argv, timeouts);
  if (!engine) return Error{engine.error()};
  if (chess960) {
    if (!engine->has_option("UCI_Chess960"))
      return Error{engine_words(engine->name()) +
                   " offers no UCI_Chess960 option, so it cannot be given Chess960 positions"};
    if (auto sent = engine->send_line("setoption name UCI_Chess960 value true"); !sent)
      return Error{sent.error()};
    if (auto ready = engine->wait_ready(); !ready) return Error{ready.error()};
  }
  auto first = engine_perft_divide(*engine, "startpos", "", 1, timeouts.reply);
  if (!first)
    return Error{engine_words(engine->name()) +
                 " cannot answer perft on the start position: " + first.error()};
  return std::move(*engine);
}

}  // namespace zobrist_verify
