#include "zobrist_verify/doors/engine_perft.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <thread>
#include <utility>

#include "perft_text.h"
#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/divide_notation.h"
#include "zobrist_verify/doors/engine_faults.h"

namespace zobrist_verify {

namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;
using perft_text::quoted;
using perft_text::words_of;

// Lines a reply may have before its end: a divide has at most 218 moves, and room for chatter.
constexpr int MaxReplyLines = 1000;

// How long an engine that printed an error may stay quiet before it is taken to print no more.
constexpr Milliseconds RefusalQuiet(200);

// A position asked again alone on a fresh engine gets this many times the deadline: a reply that
// timed out under load is not a hang (EnginePerft::confirm_alone).
constexpr int ConfirmStretch = 5;

// How long a pipelined read waits before it asks for lines, while the engine has other requests
// to work on (EnginePerft::read_pipelined_reply).
constexpr std::chrono::microseconds PipelineNap(500);

// A line an engine may print at any time without being out of step: blank, an xboard comment
// ("# ..."), or UCI's "info string ...".
bool is_chatter(std::string_view line) {
  const std::size_t start = line.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) return true;
  line.remove_prefix(start);
  return line.front() == '#' || line.starts_with("info string");
}

std::vector<std::string> without_chatter(std::vector<std::string> lines) {
  std::erase_if(lines, [](const std::string& line) { return is_chatter(line); });
  return lines;
}

// "'e2e4: 20' (and 19 more lines)".
std::string lines_text(const std::vector<std::string>& lines) {
  std::string text = quoted(lines.front());
  if (lines.size() > 1) text += " (and " + std::to_string(lines.size() - 1) + " more lines)";
  return text;
}

// A send or a read that failed: a fault whatever its kind (an engine that stopped running says
// so with the default kind), never a refusal of the position.
Error as_fault(const Error& error) {
  return Error{error.message, error.kind == ErrorKind::Refused ? ErrorKind::Crashed : error.kind};
}

}  // namespace
Expected<std::unique_ptr<EnginePerft>> EnginePerft::open(
    std::unique_ptr<PerftConnection> connection, PerftDialogue dialogue, int deepest,
    Milliseconds timeout, PerftPipelining pipelining) {
  auto patterns = PerftPatterns::compile(std::move(dialogue), deepest);
  if (!patterns) return Error{patterns.error()};
  std::unique_ptr<EnginePerft> perft(
      new EnginePerft(std::move(connection), std::move(*patterns), timeout, std::move(pipelining)));
  if (auto first = perft->answers_start_position(); !first) {
    perft->connection_->kill("it cannot answer perft", ErrorKind::Crashed);
    return Error{engine_words(perft->engine_name()) +
                 " cannot be used: it cannot answer perft on the start position: " + first.error()};
  }
  return perft;
}

Expected<Done> EnginePerft::answers_start_position() {
  auto patterns = patterns_.at(1);
  if (!patterns) return patterns.failure();
  PerftReplyReader reader(std::move(*patterns));
  if (auto asked = ask("startpos", "", 1, reader); !asked) return asked.failure();
  // A divide with no move whose reply held a count: a total where a divide is read.
  if (totals_only() || !reader.divide().moves.empty() || reader.total_line().empty()) return Done{};
  return Error{"its reply has a count (" + quoted(reader.total_line()) + ") but no divide line" +
                   reader.totals_hint(),
               ErrorKind::AnsweredBadly};
}

Expected<DivideCounts> EnginePerft::divide(std::string_view fen, std::string_view uci_moves,
                                           int depth) {
  if (totals_only())
    return Error{engine_words(engine_name()) + " prints totals only (--perft-total-pattern)",
                 ErrorKind::AnsweredBadly};
  auto patterns = patterns_.at(depth);
  if (!patterns) return patterns.failure();
  PerftReplyReader reader(std::move(*patterns));
  if (auto asked = ask(fen, uci_moves, depth, reader); !asked) return asked.failure();
  return in_uci(fen, uci_moves, reader.divide());
}

Expected<DivideCounts> EnginePerft::in_uci(std::string_view fen, std::string_view uci_moves,
                                           DivideCounts divide) const {
  const PerftDialogue& dialogue = patterns_.dialogue();
  if (dialogue.divide_pattern.empty()) return divide;
  Expected<DivideCounts> read = divide_in_uci(fen, uci_moves, dialogue.chess960, std::move(divide));
  if (read) return read;
  return Error{engine_words(engine_name()) + " printed a divide of '" +
                   connection_->position_command(fen, uci_moves) +
                   "' that cannot be read: " + read.error(),
               read.error_kind()};
}

