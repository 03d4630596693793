#include "zobrist_verify/doors/uci_dialect.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <optional>
#include <utility>

#include "zobrist_verify/core/visible_text.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/reply_checks.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// The reply of one request may not be longer than this (Stockfish's `d` prints about 22 lines).
constexpr int MaxReplyLines = 1000;

// A line of the engine's, cut to 120 bytes, its unprintable bytes as \xNN; a line longer than
// the patterns match says so.
std::string quoted(const std::string& line) {
  std::string text =
      "'" + visible_text(line.size() > 120 ? line.substr(0, 120) + "..." : line) + "'";
  if (line.size() > KeyPattern::MaxMatchedLength)
    text += " (a line of " + std::to_string(line.size()) + " bytes, matched on its first " +
            std::to_string(KeyPattern::MaxMatchedLength) + ")";
  return text;
}

class UciDialect final : public EngineDialect {
 public:
  UciDialect(const EngineDoorOptions& options, KeyPattern pattern, KeyPattern fen_pattern)
      : argv_(options.argv),
        key_command_(options.key_command),
        timeout_(options.timeout),
        keys_(std::move(pattern), options.key_base),
        fen_pattern_(std::move(fen_pattern)) {}

  Expected<Done> start(EngineTranscript& transcript) override;
  bool running() const override { return engine_ && engine_->running(); }
  const std::string& engine_name() const override { return name_; }
  bool offers_chess960() const override { return offers_chess960_; }
  std::string position_command(std::string_view fen, std::string_view moves) const override {
    return zobrist_verify::position_command(fen, moves);
  }
  bool send(const std::string& position_command, bool chess960,
            EngineTranscript& transcript) override;
  Expected<Key> read_reply(const std::string& position_command, std::string_view expected_fen,
                           bool chess960) override;
  std::string key_reading() const override { return keys_.reading(); }
  std::optional<KeyBase> key_base() const override { return keys_.base(); }
  std::string stop() override { return engine_ ? engine_->close() : "not running"; }
  std::string quit(EngineTranscript& transcript) override;

 private:
  // The next line of a reply into line_, by `deadline`. A hang or a death stops the engine.
  [[nodiscard]] Expected<Done> next_line(Clock::time_point deadline, const std::string& asked);
  // The key on a line that matches the key pattern, or why what matched is not a key.
  std::optional<Expected<Key>> key_on(const std::string& line, const std::string& asked);
  // A reply of `count` lines without a key; `last` holds its last three lines (a ring).
  Error no_key(const std::string& asked, int count, const std::array<std::string, 3>& last) const;
  // A line that shows the replies are out of step with the requests: the engine is stopped.
  Error desynchronised(const std::string& asked, const std::string& line, const std::string& why);

  std::vector<std::string> argv_;
  std::string key_command_;
  Milliseconds timeout_;
  KeyReader keys_;
  KeyPattern fen_pattern_;
  bool keys_seen_ = false;  // some reply had a key: a reply without one is out of step
  std::optional<UciEngine> engine_;
  std::string name_;
  bool offers_chess960_ = false;
  std::optional<bool> chess960_mode_;  // UCI_Chess960 as last set on the running engine
  std::string line_;                   // the line being read (kept, so that its storage is reused)
};

