// A running UCI engine as a HashUnderTest: the key of each position is read from what the engine
// prints after a key command (Stockfish's `d` and its "Key:" line by default). Positions are sent
// as a FEN and a short tail of moves, many of them before any reply is read; "isready" after the
// key command ends each reply, whatever the engine prints. A crash, a hang or a flood of lines is
// blamed on the position whose reply it interrupted; the other positions in flight are replayed
// one at a time on a fresh engine (all of them, when the engine died before we could read what
// it had answered), so that each fault lands on the position that causes it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "zobrist_verify/core/result.h"
#include "zobrist_verify/doors/hash_under_test.h"
#include "zobrist_verify/doors/key_pattern.h"
#include "zobrist_verify/doors/uci_engine.h"

namespace zobrist_verify {

// Stockfish's (and Fairy-Stockfish's) "Key: 8F8F01D4562F59FB". The group takes any word, so that
// a "Key:" line with something else than a key is reported as such.
inline constexpr const char* DefaultKeyPattern = "^Key: *([^ ]*) *$";

struct EngineDoorOptions {
  std::vector<std::string> argv;  // the engine and its arguments, run without a shell
  std::string key_command = "d";
  std::string key_pattern = DefaultKeyPattern;  // ECMAScript, one capture group: the key in hex
  std::chrono::milliseconds timeout{2'000};     // for each reply (the handshake gets at least 10 s)
  int tail_plies = 4;                           // moves a position command carries after its FEN
  int max_in_flight = 64;                       // positions sent and not yet read
  // Fresh engines after faults before the door gives up (each later position is then refused
  // with ErrorKind::GaveUp). A position that crashed or hung the engine is remembered and not
  // sent again, so shrinking its case costs a restart (or, for a hang, `timeout`) only for
  // positions not seen before.
  int max_restarts = 1000;
  std::string transcript;  // when set, every line sent to the engine is also written here
};

// One engine process shared by every HashUnderTest instance of a door, with the positions in
// flight. Not thread-safe, except answered().
class EngineConnection {
 public:
  // Starts the engine, completes the "uci" handshake and one "isready". The error says why the
  // engine cannot be used (it does not start, dies, hangs, or the key pattern is malformed).
  [[nodiscard]] static Expected<std::shared_ptr<EngineConnection>> open(EngineDoorOptions options);
  ~EngineConnection();
  EngineConnection(const EngineConnection&) = delete;
  EngineConnection& operator=(const EngineConnection&) = delete;

  const std::string& engine_name() const { return name_; }
  bool offers_chess960() const { return offers_chess960_; }
  // Replies read so far (a progress line may read it from another thread).
  std::uint64_t answered() const { return answered_.load(std::memory_order_relaxed); }
  int restarts() const { return restarts_; }
  int tail_plies() const { return options_.tail_plies; }

  // Sends the position (UCI_Chess960 switched to `chess960` first when the engine offers it),
  // the key command and "isready", without waiting for the reply.
  KeyTicket request(const std::string& position_command, bool chess960);
  // The key of a requested position, reading replies up to its own.
  [[nodiscard]] Expected<Key> collect(KeyTicket ticket);
  // Drops a ticket that will never be collected.
  void forget(KeyTicket ticket);
  // Sends "quit" and reaps the engine; returns how it ended.
  std::string close();

 private:
  struct Request {
    std::uint64_t id = 0;
    std::string position_command;
    bool chess960 = false;
    bool forgotten = false;
  };

  explicit EngineConnection(EngineDoorOptions options);
  [[nodiscard]] Expected<Done> start_engine();
  // Sends a request's lines; false when the engine could not take them.
  bool send(const Request& request);
  // Reads the reply of the oldest request in flight. A fault (the engine died, hung or flooded)
  // is that request's (an engine answers in order); the other requests in flight are replayed
  // one at a time on a fresh engine.
  void read_oldest();
  // Reads one reply up to "readyok". Faults stop the engine.
  [[nodiscard]] Expected<Key> read_reply(const std::string& position_command);
  void replay_alone(std::deque<Request> requests);
  // A fresh engine after a fault, within options_.max_restarts (else ErrorKind::GaveUp).
  [[nodiscard]] Expected<Done> restart();
  void answer(const Request& request, Expected<Key> key);
  void remember_fault(const Request& request, const Error& error);
  void write_transcript(const std::string& text);

  EngineDoorOptions options_;
  std::optional<KeyPattern> pattern_;
  std::optional<UciEngine> engine_;
  std::string name_;
  bool offers_chess960_ = false;
  std::optional<bool> chess960_mode_;  // UCI_Chess960 as last set on the running engine
  std::deque<Request> in_flight_;
  std::unordered_map<std::uint64_t, Expected<Key>> answers_;
  // Positions (Chess960 flag and position command) that crashed or hung the engine, and how.
  std::unordered_map<std::string, Error> faults_;
  std::uint64_t next_id_ = 1;
  std::atomic<std::uint64_t> answered_{0};
  int restarts_ = 0;
  std::string last_fault_;
  std::ofstream transcript_;
  std::string line_;  // the line being read (kept, so that its storage is reused)
};

// A HashUnderTest on the connection: it remembers the FEN it was given and the moves played, and
// asks the engine for "position fen <FEN a few plies back> moves <the last few moves>".
std::unique_ptr<HashUnderTest> make_engine_hash(std::shared_ptr<EngineConnection> connection);

}  // namespace zobrist_verify