Expected<std::uint64_t> EnginePerft::total(std::string_view fen, std::string_view uci_moves,
                                           int depth) {
  auto patterns = patterns_.at(depth);
  if (!patterns) return patterns.failure();
  PerftReplyReader reader(std::move(*patterns));
  if (auto asked = ask(fen, uci_moves, depth, reader); !asked) return asked.failure();
  return reader.total();
}

bool EnginePerft::pipelined() const {
  return pipelining_.in_flight > 1 && bool(pipelining_.reopen) &&
         (!patterns_.dialogue().end_pattern.empty() || !connection_->has_reply_fence());
}

std::vector<std::string> EnginePerft::request_lines(std::string_view fen,
                                                    std::string_view uci_moves, int depth) const {
  const std::string position = connection_->position_command(fen, uci_moves);
  // The game's lines (xboard's "new", "force"), the position's (one for UCI; "setboard" and each
  // move for xboard), then the command.
  std::vector<std::string> lines = connection_->game_lines();
  for (std::size_t at = 0, next = 0; at <= position.size(); at = next + 1) {
    next = std::min(position.find('\n', at), position.size());
    lines.push_back(position.substr(at, next - at));
  }
  lines.push_back(patterns_.command(depth));
  return lines;
}

Expected<Done> EnginePerft::restart_if_stopped() {
  if (!broken_off_ && connection_->running()) return Done{};
  if (!pipelining_.reopen) return Done{};  // the stopped engine's calls say why it stopped
  auto fresh = pipelining_.reopen();
  if (!fresh)
    return Error{engine_words(engine_name()) + " could not be started again: " + fresh.error(),
                 ErrorKind::Crashed};
  connection_ = std::move(*fresh);
  broken_off_ = false;
  positions_sent_ = moves_sent_ = 0;
  return Done{};
}

void EnginePerft::count_sent(std::string_view uci_moves) {
  ++positions_sent_;
  moves_sent_ += words_of(uci_moves).size();
}

Expected<DivideCounts> EnginePerft::counts(std::string_view fen, std::string_view uci_moves,
                                           int depth) {
  if (!totals_only()) return divide(fen, uci_moves, depth);
  auto nodes = total(fen, uci_moves, depth);
  if (!nodes) return nodes.failure();
  DivideCounts counts;
  counts.nodes = *nodes;
  return counts;
}

std::string PerftConfirmation::late_lines_text() const {
  return late_lines.empty() ? std::string() : lines_text(late_lines);
}

PerftConfirmation EnginePerft::confirm_alone(std::string_view fen, std::string_view uci_moves,
                                             int depth) {
  PerftConfirmation confirmation;
  confirmation.history =
      std::to_string(positions_sent_) + " positions and " + std::to_string(moves_sent_) + " moves";
  if (!broken_off_ && connection_->running())
    if (auto late = connection_->fence_lines(timeout_); late)
      confirmation.late_lines = without_chatter(std::move(*late));
  (void)connection_->kill("stopped to ask a position again alone on a fresh engine",
                          ErrorKind::AnsweredBadly);
  broken_off_ = true;
  if (!pipelining_.reopen) {
    confirmation.answer =
        Error{engine_words(engine_name()) + " cannot be started again here", ErrorKind::GaveUp};
    return confirmation;
  }
  if (auto restarted = restart_if_stopped(); !restarted) {
    confirmation.answer = Error{restarted.error(), ErrorKind::GaveUp};
    return confirmation;
  }
  const Milliseconds usual = timeout_;
  timeout_ = usual * ConfirmStretch;
  confirmation.answer = counts(fen, uci_moves, depth);
  if (confirmation.answer && connection_->has_reply_fence() &&
      patterns_.dialogue().end_pattern.empty()) {
    // The reply ended at a fence's answer: it is whole only if no line of it comes after.
    auto after = connection_->fence_lines(timeout_);
    if (!after) {
      confirmation.answer = as_fault(after.failure());
    } else if (std::vector<std::string> late = without_chatter(std::move(*after)); !late.empty()) {
      const Error error = answered_badly(
          engine_name(), "'" + patterns_.command(depth) + "'",
          "it printed " + lines_text(late) +
              " after its answer to the fence that ends a reply: its perft lines come after the " +
              "fence, so no reply of it can be read whole (--perft-end-pattern names the line " +
              "that ends one)");
      confirmation.answer = connection_->kill(error.message, error.kind);
    }
  }
  timeout_ = usual;
  return confirmation;
}

