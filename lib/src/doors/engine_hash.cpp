#include "zobrist_verify/doors/engine_hash.h"

#include <algorithm>
#include <array>
#include <utility>

#include "zobrist_verify/chess/fen_error.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/chess/uci.h"
#include "zobrist_verify/doors/engine_faults.h"

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// The reply of one request may not be longer than this (Stockfish's `d` prints about 22 lines).
constexpr int MaxReplyLines = 1000;

std::string quoted(const std::string& line) {
  return "'" + (line.size() > 120 ? line.substr(0, 120) + "..." : line) + "'";
}

// A fault stops the engine (it died or hung); any other error leaves it answering.
bool is_fault(ErrorKind kind) {
  return kind == ErrorKind::Crashed || kind == ErrorKind::TimedOut;
}

std::string fault_key(bool chess960, const std::string& position_command) {
  return (chess960 ? "960 " : "") + position_command;
}

}  // namespace

EngineConnection::EngineConnection(EngineDoorOptions options) : options_(std::move(options)) {}

EngineConnection::~EngineConnection() {
  close();
}

Expected<std::shared_ptr<EngineConnection>> EngineConnection::open(EngineDoorOptions options) {
  std::shared_ptr<EngineConnection> connection(new EngineConnection(std::move(options)));
  EngineDoorOptions& o = connection->options_;
  auto pattern = KeyPattern::compile(o.key_pattern);
  if (!pattern) return Error{pattern.error()};
  connection->pattern_.emplace(std::move(*pattern));
  if (o.key_command.empty() || o.key_command.find('\n') != std::string::npos)
    return Error{"the key command must be one non-empty line"};
  if (!o.transcript.empty()) {
    connection->transcript_.open(o.transcript);
    if (!connection->transcript_)
      return Error{"cannot write the transcript to '" + o.transcript + "'"};
  }
  if (auto started = connection->start_engine(); !started) return Error{started.error()};
  return connection;
}