Expected<Done> UciDialect::start(EngineTranscript& transcript) {
  EngineTimeouts timeouts;
  // Engines load their networks and tables before "uciok": the handshake gets at least 10 s.
  timeouts.handshake = std::max(timeout_, Milliseconds(10'000));
  timeouts.reply = timeout_;
  timeouts.write = timeout_;
  timeouts.quit = Milliseconds(200);
  transcript.write("uci\n");
  auto engine = UciEngine::start(argv_, timeouts);
  if (!engine) return Error{engine.error()};
  transcript.write("isready\n");
  if (auto ready = engine->wait_ready(); !ready) return Error{ready.error()};
  name_ = engine->name();
  offers_chess960_ = engine->has_option("UCI_Chess960");
  chess960_mode_.reset();
  engine_.emplace(std::move(*engine));
  return Done{};
}

bool UciDialect::send(const std::string& position_command, bool chess960,
                      EngineTranscript& transcript) {
  if (!running()) return false;
  std::vector<std::string> lines;
  if (offers_chess960_ && chess960_mode_ != chess960) {
    lines.push_back(std::string("setoption name UCI_Chess960 value ") +
                    (chess960 ? "true" : "false"));
    chess960_mode_ = chess960;
  }
  lines.push_back(position_command);
  lines.push_back(key_command_);
  // "isready" ends the reply, whatever the key command prints.
  lines.push_back("isready");
  for (const std::string& line : lines) transcript.write(line + '\n');
  return engine_->send_lines(lines).has_value();
}

// Each request is "position", the key command and "isready": its reply is every line up to
// "readyok". A line reporting an error (reply_checks.h) makes it a refusal; the key is the one line
// matching the key pattern; the FEN, when the engine shows one, must be the position set up. A
// second key or FEN, or a "readyok" with no key before it once keys have come, is a line no
// request asked for: the replies are out of step, and the engine is stopped (AnsweredBadly).
Expected<Key> UciDialect::read_reply(const std::string& position_command,
                                     std::string_view expected_fen, bool chess960) {
  const std::string asked = "'" + position_command + "' then '" + key_command_ + "'";
  if (!running()) return not_running_for(asked);
  const auto deadline = Clock::now() + timeout_;
  std::optional<Expected<Key>> found;
  std::optional<std::string> shown_fen, fen_line, error_line;
  // The last three lines, for the messages (a ring whose strings keep their storage).
  std::array<std::string, 3> last;
  for (int count = 0; count < MaxReplyLines; ++count) {
    if (auto read = next_line(deadline, asked); !read) return read.failure();
    if (first_word(line_) == "readyok") {
      if (error_line)
        return Error{engine_words(name_) + " refused the position of " + asked + ": it printed " +
                     quoted(*error_line)};
      if (!found) {
        if (count == 0)
          return desynchronised(asked, line_,
                                "before anything else of its reply (a 'readyok' "
                                "no request was waiting for)");
        if (keys_seen_)
          return desynchronised(asked, line_,
                                "with no key before it, after " + std::to_string(count) +
                                    " lines (a 'readyok' no request was waiting for, or a reply "
                                    "cut short)");
        const Error none = no_key(asked, count, last);
        return engine_->kill(none.message, none.kind);
      }
      if (!*found) return engine_->kill(found->error(), found->error_kind());
      if (*found) keys_seen_ = true;
      if (shown_fen && !expected_fen.empty()) {
        if (auto difference = shown_position_difference(*shown_fen, expected_fen, chess960))
          return Error{engine_words(name_) + " holds another position than " + asked +
                       " sets up: it printed " + quoted(*fen_line) + " (" + *difference + ")"};
      }
      return std::move(*found);
    }
    if (std::optional<std::string> fen = fen_pattern_.key_text(line_)) {
      if (shown_fen)
        return desynchronised(asked, line_,
                              "after " + quoted(*fen_line) +
                                  " (two positions shown "
                                  "for one request)");
      shown_fen = std::move(fen);
      fen_line = line_;
    } else if (std::optional<Expected<Key>> key = key_on(line_, asked)) {
      if (found)
        return desynchronised(asked, line_, "after another key (two keys for one request)");
      found = std::move(key);
    } else if (!error_line && reports_error(line_)) {
      error_line = line_;
    }
    last[std::size_t(count % 3)].assign(line_);
  }
  const Error flood = reply_flooded(name_, asked, MaxReplyLines, "readyok");
  return engine_->kill(flood.message, flood.kind);
}

Error UciDialect::desynchronised(const std::string& asked, const std::string& line,
                                 const std::string& why) {
  const Error out_of_step =
      answered_badly(name_, asked, "desynchronised: it printed " + quoted(line) + " " + why);
  return engine_->kill(out_of_step.message, out_of_step.kind);
}

Expected<Done> UciDialect::next_line(Clock::time_point deadline, const std::string& asked) {
  // Most lines are already buffered: only a wait needs the clock and a system call.
  if (engine_->take_buffered_line(line_)) return Done{};
  const auto left =
      std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
  Expected<std::string> read = engine_->read_line(left);
  if (!read) {
    if (read.error_kind() == ErrorKind::TimedOut) {
      const Error hung = reply_timed_out(name_, asked, timeout_);
      return engine_->kill(hung.message, hung.kind);
    }
    return died_answering(name_, asked, read.error());
  }
  line_ = std::move(*read);
  return Done{};
}

std::optional<Expected<Key>> UciDialect::key_on(const std::string& line, const std::string& asked) {
  std::optional<std::string> text = keys_.pattern().key_text(line);
  if (!text) return std::nullopt;
  Expected<Key> key = keys_.read(*text);
  if (key) return key;
  return Error{engine_words(name_) + " printed " + quoted(line) + " for " + asked +
                   ", which is not a key: " + key.error(),
               ErrorKind::AnsweredBadly};
}

Error UciDialect::no_key(const std::string& asked, int count,
                         const std::array<std::string, 3>& last) const {
  std::string shown;
  for (int i = std::max(0, count - 3); i < count; ++i)
    shown += (shown.empty() ? "" : ", ") + quoted(last[std::size_t(i % 3)]);
  return Error{engine_words(name_) + " printed no line matching the key pattern '" +
                   keys_.pattern().text() + "' in its reply to " + asked + " (" +
                   std::to_string(count) + " lines" +
                   (shown.empty() ? std::string() : ", the last: " + shown) + ")",
               ErrorKind::AnsweredBadly};
}

std::string UciDialect::quit(EngineTranscript& transcript) {
  if (!engine_) return "not running";
  transcript.write("quit\n");
  std::string ended = engine_->close();
  engine_.reset();
  return ended;
}

}  // namespace

Expected<std::unique_ptr<EngineDialect>> make_uci_dialect(const EngineDoorOptions& options) {
  auto pattern = KeyPattern::compile(options.key_pattern);
  if (!pattern) return Error{pattern.error()};
  auto fen_pattern = KeyPattern::compile(options.fen_pattern, "FEN pattern",
                                         "the FEN of the position the engine shows");
  if (!fen_pattern) return Error{fen_pattern.error()};
  if (options.key_command.empty() || options.key_command.find('\n') != std::string::npos)
    return Error{"the key command must be one non-empty line"};
  return std::unique_ptr<EngineDialect>(
      std::make_unique<UciDialect>(options, std::move(*pattern), std::move(*fen_pattern)));
}

}  // namespace zobrist_verify