Expected<Done> EnginePerft::read_pipelined_reply(PerftReplyReader& reader, bool engine_busy) {
  const auto deadline = Clock::now() + timeout_;
  std::string line;
  for (int count = 0; count < MaxReplyLines; ++count) {
    if (!connection_->take_buffered_line(line)) {
      // Stockfish writes every line of a divide on its own: with more requests queued, a short
      // nap lets one read take the lines of many replies, instead of waking up for each line.
      if (engine_busy) std::this_thread::sleep_for(PipelineNap);
      const auto left =
          std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
      auto read = connection_->read_line(left);
      if (!read) return read.failure();
      line = std::move(*read);
    }
    const PerftReplyReader::Step step = reader.take(line);
    if (step == PerftReplyReader::Step::Done || step == PerftReplyReader::Step::Inconsistent)
      return Done{};
    if (step == PerftReplyReader::Step::Refused) return Error{line, ErrorKind::Refused};
    if (step != PerftReplyReader::Step::More)
      return Error{reader.why().empty() ? quoted(line) : reader.why(), ErrorKind::AnsweredBadly};
  }
  return Error{std::to_string(MaxReplyLines) + " lines without the end of a reply",
               ErrorKind::AnsweredBadly};
}

std::vector<Expected<DivideCounts>> EnginePerft::ask_many(
    const std::vector<PerftPosition>& positions, int depth) {
  std::vector<Expected<DivideCounts>> answers;
  answers.reserve(positions.size());
  const Expected<PerftDepthPatterns> at_depth = patterns_.at(depth);
  if (!at_depth) {
    answers.assign(positions.size(), at_depth.failure());
    return answers;
  }
  const auto alone = [&](const PerftPosition& p) -> Expected<DivideCounts> {
    PerftReplyReader reader(*at_depth);
    if (auto asked = ask(p.fen, p.moves, depth, reader); !asked) return asked.failure();
    return in_uci(p.fen, p.moves, reader.divide());
  };
  if (!pipelined()) {
    for (const PerftPosition& p : positions) answers.push_back(alone(p));
    return answers;
  }
  if (auto restarted = restart_if_stopped(); !restarted) {
    for (std::size_t i = 0; i < positions.size(); ++i) answers.push_back(restarted.failure());
    return answers;
  }
  PerftConnection* connection = connection_.get();
  ReplyFraming framing;
  framing.refuses = [connection](std::string_view line) { return connection->refuses(line); };
  // Requests go out in batches of half the bound: one write carries many, and the engine always
  // has some to work on while the replies to the others are read.
  const std::size_t bound = std::size_t(pipelining_.in_flight);
  std::size_t sent = 0;
  Expected<Done> read = Done{};
  while (answers.size() < positions.size()) {
    if (sent - answers.size() <= bound / 2 && sent < positions.size()) {
      std::vector<std::string> lines;
      const std::size_t first = sent;
      for (; sent < positions.size() && sent - answers.size() < bound; ++sent)
        for (std::string& line : request_lines(positions[sent].fen, positions[sent].moves, depth))
          lines.push_back(std::move(line));
      if (!connection_->send_lines(lines)) break;
      for (std::size_t i = first; i < sent; ++i) count_sent(positions[i].moves);
    }
    PerftReplyReader reader(*at_depth, framing);
    read = read_pipelined_reply(reader, sent - answers.size() > 2);
    if (!read) break;
    if (reader.inconsistent())  // in step: only this answer is not taken (the caller asks alone)
      answers.push_back(Error{
          engine_words(engine_name()) + ": " + reader.why() + " (with other requests in flight)",
          ErrorKind::AnsweredBadly});
    else
      answers.push_back(
          in_uci(positions[answers.size()].fen, positions[answers.size()].moves, reader.divide()));
  }
  if (answers.size() < positions.size()) {
    // Out of step from here: the engine is stopped, and the rest are for the caller to ask alone.
    const std::string why = "its reply to '" + patterns_.command(depth) + "' after '" +
                            connection_->position_command(positions[answers.size()].fen,
                                                          positions[answers.size()].moves) +
                            "' was not a complete perft reply with other requests in flight";
    (void)connection_->kill("a pipeline was broken off: " + why, ErrorKind::AnsweredBadly);
    broken_off_ = true;
    // An engine that died or went silent there: that position's error says how, and what the
    // engine had been sent, for the caller to tell a fault that depends on it.
    if (!read &&
        (read.error_kind() == ErrorKind::Crashed || read.error_kind() == ErrorKind::TimedOut))
      answers.push_back(Error{read.error() + " (it had been sent " +
                                  std::to_string(positions_sent_) + " positions and " +
                                  std::to_string(moves_sent_) + " moves since it started)",
                              read.error_kind()});
    while (answers.size() < positions.size())
      answers.push_back(Error{engine_words(engine_name()) + ": " + why, ErrorKind::AnsweredBadly});
  }
  return answers;
}

