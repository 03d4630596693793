#include "zobrist_verify/doors/uci_dialect.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "reply_lines.h"
#include "zobrist_verify/doors/engine_faults.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/key_reply.h"
#include "zobrist_verify/doors/reply_checks.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// reports_error's answer, without splitting words for the lines that cannot be an error report:
// their first word (error, illegal, invalid, or info of "info string ...") starts with e or i.
bool reports_error_quickly(std::string_view line) {
  const auto first = std::find_if_not(
      line.begin(), line.end(), [](char c) { return std::isspace(static_cast<unsigned char>(c)); });
  if (first == line.end()) return false;
  const char c = char(std::tolower(static_cast<unsigned char>(*first)));
  return (c == 'e' || c == 'i') && reports_error(line);
}

// How long a read waits before it asks for lines while the engine has a backlog of requests to
// answer (PipelinedConnection says when). A reader blocked on the pipe makes every write of the
// engine wake it: Stockfish answering into a blocking reader ran 30% slower than into /dev/null,
// into one that naps between reads at nearly its own speed. Against 200 µs, 100 µs keeps fewer
// pipe pages filled between reads: the whole check against Stockfish replaying its transcript
// (compare-uci-throughput's method, 5 interleaved rounds) went from 0.80 to 0.87.
constexpr std::chrono::microseconds ReplyNap(100);

// The reply of one request may not be longer than this (Stockfish's `d` prints about 22 lines).
constexpr int MaxReplyLines = 1000;

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
  std::string key_reading() const override { return keys_.reading(); }
  std::optional<KeyBase> key_base() const override { return keys_.base(); }
  std::string position_command(std::string_view fen, std::string_view moves) const override {
    return zobrist_verify::position_command(fen, moves);
  }
  bool send(const std::string& position_command, bool chess960,
            EngineTranscript& transcript) override;
  bool flush() override;
  bool has_queued() const override { return !queued_.empty(); }
  void expect_more_replies(bool more) override { more_replies_ = more; }
  void stretch_replies(int factor) override { stretch_ = factor; }
  Expected<PrintedKeys> read_reply(const std::string& position_command,
                                   std::string_view expected_fen, bool chess960) override;
  KeyGroups key_groups() const override { return keys_.pattern().groups(); }
  std::string stop() override { return engine_ ? engine_->close() : "not running"; }
  std::string quit(EngineTranscript& transcript) override;

 private:
  // A reply out of step with the requests: the engine is stopped.
  Error stop_for(const Error& fault) { return engine_->kill(fault.message, fault.kind); }

  std::vector<std::string> argv_;
  std::string key_command_;
  Milliseconds timeout_;
  int stretch_ = 1;  // replies get stretch_ times timeout_ (stretch_replies)
  KeyReader keys_;   // the key pattern, and the base keys are read in
  KeyPattern fen_pattern_;
  bool keys_seen_ = false;  // some reply had a key: a reply without one is out of step
  std::optional<UciEngine> engine_;
  std::string name_;
  bool offers_chess960_ = false;
  std::optional<bool> chess960_mode_;  // UCI_Chess960 as last set on the running engine
  std::string line_;                   // the line being read (kept, so that its storage is reused)
  std::vector<std::string> queued_;    // lines sent and not yet written (flush)
  int queued_requests_ = 0;            // the requests whose lines are in queued_
  int unread_requests_ = 0;            // requests written whose replies are not read yet
  bool more_replies_ = false;          // the engine has more requests to answer after this one
  // Whether the engine loses what it had read after a command it refused aloud: learnt from the
  // first refusal with nothing written after it (its reply cut short, or whole).
  std::optional<bool> refusal_loses_input_;
};

Expected<Done> UciDialect::start(EngineTranscript& transcript) {
  const EngineTimeouts timeouts = engine_timeouts(timeout_);
  transcript.write("uci\n");
  auto engine = UciEngine::start(argv_, timeouts);
  if (!engine) return Error{engine.error()};
  transcript.write("isready\n");
  // The first "isready" gets the handshake's time: engines clear their hash tables there.
  if (auto ready = engine->wait_ready(timeouts.handshake); !ready) return ready.failure();
  if (name_.empty()) name_ = engine->name();  // the first start's (engine_name())
  offers_chess960_ = engine->has_option("UCI_Chess960");
  chess960_mode_.reset();
  queued_.clear();  // lines for an engine that has gone
  queued_requests_ = unread_requests_ = 0;
  engine_.emplace(std::move(*engine));
  return Done{};
}

