#include "zobrist_verify/doors/pipelined_connection.h"

#include <algorithm>
#include <utility>

#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/doors/engine_faults.h"

namespace zobrist_verify {
namespace {

// A fault stops the engine (it died, hung, or its replies are out of step with the requests);
// a refusal leaves it answering.
bool is_fault(ErrorKind kind) {
  return kind == ErrorKind::Crashed || kind == ErrorKind::TimedOut ||
         kind == ErrorKind::AnsweredBadly;
}

// An engine whose faults a fresh engine does not repeat, each within FreshAnswers answers of the
// restart before it, FailuresAfterRestart times in a row, is not used any more: the run would go
// on only as fast as its deadline allows. A fault that recurs alone is its position's, and counts
// for nothing here.
constexpr int FailuresAfterRestart = 3;
constexpr int FreshAnswers = 50;

// The most requests one write carries while the engine has work (see request()).
constexpr int FlushBatch = 16;

std::string fault_key(bool chess960, const std::string& position_command) {
  return (chess960 ? "960 " : "") + position_command;
}

}  // namespace

Expected<Done> EngineTranscript::open(const std::string& path) {
  auto file = OutputFile::open(path, "the transcript", OutputMode::Stream);
  if (!file) return Error{file.error()};
  out_.emplace(std::move(*file));
  return Done{};
}

Expected<Done> EngineTranscript::finish() {
  if (!out_) return Done{};
  auto finished = out_->finish();
  out_.reset();
  return finished;
}

PipelinedConnection::PipelinedConnection(std::unique_ptr<EngineDialect> dialect,
                                         EngineDoorOptions options)
    : dialect_(std::move(dialect)), options_(std::move(options)) {}

PipelinedConnection::~PipelinedConnection() {
  close();
}

Expected<Done> PipelinedConnection::start() {
  if (!options_.transcript.empty())
    if (auto opened = transcript_.open(options_.transcript); !opened) return opened;
  auto started = dialect_->start(transcript_);
  transcript_.flush();
  if (!started) return started;
  if (options_.key_base) return Done{};
  // The base of the keys is told once, from the start position's key: the dialect's KeyReader
  // decides on the first key it reads, so that is asked for before anything else.
  Expected<PrintedKeys> key = collect_keys(request(StartFen, "", false, StartFen));
  if (!key) return Error{"it gave no key for the start position: " + key.error()};
  return Done{};
}

Expected<Done> PipelinedConnection::restart() {
  if (unusable_) return *unusable_;
  // An engine that stopped at a refusal (Stockfish 19 exits at each) is not a fault: its restart
  // is not counted.
  const bool after_refusal = std::exchange(stopped_at_refusal_, false);
  if (!after_refusal && restarts_ >= options_.max_restarts)
    return gave_up_restarting(dialect_->engine_name(), restarts_, last_fault_);
  auto started = dialect_->start(transcript_);
  transcript_.flush();
  if (!started) {
    // A start may fail under a passing load; a second failure in a row puts the engine out of
    // order for good: the run's fault, not a verdict on any position.
    (void)dialect_->stop();
    started = dialect_->start(transcript_);
    transcript_.flush();
  }
  if (!started) {
    unusable_ = could_not_restart(started.error());
    return *unusable_;
  }
  if (after_refusal) return Done{};
  ++restarts_;
  answered_since_restart_ = 0;
  return Done{};
}

void PipelinedConnection::after_restart(bool answered) {
  if (restarts_ == 0 || !answered) return;
  if (++answered_since_restart_ >= FreshAnswers) failures_after_restart_ = 0;
}

void PipelinedConnection::note_incident(bool soon_after_restart) {
  if (!soon_after_restart) {
    failures_after_restart_ = 0;
    return;
  }
  if (++failures_after_restart_ < FailuresAfterRestart) return;
  unusable_ = Error{engine_words(dialect_->engine_name()) + " failed again within " +
                        std::to_string(FreshAnswers) + " positions of each of its last " +
                        std::to_string(FailuresAfterRestart) +
                        " restarts, on positions a fresh engine then answered, so it cannot be " +
                        "used (the last fault: " + last_fault_ + ")",
                    ErrorKind::GaveUp};
}

std::vector<std::string> PipelinedConnection::incidents() const {
  std::vector<std::string> lines;
  for (const auto& [kind, incident] : incidents_)
    lines.push_back(
        engine_words(dialect_->engine_name()) + " " + kind + " " + std::to_string(incident.count) +
        (incident.count == 1 ? " time" : " times") +
        " on positions that a fresh engine then answered alone (the fault depends on what the " +
        "process did before, not on the position); the first: " + incident.first);
  return lines;
}

Expected<PrintedKeys> PipelinedConnection::confirm_alone(const Request& r, const Error& fault) {
  last_fault_ = fault.message;
  const bool soon_after_restart = restarts_ > 0 && answered_since_restart_ < FreshAnswers;
  if (dialect_->running()) (void)dialect_->stop();
  if (auto restarted = restart(); !restarted) {
    // With the restarts spent, the fault stands as it came; an engine that cannot start again
    // is the run's fault.
    return unusable_ ? restarted.failure() : fault;
  }
  dialect_->stretch_replies(5);
  const bool sent = dialect_->send(r.position_command, r.chess960, transcript_);
  transcript_.flush();
  Expected<PrintedKeys> again =
      !sent || !dialect_->flush()
          ? Expected<PrintedKeys>(died_before_taking_alone(r.position_command, dialect_->stop()))
          : dialect_->read_reply(r.position_command, r.expected_fen, r.chess960);
  dialect_->stretch_replies(1);
  if (!again && is_fault(again.error_kind())) {
    // The first fault's words (its deadline is the run's), confirmed.
    Error recurred = fault;
    recurred.message += " (and again when asked alone on a fresh engine, with five times the " +
                        std::string("deadline)");
    return recurred;
  }
  after_restart(true);
  note_incident(soon_after_restart);
  const char* kind = fault.kind == ErrorKind::Crashed    ? "crashed"
                     : fault.kind == ErrorKind::TimedOut ? "timed out"
                                                         : "answered out of step";
  Incident& incident = incidents_[kind];
  if (incident.count++ == 0) incident.first = fault.message;
  return again;
}

void PipelinedConnection::remember_fault(const Request& request, const Error& error) {
  last_fault_ = error.message;
  faults_.insert_or_assign(fault_key(request.chess960, request.position_command), error);
}

KeyTicket PipelinedConnection::known(Expected<PrintedKeys> keys) {
  const KeyTicket ticket{next_id_++};
  answers_.insert_or_assign(ticket.id, std::move(keys));
  return ticket;
}

KeyTicket PipelinedConnection::request(std::string_view fen, std::string_view moves, bool chess960,
                                       std::string expected_fen) {
  const bool in_chess960 = chess960 && dialect_->offers_chess960();
  Request r{next_id_++,
            dialect_->position_command(fen, moves),
            in_chess960,
            false,
            std::move(expected_fen),
            fault_key(in_chess960, std::string(fen)),
            moves.empty()};
  const KeyTicket ticket{r.id};
  if (auto known = faults_.find(fault_key(r.chess960, r.position_command));
      known != faults_.end()) {
    answer(r, known->second);  // it crashed or hung the engine before: not sent again
    return ticket;
  }
  if (answered_as_refused(r)) return ticket;
  if (in_flight_.empty() && !dialect_->running()) {
    if (auto restarted = restart(); !restarted) {
      answer(r, restarted.failure());
      return ticket;
    }
  }
  // With the window full, the older half of the replies is read while the engine works on the
  // newer half: the requests go out in batches, many in one write.
  if (int(in_flight_.size()) >= options_.max_in_flight)
    while (int(in_flight_.size()) > options_.max_in_flight / 2) read_oldest();
  in_flight_.push_back(r);
  const Request& sent = in_flight_.back();
  const bool taken = dialect_->send(sent.position_command, sent.chess960, transcript_);
  // A dialect that writes at once: the transcript shows what the engine was given.
  if (!dialect_->has_queued()) transcript_.flush();
  if (taken && dialect_->has_queued()) {
    // The engine works only on what it has been written. After a drain (a case that read all
    // its keys) it has nothing, so the queue goes out as soon as it is as long as what the engine
    // may still hold (some of it may be answered already): 1, 1, 2, 4, ... requests a write, up
    // to FlushBatch, the engine busy while the next batch is made.
    ++unflushed_;
    const int written = int(in_flight_.size()) - unflushed_;
    if (unflushed_ >= std::clamp(written, 1, FlushBatch)) (void)flush_requests();
    return ticket;
  }
  if (!taken) {
    // The engine has gone: what it had answered is lost with it, so replay all in flight.
    std::deque<Request> lost = std::move(in_flight_);
    in_flight_.clear();
    unflushed_ = 0;
    last_fault_ = "the engine stopped reading its input";
    replay_alone(std::move(lost));
  }
  return ticket;
}

Expected<Key> PipelinedConnection::collect(KeyTicket ticket) {
  Expected<PrintedKeys> keys = collect_keys(ticket);
  if (!keys) return keys.failure();
  return keys->key;
}

Expected<PrintedKeys> PipelinedConnection::collect_keys(KeyTicket ticket) {
  for (;;) {
    if (auto it = answers_.find(ticket.id); it != answers_.end()) {
      Expected<PrintedKeys> keys = std::move(it->second);
      answers_.erase(it);
      return keys;
    }
    const bool waiting = std::any_of(in_flight_.begin(), in_flight_.end(),
                                     [&](const Request& r) { return r.id == ticket.id; });
    if (!waiting)
      return Error{"no position was requested under ticket " + std::to_string(ticket.id)};
    read_oldest();
  }
}

void PipelinedConnection::forget(KeyTicket ticket) {
  if (answers_.erase(ticket.id) > 0) return;
  for (Request& r : in_flight_)
    if (r.id == ticket.id) r.forgotten = true;
}

void PipelinedConnection::answer(const Request& request, Expected<PrintedKeys> keys) {
  answered_.fetch_add(1, std::memory_order_relaxed);
  if (!request.forgotten) answers_.insert_or_assign(request.id, std::move(keys));
}

bool PipelinedConnection::flush_requests() {
  unflushed_ = 0;
  transcript_.flush();
  if (dialect_->flush()) return true;
  // The engine has gone: what it had answered is lost with it, so replay all in flight.
  std::deque<Request> lost = std::move(in_flight_);
  in_flight_.clear();
  last_fault_ = "the engine stopped reading its input";
  replay_alone(std::move(lost));
  return false;
}

void PipelinedConnection::read_oldest() {
  if (!flush_requests()) return;
  Request oldest = std::move(in_flight_.front());
  in_flight_.pop_front();
  // A nap before the read pays only with a backlog: with a few requests left (the end of a small
  // case) the engine has answered them in tens of microseconds, and a nap would be all wait.
  dialect_->expect_more_replies(in_flight_.size() >= 8);
  Expected<PrintedKeys> key =
      dialect_->read_reply(oldest.position_command, oldest.expected_fen, oldest.chess960);
  const bool fault = !key && is_fault(key.error_kind());
  if (fault) {
    // The requests after it are lost with the engine; this one is asked again alone first.
    std::deque<Request> rest = std::move(in_flight_);
    in_flight_.clear();
    unflushed_ = 0;
    key = confirm_alone(oldest, key.failure());
    if (!key && is_fault(key.error_kind())) remember_fault(oldest, key.failure());
    answer(oldest, std::move(key));
    replay_alone(std::move(rest));
    return;
  }
  after_restart(true);
  note_refusal(oldest, key);
  answer(oldest, std::move(key));
  // An engine that stopped after refusing (Stockfish 19 exits) lost what it was given after it:
  // that is asked again of a fresh engine, and blamed on nothing.
  if (dialect_->running()) return;
  std::deque<Request> rest = std::move(in_flight_);
  in_flight_.clear();
  unflushed_ = 0;
  replay_alone(std::move(rest));
}

bool PipelinedConnection::answered_as_refused(const Request& request) {
  const auto refused = refused_bases_.find(request.base);
  if (refused == refused_bases_.end()) return false;
  answer(request, refused->second);
  return true;
}

void PipelinedConnection::note_refusal(const Request& request, const Expected<PrintedKeys>& keys) {
  if (keys || keys.error_kind() != ErrorKind::Refused) return;
  if (request.bare) refused_bases_.emplace(request.base, keys.failure());
  if (!dialect_->running()) stopped_at_refusal_ = true;
}

void PipelinedConnection::replay_alone(std::deque<Request> requests) {
  for (Request& r : requests) {
    if (answered_as_refused(r)) continue;
    if (!dialect_->running()) {
      if (auto restarted = restart(); !restarted) {
        answer(r, restarted.failure());
        continue;
      }
    }
    const bool sent = dialect_->send(r.position_command, r.chess960, transcript_);
    transcript_.flush();
    if (!sent || !dialect_->flush()) {
      answer(r, died_before_taking_alone(r.position_command, dialect_->stop()));
      continue;
    }
    Expected<PrintedKeys> key =
        dialect_->read_reply(r.position_command, r.expected_fen, r.chess960);
    if (!key && is_fault(key.error_kind())) {
      last_fault_ = key.error();
      remember_fault(r, key.failure());
    } else {
      after_restart(true);
    }
    note_refusal(r, key);
    answer(r, std::move(key));
  }
}

std::string PipelinedConnection::close() {
  std::string ended = dialect_->quit(transcript_);
  transcript_.flush();
  return ended;
}

}  // namespace zobrist_verify