Expected<Done> EnginePerft::ask(std::string_view fen, std::string_view uci_moves, int depth,
                                PerftReplyReader& reader) {
  if (auto restarted = restart_if_stopped(); !restarted) return restarted;
  const std::string position = connection_->position_command(fen, uci_moves);
  const std::string command = patterns_.command(depth);
  std::vector<std::string> lines = request_lines(fen, uci_moves, depth);
  PerftConnection* connection = connection_.get();
  ReplyFraming framing;
  framing.refuses = [connection](std::string_view line) { return connection->refuses(line); };
  // Without an end pattern, a protocol's fence that waits for the perft lines ends the reply.
  std::string fence;
  if (patterns_.dialogue().end_pattern.empty()) fence = connection_->reply_fence();
  if (!fence.empty()) {
    lines.push_back(fence);
    framing.ends = [connection](std::string_view line) {
      return connection->answers_reply_fence(line);
    };
  }
  reader.frame(std::move(framing));
  if (auto sent = connection_->send_lines(lines); !sent) return as_fault(sent.failure());
  count_sent(uci_moves);
  const std::string asked = "'" + command + "' after '" + position + "'";
  // Every fault below leaves the engine out of step with us: it is stopped, and the error says
  // what the engine was asked.
  const auto fault = [&](const std::string& why) {
    const Error error = answered_badly(engine_name(), asked, why);
    return connection_->kill(error.message, error.kind);
  };
  const std::string end_words =
      !patterns_.dialogue().end_pattern.empty() ? "no line matching --perft-end-pattern"
      : !fence.empty() ? "no answer to the fence '" + fence + "' sent after the perft command"
      : totals_only()  ? "no line matching --perft-total-pattern"
                       : "no 'Nodes searched:' line";
  const auto deadline = Clock::now() + timeout_;
  for (int count = 0; count < MaxReplyLines; ++count) {
    const auto left =
        std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
    auto line = connection_->read_line(left);
    if (!line) {
      if (!connection_->running() || line.error_kind() != ErrorKind::TimedOut)
        return as_fault(line.failure());  // it died; the error says how
      return fault(end_words + " within " + std::to_string(timeout_.count()) + " ms (" +
                   std::to_string(count) + " lines read)");
    }
    switch (reader.take(*line)) {
      case PerftReplyReader::Step::More:
        continue;
      case PerftReplyReader::Step::Done:
        return Done{};
      case PerftReplyReader::Step::Bad:
      case PerftReplyReader::Step::Inconsistent:
        return fault(reader.why());
      case PerftReplyReader::Step::Search:
        return fault("a search's line " + quoted(*line) +
                     " came where a perft count was expected: it has no perft command by that " +
                     "name (--perft-command names another)");
      case PerftReplyReader::Step::Refused: {
        // The rest of its reply (up to its end, or until it has been quiet for RefusalQuiet),
        // then a fence, so that the engine stays in step.
        for (int rest = 0; rest < MaxReplyLines; ++rest) {
          const auto wait = std::min(
              std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0)),
              RefusalQuiet);
          auto after = connection_->read_line(wait);
          if (!after) {
            if (!connection_->running() || after.error_kind() != ErrorKind::TimedOut)
              return as_fault(after.failure());
            break;  // quiet: it printed all it will
          }
          if (reader.ends(*after)) break;
        }
        if (!connection_->fence())
          return fault("it printed " + quoted(*line) + ", then did not answer the fence");
        return Error{engine_words(engine_name()) + " refused '" + position + "': " + *line,
                     ErrorKind::Refused};
      }
    }
  }
  return fault(std::to_string(MaxReplyLines) + " lines with " + end_words);
}

}  // namespace zobrist_verify