bool UciDialect::send(const std::string& position_command, bool chess960,
                      EngineTranscript& transcript) {
  if (!running()) return false;
  const std::size_t first = queued_.size();
  if (offers_chess960_ && chess960_mode_ != chess960) {
    queued_.push_back(std::string("setoption name UCI_Chess960 value ") +
                      (chess960 ? "true" : "false"));
    chess960_mode_ = chess960;
  }
  queued_.push_back(position_command);
  queued_.push_back(key_command_);
  // "isready" ends the reply, whatever the key command prints.
  queued_.push_back("isready");
  ++queued_requests_;
  for (std::size_t i = first; i < queued_.size(); ++i) {
    transcript.write(queued_[i]);
    transcript.write("\n");
  }
  return true;
}

bool UciDialect::flush() {
  if (queued_.empty()) return true;
  const bool written = running() && engine_->send_lines(queued_).has_value();
  queued_.clear();
  unread_requests_ += queued_requests_;
  queued_requests_ = 0;
  return written;
}

// Each request is "position", the key command and "isready": its reply is every line up to
// "readyok", read by KeyReply (a key, a refusal, or a fault that stops the engine). An engine may
// lose what it had read after a command it refused aloud (Stockfish 19 exits; its WebAssembly
// port drops the rest of the input it had read and answers what it reads next, so that later
// replies would answer other requests). So the engine is stopped at the error line, and the
// connection asks the requests written after it again of a fresh engine, unless the engine has
// shown that it keeps reading: by a whole reply to a refused request with none written after it.
Expected<PrintedKeys> UciDialect::read_reply(const std::string& position_command,
                                             std::string_view expected_fen, bool chess960) {
  const std::string asked = "'" + position_command + "' then '" + key_command_ + "'";
  if (!running()) return not_running_for(asked);
  unread_requests_ = std::max(unread_requests_ - 1, 0);
  const bool stop_at_refusal = refusal_loses_input_.value_or(unread_requests_ > 0);
  const Milliseconds timeout = timeout_ * stretch_;
  const auto deadline = Clock::now() + timeout;
  KeyReply reply(keys_, fen_pattern_, name_, asked, key_command_);
  auto cut_short = [&](const Error& fault) {
    if (reply.refusal()) refusal_loses_input_ = true;
    return reply_cut_short(*engine_, reply, fault);
  };
  for (int count = 0; count < MaxReplyLines; ++count) {
    // With more requests queued, a short nap before waiting lets one read take many replies,
    // instead of waking up for every line the engine writes.
    if (more_replies_ && !engine_->take_buffered_line(line_)) {
      std::this_thread::sleep_for(ReplyNap);
      if (auto read = next_reply_line(*engine_, line_, deadline, name_, asked, timeout); !read)
        return cut_short(read.failure());
    } else if (!more_replies_) {
      if (auto read = next_reply_line(*engine_, line_, deadline, name_, asked, timeout); !read)
        return cut_short(read.failure());
    }
    if (first_word(line_) == "readyok") {
      if (reply.refusal()) refusal_loses_input_ = false;
      KeyReply::Outcome outcome = reply.finish(expected_fen, chess960, keys_seen_, line_, false);
      if (outcome.stop_engine) return stop_for(outcome.key.failure());
      if (!outcome.key) return outcome.key.failure();
      return PrintedKeys{*outcome.key, outcome.pawn, outcome.material};
    }
    if (std::optional<std::string> why = reply.take(line_, reports_error_quickly(line_)))
      return stop_for(reply.out_of_step(line_, *why));
    if (stop_at_refusal)
      if (std::optional<Error> refused = reply.refusal()) {
        (void)engine_->kill(refused->message, ErrorKind::Refused);
        return *refused;
      }
  }
  return stop_for(reply_flooded(name_, asked, MaxReplyLines, "readyok"));
}

std::string UciDialect::quit(EngineTranscript& transcript) {
  return quit_engine(engine_, transcript);
}

}  // namespace

Expected<std::unique_ptr<EngineDialect>> make_uci_dialect(const EngineDoorOptions& options) {
  auto patterns = compile_reply_patterns(options);
  if (!patterns) return Error{patterns.error()};
  return std::unique_ptr<EngineDialect>(
      std::make_unique<UciDialect>(options, std::move(patterns->key), std::move(patterns->fen)));
}

}  // namespace zobrist_verify
