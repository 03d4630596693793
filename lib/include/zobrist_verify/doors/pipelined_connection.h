// A running engine with many requests in flight, whatever protocol it speaks. The protocol is a
// dialect (EngineDialect below; UCI's is uci_dialect.h): it starts and greets an engine, sends one
// request's lines and reads one reply into a key. The rest is here, the same for every dialect:
// requests are sent before any reply is read; an engine answers in order, so a crash, a hang or
// a flood of lines is blamed on the request whose reply it interrupted, and the other requests in
// flight are replayed one at a time on a fresh engine (all of them, when the engine died before
// we could read what it had answered), so that each fault lands on the request that causes it.
#pragma once

#include <atomic>
#include <cstdint>
#include <deque>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "zobrist_verify/core/file_io.h"
#include "zobrist_verify/core/hex.h"
#include "zobrist_verify/core/result.h"
#include "zobrist_verify/core/types.h"
#include "zobrist_verify/doors/engine_door_options.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/doors/key_pattern.h"

namespace zobrist_verify {

// Every line sent to the engine, when the user asked for a transcript: the lines of a request are
// buffered and flushed whenever the requests go to the engine (PipelinedConnection flushes it
// before each write to the engine), so that it shows what was sent up to a crash or a hang.
class EngineTranscript {
 public:
  [[nodiscard]] Expected<Done> open(const std::string& path);
  void write(std::string_view text) {
    if (out_) out_->stream() << text;
  }
  void flush() {
    if (out_) out_->flush();  // a failed write is kept for finish(), and the run goes on
  }
  // Closes the transcript. The error names its path when any line could not be written (a full
  // disk, /dev/full); a transcript never opened, or already finished, is Done.
  [[nodiscard]] Expected<Done> finish();

 private:
  std::optional<OutputFile> out_;
};

// One protocol, driving one engine process at a time for a PipelinedConnection. Everything it
// sends goes to the transcript too.
class EngineDialect {
 public:
  virtual ~EngineDialect() = default;

  // Starts a fresh engine and completes the protocol's handshake; the error says why the engine
  // cannot be used. A stopped engine it replaces is reaped.
  [[nodiscard]] virtual Expected<Done> start(EngineTranscript& transcript) = 0;
  // Whether an engine runs (started, and no fault since).
  virtual bool running() const = 0;
  // The name the engine gave at its first start, for messages. A restart does not write it
  // again: the progress line reads it from a thread of its own while the run restarts engines.
  virtual const std::string& engine_name() const = 0;
  virtual bool offers_chess960() const = 0;

  // The command that sets up the position reached by `moves` (UCI notation, separated by
  // spaces) from `fen`. It also names the request in messages and in the remembered faults.
  virtual std::string position_command(std::string_view fen, std::string_view moves) const = 0;
  // Queues one request's lines (a dialect may also write them at once), without waiting for the
  // reply; false when the engine could not take them.
  [[nodiscard]] virtual bool send(const std::string& position_command, bool chess960,
                                  EngineTranscript& transcript) = 0;
  // Writes the queued lines to the engine in one write; false when it could not take them. The
  // pipeline calls it before it reads a reply, so that one write carries many requests.
  [[nodiscard]] virtual bool flush() { return true; }
  // Whether send() queued lines that flush() has not written yet.
  virtual bool has_queued() const { return false; }
  // Told before each read_reply whether the engine has more requests to answer after this one:
  // a dialect may then wait a little before it reads, so that one read takes many replies.
  virtual void expect_more_replies(bool /*more*/) {}
  // Replies get `factor` times the deadline from now on (1: as the options say): a request asked
  // again alone after it timed out gets five.
  virtual void stretch_replies(int /*factor*/) {}
  // Reads the reply to the oldest request sent: its keys, or why there are none. `expected_fen`
  // (when not empty) is the position the request sets up, for an engine that shows the position
  // it holds. An engine that refused the position gives kind Refused. A fault (kind Crashed,
  // TimedOut, or AnsweredBadly: a reply out of step with the requests) stops the engine; a
  // refusal leaves it answering.
  [[nodiscard]] virtual Expected<PrintedKeys> read_reply(const std::string& position_command,
                                                         std::string_view expected_fen,
                                                         bool chess960) = 0;
  // The keys a reply holds besides the main key: the key pattern's named pawn and material
  // groups (KeyPattern::groups); none by default.
  virtual KeyGroups key_groups() const { return {}; }
  // How the dialect reads keys, for the report (KeyReader::reading: "decimal, told from the start
  // position's key ..."). A dialect that reads through a KeyReader returns its reading().
  virtual std::string key_reading() const { return "hexadecimal"; }
  // The base keys are read in: given, or told from the start position's key (none before).
  virtual std::optional<KeyBase> key_base() const { return KeyBase::Hexadecimal; }
  // Stops and reaps an engine that could not take a request; returns how it ended.
  virtual std::string stop() = 0;
  // Says goodbye to the engine and reaps it; returns how it ended ("not running" without one).
  virtual std::string quit(EngineTranscript& transcript) = 0;
};

// One engine shared by every HashUnderTest instance of a door, with the requests in flight. It
// reads tail_plies, max_in_flight, max_restarts and transcript of the options. Not thread-safe,
// except answered() and engine_name() (written at the first start only).
class PipelinedConnection {
 public:
  PipelinedConnection(std::unique_ptr<EngineDialect> dialect, EngineDoorOptions options);
  virtual ~PipelinedConnection();  // close()
  PipelinedConnection(const PipelinedConnection&) = delete;
  PipelinedConnection& operator=(const PipelinedConnection&) = delete;