Expected<Done> EngineConnection::start_engine() {
  EngineTimeouts timeouts;
  // Engines load their networks and tables before "uciok": the handshake gets at least 10 s.
  timeouts.handshake = std::max(options_.timeout, Milliseconds(10'000));
  timeouts.reply = options_.timeout;
  timeouts.write = options_.timeout;
  timeouts.quit = Milliseconds(200);
  write_transcript("uci\n");
  auto engine = UciEngine::start(options_.argv, timeouts);
  if (!engine) return Error{engine.error()};
  write_transcript("isready\n");
  if (auto ready = engine->wait_ready(); !ready) return Error{ready.error()};
  name_ = engine->name();
  offers_chess960_ = engine->has_option("UCI_Chess960");
  chess960_mode_.reset();
  engine_.emplace(std::move(*engine));
  return Done{};
}

Expected<Done> EngineConnection::restart() {
  if (restarts_ >= options_.max_restarts) return gave_up_restarting(name_, restarts_, last_fault_);
  ++restarts_;
  if (auto started = start_engine(); !started) {
    // An engine that started once and now cannot is out of order for good.
    restarts_ = options_.max_restarts;
    last_fault_ = started.error();
    return could_not_restart(started.error());
  }
  return Done{};
}

void EngineConnection::remember_fault(const Request& request, const Error& error) {
  last_fault_ = error.message;
  faults_.insert_or_assign(fault_key(request.chess960, request.position_command), error);
}

void EngineConnection::write_transcript(const std::string& text) {
  if (transcript_.is_open()) transcript_ << text;
}

bool EngineConnection::send(const Request& request) {
  if (!engine_ || !engine_->running()) return false;
  std::vector<std::string> lines;
  if (offers_chess960_ && chess960_mode_ != request.chess960) {
    lines.push_back(std::string("setoption name UCI_Chess960 value ") +
                    (request.chess960 ? "true" : "false"));
    chess960_mode_ = request.chess960;
  }
  lines.push_back(request.position_command);
  lines.push_back(options_.key_command);
  lines.push_back("isready");
  for (const std::string& line : lines) write_transcript(line + '\n');
  return engine_->send_lines(lines).has_value();
}

KeyTicket EngineConnection::request(const std::string& position_command, bool chess960) {
  Request r{next_id_++, position_command, chess960 && offers_chess960_, false};
  const KeyTicket ticket{r.id};
  if (auto known = faults_.find(fault_key(r.chess960, r.position_command));
      known != faults_.end()) {
    answer(r, known->second);  // it crashed or hung the engine before: not sent again
    return ticket;
  }
  if (in_flight_.empty() && (!engine_ || !engine_->running())) {
    if (auto restarted = restart(); !restarted) {
      answer(r, restarted.failure());
      return ticket;
    }
  }
  while (int(in_flight_.size()) >= options_.max_in_flight) read_oldest();
  in_flight_.push_back(r);
  if (!send(in_flight_.back())) {
    // The engine has gone: what it had answered is lost with it, so replay all in flight.
    std::deque<Request> lost = std::move(in_flight_);
    in_flight_.clear();
    last_fault_ = "the engine stopped reading its input";
    replay_alone(std::move(lost));
  }
  return ticket;
}

Expected<Key> EngineConnection::collect(KeyTicket ticket) {
  for (;;) {
    if (auto it = answers_.find(ticket.id); it != answers_.end()) {
      Expected<Key> key = std::move(it->second);
      answers_.erase(it);
      return key;
    }
    const bool waiting = std::any_of(in_flight_.begin(), in_flight_.end(),
                                     [&](const Request& r) { return r.id == ticket.id; });
    if (!waiting)
      return Error{"no position was requested under ticket " + std::to_string(ticket.id)};
    read_oldest();
  }
}

void EngineConnection::forget(KeyTicket ticket) {
  if (answers_.erase(ticket.id) > 0) return;
  for (Request& r : in_flight_)
    if (r.id == ticket.id) r.forgotten = true;
}

void EngineConnection::answer(const Request& request, Expected<Key> key) {
  answered_.fetch_add(1, std::memory_order_relaxed);
  if (!request.forgotten) answers_.insert_or_assign(request.id, std::move(key));
}

void EngineConnection::read_oldest() {
  Request oldest = std::move(in_flight_.front());
  in_flight_.pop_front();
  Expected<Key> key = read_reply(oldest.position_command);
  const bool fault = !key && is_fault(key.error_kind());
  if (fault) remember_fault(oldest, key.failure());
  answer(oldest, std::move(key));
  if (!fault) return;
  std::deque<Request> rest = std::move(in_flight_);
  in_flight_.clear();
  replay_alone(std::move(rest));
}

void EngineConnection::replay_alone(std::deque<Request> requests) {
  for (Request& r : requests) {
    if (!engine_ || !engine_->running()) {
      if (auto restarted = restart(); !restarted) {
        answer(r, restarted.failure());
        continue;
      }
    }
    if (!send(r)) {
      answer(r, died_before_taking_alone(r.position_command, engine_->close()));
      continue;
    }
    Expected<Key> key = read_reply(r.position_command);
    if (!key && is_fault(key.error_kind())) remember_fault(r, key.failure());
    answer(r, std::move(key));
  }
}

Expected<Key> EngineConnection::read_reply(const std::string& position_command) {
  const std::string asked = "'" + position_command + "' then '" + options_.key_command + "'";
  if (!engine_ || !engine_->running()) return not_running_for(asked);
  const auto deadline = Clock::now() + options_.timeout;
  std::optional<Expected<Key>> found;
  // The last three lines, for the messages (a ring whose strings keep their storage).
  std::array<std::string, 3> last;
  std::string& line = line_;
  for (int count = 0; count < MaxReplyLines; ++count) {
    // Most lines are already buffered: only a wait needs the clock and a system call.
    if (!engine_->take_buffered_line(line)) {
      const auto left =
          std::max(std::chrono::ceil<Milliseconds>(deadline - Clock::now()), Milliseconds(0));
      Expected<std::string> read = engine_->read_line(left);
      if (!read) {
        if (read.error_kind() == ErrorKind::TimedOut) {
          const Error hung = reply_timed_out(name_, asked, options_.timeout);
          return engine_->kill(hung.message, hung.kind);
        }
        return died_answering(name_, asked, read.error());
      }
      line = std::move(*read);
    }
    if (first_word(line) == "readyok") {
      if (found) return std::move(*found);
      std::string shown;
      for (int i = std::max(0, count - 3); i < count; ++i)
        shown += (shown.empty() ? "" : ", ") + quoted(last[std::size_t(i % 3)]);
      return Error{engine_words(name_) + " printed no line matching the key pattern '" +
                   options_.key_pattern + "' in its reply to " + asked + " (" +
                   std::to_string(count) + " lines" +
                   (shown.empty() ? std::string() : ", the last: " + shown) + ")"};
    }
    if (!found) {
      if (std::optional<std::string> text = pattern_->key_text(line)) {
        Expected<Key> key = parse_hex_key(*text);
        if (key)
          found = *key;
        else
          found = Error{engine_words(name_) + " printed " + quoted(line) + " for " + asked +
                        ", which is not a key: " + key.error()};
      }
    }
    last[std::size_t(count % 3)].assign(line);
  }
  const Error flood = reply_flooded(name_, asked, MaxReplyLines, "readyok");
  return engine_->kill(flood.message, flood.kind);
}

std::string EngineConnection::close() {
  if (!engine_) return "not running";
  write_transcript("quit\n");
  std::string ended = engine_->close();
  engine_.reset();
  return ended;
}

namespace {

class EngineHash final : public HashUnderTest {
 public:
  explicit EngineHash(std::shared_ptr<EngineConnection> connection)
      : connection_(std::move(connection)) {}
  ~EngineHash() override {
    for (std::uint64_t id : outstanding_) connection_->forget(KeyTicket{id});
  }
  EngineHash(const EngineHash&) = delete;
  EngineHash& operator=(const EngineHash&) = delete;

  std::string name() const override { return "engine:" + connection_->engine_name(); }

  Capabilities capabilities() const override {
    Capabilities caps;
    caps.chess960 = connection_->offers_chess960();
    caps.pipelined = true;
    return caps;
  }

  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    FenOptions options;
    options.chess960 = chess960;
    options.allow_unreachable = true;
    if (auto errors = game_.set(fen, polyglot_scheme(), options); !errors.empty())
      return Error{"the door's own reader rejects the FEN: " + format_errors(errors)};
    start_fen_ = std::string(fen);
    chess960_ = chess960;
    moves_.clear();
    checkpoints_.clear();
    return Done{};
  }

  Expected<Done> make_move(std::string_view uci) override {
    // Every tail_plies moves the FEN is kept, as the base of later position commands.
    std::string checkpoint;
    const std::size_t every = std::size_t(std::max(1, connection_->tail_plies()));
    if (!moves_.empty() && moves_.size() % every == 0) checkpoint = game_.position().fen();
    Expected<Move> move = game_.play_uci(uci);
    if (!move) return Error{move.error()};
    if (!checkpoint.empty()) checkpoints_.emplace_back(moves_.size(), std::move(checkpoint));
    moves_.push_back(move_to_uci(*move, chess960_));
    return Done{};
  }

  Expected<Done> unmake_move() override {
    return Error{"a UCI engine has no unmake: the door sends each position afresh"};
  }

  Expected<Key> key() override {
    Expected<KeyTicket> ticket = request_key();
    if (!ticket) return Error{ticket.error()};
    return collect_key(*ticket);
  }

  Expected<KeyTicket> request_key() override {
    if (start_fen_.empty()) return Error{"no position was set"};
    // The base is the latest checkpoint before the last move (the start FEN, as given, before
    // the first): the command plays 1 to tail_plies moves.
    std::size_t base = 0;
    const std::string* fen = &start_fen_;
    for (auto it = checkpoints_.rbegin(); it != checkpoints_.rend(); ++it) {
      if (it->first < moves_.size()) {
        base = it->first;
        fen = &it->second;
        break;
      }
    }
    std::string moves;
    for (std::size_t i = base; i < moves_.size(); ++i) {
      if (!moves.empty()) moves += ' ';
      moves += moves_[i];
    }
    const KeyTicket ticket = connection_->request(position_command(*fen, moves), chess960_);
    outstanding_.push_back(ticket.id);
    return ticket;
  }

  Expected<Key> collect_key(KeyTicket ticket) override {
    std::erase(outstanding_, ticket.id);
    return connection_->collect(ticket);
  }

 private:
  std::shared_ptr<EngineConnection> connection_;
  Game game_;
  std::string start_fen_;
  bool chess960_ = false;
  std::vector<std::string> moves_;  // as sent: king-takes-rook castling in Chess960
  // (i, FEN of the position before moves_[i]) every tail_plies moves, in order.
  std::vector<std::pair<std::size_t, std::string>> checkpoints_;
  std::vector<std::uint64_t> outstanding_;
};

}  // namespace

std::unique_ptr<HashUnderTest> make_engine_hash(std::shared_ptr<EngineConnection> connection) {
  return std::make_unique<EngineHash>(std::move(connection));
}

}  // namespace zobrist_verify
