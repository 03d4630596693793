#include "zobrist_verify/doors/engine_perft.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "zobrist_verify/doors/engine_faults.h"

namespace zobrist_verify {

namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// Lines a divide may have before its total: at most 218 moves, and room for info lines.
constexpr int MaxDivideLines = 1000;

// How long an engine that printed an error may stay quiet before it is taken to print no more.
constexpr Milliseconds RefusalQuiet(200);

std::string lowered(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return char(std::tolower(c)); });
  return out;
}

// Whether `word` (its trailing ':' aside) says the engine would not take the position.
bool is_refusal_word(std::string_view word) {
  if (word.ends_with(':')) word.remove_suffix(1);
  const std::string w = lowered(word);
  return w == "error" || w == "illegal" || w == "invalid";
}

// Lines after an error: the rest of its reply (up to a "Nodes searched:" line, or until the
// engine has been quiet for RefusalQuiet), then an isready fence. False when it does not settle.
bool settle_after_refusal(UciEngine& engine, Clock::time_point deadline) {
  for (int count = 0; count < MaxDivideLines; ++count) {
    const auto left =
        std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
    auto line = engine.read_line(std::min(left, RefusalQuiet));
    if (!line) {
      if (!engine.running() || line.error_kind() != ErrorKind::TimedOut) return false;
      break;  // quiet: it printed all it will
    }
    if (line->starts_with("Nodes searched:")) break;
  }
  return engine.wait_ready().has_value();
}

// A send or a read that failed: a fault whatever its kind (an engine that stopped running says
// so with the default kind), never a refusal of the position.
Error as_fault(const Error& error) {
  return Error{error.message, error.kind == ErrorKind::Refused ? ErrorKind::Crashed : error.kind};
}

}  // namespace

bool is_perft_refusal_line(std::string_view line) {
  std::string_view rest = line;
  const auto next_word = [&rest] {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
    const std::size_t end = std::min(rest.find_first_of(" \t"), rest.size());
    const std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
  };
  std::string_view word = next_word();
  if (word == "info") {
    if (next_word() != "string") return false;
    word = next_word();
  }
  return is_refusal_word(word);
}

Expected<DivideCounts> engine_perft_divide(UciEngine& engine, std::string_view fen,
                                           std::string_view uci_moves, int depth,
                                           Milliseconds timeout) {
  const std::string position = position_command(fen, uci_moves);
  const std::string go = "go perft " + std::to_string(depth);
  if (auto sent = engine.send_line(position); !sent) return as_fault(sent.failure());
  if (auto sent = engine.send_line(go); !sent) return as_fault(sent.failure());
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
      if (!engine.running()) return as_fault(line.failure());  // it died; the error says how
      return fault("no 'Nodes searched:' line within " + std::to_string(timeout.count()) + " ms (" +
                   std::to_string(divide.moves.size()) + " moves read)");
    }
    if (divide.moves.empty() && is_perft_refusal_line(*line)) {
      if (!settle_after_refusal(engine, deadline))
        return fault("it printed '" + *line + "', then did not answer isready");
      return Error{engine_words(engine.name()) + " refused '" + position + "': " + *line,
                   ErrorKind::Refused};
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