  // Opens the transcript and starts the engine; without options.key_base, then asks for the
  // start position's key first, from which the dialect tells the base of every key of the run.
  // The error says why the engine cannot be used.
  [[nodiscard]] Expected<Done> start();

  const std::string& engine_name() const { return dialect_->engine_name(); }
  bool offers_chess960() const { return dialect_->offers_chess960(); }
  // Replies read so far (a progress line may read it from another thread).
  std::uint64_t answered() const { return answered_.load(std::memory_order_relaxed); }
  int restarts() const { return restarts_; }
  int tail_plies() const { return options_.tail_plies; }
  // How keys are read: "hexadecimal (--key-base 16)", "decimal, told from the start position's
  // key '11118386876534324246' (20 digits: more than a hexadecimal key's 16)".
  std::string key_reading() const { return dialect_->key_reading(); }
  std::optional<KeyBase> key_base() const { return dialect_->key_base(); }
  // Whether each reply holds a pawn key, and a material key (the key pattern names their groups).
  bool prints_pawn_key() const { return dialect_->key_groups().pawn != 0; }
  bool prints_material_key() const { return dialect_->key_groups().material != 0; }

  // Sends the position reached by `moves` from `fen` (in Chess960 when `chess960` and the engine
  // offers it) and asks for its key, without waiting for the reply. `expected_fen`, when given,
  // is the position reached, to compare with the one the engine shows.
  KeyTicket request(std::string_view fen, std::string_view moves, bool chess960,
                    std::string expected_fen = {});
  // A ticket whose answer is already known (keys read earlier).
  KeyTicket known(Expected<PrintedKeys> keys);
  // The keys of a requested position, reading replies up to its own.
  [[nodiscard]] Expected<PrintedKeys> collect_keys(KeyTicket ticket);
  // collect_keys' main key.
  [[nodiscard]] Expected<Key> collect(KeyTicket ticket);
  // Drops a ticket that will never be collected.
  void forget(KeyTicket ticket);
  // Faults of the engine that were not the position's: a crash, hang or out-of-step reply whose
  // request a fresh engine then answered alone (a crash that depends on the engine's history, a
  // stray line, a reply slow under load). One line per kind: its count and the first fault.
  std::vector<std::string> incidents() const;
  // Why the engine cannot be used any more (it could not be restarted, or it failed again right
  // after each of the last few restarts): an error of the run, exit status 2; none while usable.
  const std::optional<Error>& unusable() const { return unusable_; }

  // Ends the engine (the dialect's goodbye) and reaps it; returns how it ended.
  std::string close();
  // Closes the transcript once the run is over: its error names the path when a line sent to
  // the engine could not be written to it.
  [[nodiscard]] Expected<Done> finish_transcript() { return transcript_.finish(); }

  // What the engine answered to a FEN alone before (refused, or not), for a door that asks once.
  std::unordered_map<std::string, Error>& refused_fens() { return refused_fens_; }
  std::unordered_set<std::string>& accepted_fens() { return accepted_fens_; }
  // Whether requests go from the FEN the door was given with every move since, because the
  // engine refused a FEN the door wrote itself (a checkpoint a few plies back).
  bool whole_lines() const { return whole_lines_; }
  void send_whole_lines() { whole_lines_ = true; }

 private:
  struct Request {
    std::uint64_t id = 0;
    std::string position_command;
    bool chess960 = false;
    bool forgotten = false;
    std::string expected_fen;
    std::string base;  // the FEN it sets before its moves ("960 " first in Chess960)
    bool bare = true;  // no moves: the FEN alone
  };

  // Reads the reply of the oldest request in flight. A fault is that request's; the other
  // requests in flight are replayed one at a time on a fresh engine.
  void read_oldest();
  // Writes the requests queued to the engine (and the transcript); when the engine cannot take
  // them, every request in flight is replayed alone and false is returned.
  bool flush_requests();
  void replay_alone(std::deque<Request> requests);
  // Answers a request whose FEN the engine refused alone with that refusal, unsent: an engine may
  // stop at every refusal (Stockfish 19), and the lines from a FEN it refused are refused too.
  // Whether it did.
  bool answered_as_refused(const Request& request);
  // Remembers the refusal of a FEN alone, for answered_as_refused, and an engine that stopped at
  // a refusal, for restart.
  void note_refusal(const Request& request, const Expected<PrintedKeys>& keys);
  // A fresh engine after a fault, within options_.max_restarts (else ErrorKind::GaveUp); after an
  // engine that stopped at a refusal, uncounted.
  [[nodiscard]] Expected<Done> restart();
  void answer(const Request& request, Expected<PrintedKeys> keys);
  void remember_fault(const Request& request, const Error& error);
  // Asks a request whose reply was a fault (`fault`) again, alone, on a fresh engine, with five
  // times the deadline: a fault that recurs is the position's; an answer makes `fault` an
  // incident of the engine and is the request's answer.
  Expected<PrintedKeys> confirm_alone(const Request& request, const Error& fault);
  // Counts a request answered since the last restart.
  void after_restart(bool answered);
  // Notes a fault that a fresh engine did not repeat: the engine is unusable once such faults
  // came soon after each of a few restarts in a row (pipelined_connection.cpp says how soon).
  void note_incident(bool soon_after_restart);

  struct Incident {
    int count = 0;
    std::string first;
  };

  std::unique_ptr<EngineDialect> dialect_;
  EngineDoorOptions options_;
  EngineTranscript transcript_;
  std::deque<Request> in_flight_;
  std::unordered_map<std::uint64_t, Expected<PrintedKeys>> answers_;
  // Positions (Chess960 flag and position command) that crashed or hung the engine, and how.
  std::unordered_map<std::string, Error> faults_;
  // FENs the engine refused alone (Request::base), and how.
  std::unordered_map<std::string, Error> refused_bases_;
  bool stopped_at_refusal_ = false;  // the engine stopped at the last refusal read
  std::uint64_t next_id_ = 1;
  std::atomic<std::uint64_t> answered_{0};
  int restarts_ = 0;
  std::string last_fault_;
  int answered_since_restart_ = 0;
  int failures_after_restart_ = 0;  // restarts in a row soon after which the engine failed
  std::optional<Error> unusable_;
  std::map<std::string, Incident> incidents_;  // by kind: "crashed", "timed out", "out of step"
  std::unordered_map<std::string, Error> refused_fens_;
  std::unordered_set<std::string> accepted_fens_;
  bool whole_lines_ = false;
  int unflushed_ = 0;  // requests at the end of in_flight_ queued by the dialect, not yet written
};

}  // namespace zobrist_verify
