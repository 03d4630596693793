// Driving a chess target through a line of play with the reference alongside, and turning a
// broken comparison into a Counterexample, which fail() (core/case_log.h) records and throws to
// RapidCheck.
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/case_log.h"
#include "zobrist_verify/chess/game.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

// Target keys as read through the interface; a missing capability reads as 0.
struct TargetKeys {
  Key key = 0, pawn_key = 0, material_key = 0;
};

// Keys asked for and not yet read, with the ply of the line they belong to. For a pipelined
// target (HashUnderTest::request_key) they are in flight; for any other they are already read.
struct PendingKeys {
  int ply = -1;
  std::optional<KeyTicket> ticket;
  TargetKeys keys;  // when there is no ticket
  // Line::request_keys: which of the Line's starts the keys belong to, and whether the ticket is
  // the start's own (the key the FEN was sent with).
  int line = 0;
  bool start = false;
};

// A ply that only a long route reaches (generators.h, long_route_plies): no other generated line
// is as long. A refusal from there on (of a move, or of the key after it) with
// Target::fen_refusals_tolerated is counted as a refused move and its case dropped, as a refused
// FEN's is: a target may keep a bounded history (Fruit 2.1's has 4096 plies).
constexpr int LongRouteRefusalPly = 256;

// One instance of the target playing a line, and the reference playing the same line.
class Line {
 public:
  Line(const Target& target, const Capabilities& caps);
  ~Line();
  Line(const Line&) = delete;
  Line& operator=(const Line&) = delete;

  // Sets both to `fen` (the target gets it as written). A target that rejects it fails the case,
  // or, with Target::fen_refusals_tolerated, has the refusal counted and the case discarded.
  //
  // A pipelined target is not waited for: the FEN goes with the request of its key
  // (HashUnderTest::request_key_of), and the target's verdict on it is read with the first key
  // of the line collected, whichever that is. A refusal then fails or discards the case there.
  void start(const std::string& fen, bool chess960);
  // The same, but a tolerated refusal returns false instead of discarding the case (for a
  // pipelined target: when the FEN was refused before; see collect_if_started).
  [[nodiscard]] bool try_start(const std::string& fen, bool chess960);
  // Plays a legal move ("0000" for a null move) on both.
  void play(const std::string& uci);
  // The same with the reference's move known (a legal move, not a null move, and `uci` written
  // for it in the current position): the reference does not read `uci` again.
  void play(const std::string& uci, Move move);
  // Takes the last move back on both (the target must have the unmake capability).
  void unmake();

  TargetKeys keys();
  // The auxiliary keys (Capabilities::aux_keys), in order; read only by the properties that
  // check them.
  std::vector<Key> aux_keys();
  // The keys of the current position, asked for now and read by collect(): a property that asks
  // for a whole line's keys before it reads them runs a pipelined target at its full speed. A
  // failure is blamed on the ply the keys were asked at.
  PendingKeys request_keys();
  TargetKeys collect(const PendingKeys& pending);
  // As collect(), but nothing (instead of a discarded case) when the target refused the start
  // of the line the keys belong to, and refusals are tolerated: the refusal is counted, and the
  // line is as one try_start() refused.
  std::optional<TargetKeys> collect_if_started(const PendingKeys& pending);
  // With expected_scheme set: the target's keys must equal the reference's exactly.
  void check_exact(const TargetKeys& keys);
  // The same, against the exact keys captured by exact_keys() at an earlier ply.
  void check_exact(const TargetKeys& keys, const TargetKeys& exact, int ply);
  // The keys the expected scheme gives the current position (zeros without one).
  TargetKeys exact_keys() const;

  // The FEN whose fresh set_position must give this line's incremental key: fen(), except for a
  // split target (Target::en_passant_fen_rule), whose FEN rule may key the square the move rule
  // drops (the square is then left out) or drop one the move rule keys (nothing: no FEN can).
  std::optional<std::string> fresh_fen() const;

  const Position& position() const { return game_.position(); }
  std::string fen() const { return game_.position().fen(); }
  const Route& route() const { return route_; }  // the start FEN and the moves played
  const std::string& start_fen() const { return route_.fen; }
  bool chess960() const { return route_.chess960; }
  const std::vector<std::string>& moves() const { return route_.moves; }
  int ply() const { return int(route_.moves.size()) - 1; }
  const Capabilities& capabilities() const { return caps_; }
  HashUnderTest& target() { return *hash_; }

  // A counterexample at the current ply of this line: two keys that had to be equal.
  Counterexample counterexample(std::string what, Key expected, Key actual) const;
  // The same at an earlier ply of this line (the moves after it left out).
  Counterexample counterexample_at(int ply, std::string what, Key expected, Key actual) const;
  // The target reported an error at the current ply: its own message, no keys. An error of kind
  // Crashed or TimedOut (a door to another process) is reported as such.
  Counterexample target_error(std::string what, std::string error,
                              ErrorKind kind = ErrorKind::Refused) const;
  Counterexample target_error_at(int ply, std::string what, std::string error,
                                 ErrorKind kind = ErrorKind::Refused) const;
  // The same on line `line` of this Line (PendingKeys::line): the current one, or the one before
  // it, whose keys a property may read after it has started the next.
  Counterexample target_error_on(int line, int ply, std::string what, std::string error,
                                 ErrorKind kind) const;
  int line() const { return line_; }  // starts so far: which line the Line stands on
  // Two positions that had to have different keys, and did not; the first is often this line's.
  Counterexample different_keys(std::string what, ComparedPosition first,
                                ComparedPosition second) const;
  // The same at an earlier ply of this line.
  Counterexample different_keys_at(int ply, std::string what, ComparedPosition first,
                                   ComparedPosition second) const;
  // This line's position as one side of a comparison, with the key the target gave it.
  ComparedPosition compared(Key key) const { return {route_, key}; }

 private:
  // What play() does once the reference has played `uci`: the route, the target's move.
  void give_target(const std::string& uci);
  const Target& target_;
  Capabilities caps_;
  std::unique_ptr<HashUnderTest> hash_;
  // A start sent to a pipelined target, whose verdict is read with the line's first key.
  struct Start {
    int line = 0;
    KeyTicket ticket;
    Route route;                          // the FEN as written
    std::optional<Expected<Key>> answer;  // read: the start's key, or why there is none
    bool refused = false;                 // a tolerated refusal: the line is dropped
    std::string why;                      // the refusal, for the discarded case
  };
  // Reads the verdict on the start of line `line` (and on any start before it) when it is still
  // in flight; fails the case on an untolerated refusal. The start, if this Line still knows it.
  Start* settle(int line);
  // Reads the verdict on `start` once, counting a refusal; an untolerated one is returned.
  std::optional<Counterexample> judge(Start& start);
  const Route& route_of(int line) const;
  // Drops the case when `error`, at `ply` of line `line`, is a tolerated refusal of a long route
  // (LongRouteRefusalPly), counting it unless the caller has (`counted`); else returns.
  void drop_refused_long_route(int line, int ply, const Error& error, bool counted) const;
  static Counterexample counterexample_on(const Route& route, int at, std::string what,
                                          Key expected, Key actual);

  Game game_;
  Route route_;   // the start FEN as written and the moves played from it
  int line_ = 0;  // starts so far
  std::optional<std::pair<int, Route>> previous_;  // the line before this one, as played
  std::deque<Start> starts_;  // of this line and the ones before it still unread
};

// Where a FEN given to a Scratch comes from: a property that built it (any text the strict reader
// accepts), or the reference's writer (Line::fen() and Line::fresh_fen(), which may replace the
// en-passant field): such a FEN goes to the target by HashUnderTest::set_written_position.
enum class FenForm { Built, Written };

// A second instance that only ever gets set_position: the black-box from-scratch keys.
class Scratch {
 public:
  Scratch(const Target& target, const Capabilities& caps);
  // The keys of `fen`, which the strict reader must accept; the target rejecting it fails the
  // case, blaming `context`'s current ply.
  TargetKeys keys_of(const std::string& fen, bool chess960, const Line& context,
                     FenForm form = FenForm::Built);
  // As keys_of, asked for now and read by collect() (see Line::request_keys); a failure blames
  // `context` at its current ply.
  PendingKeys request_keys_of(const std::string& fen, bool chess960, const Line& context,
                              FenForm form = FenForm::Built);
  TargetKeys collect(const PendingKeys& pending, const std::string& fen, const Line& context);
  Key key_of(const std::string& fen, bool chess960, const Line& context) {
    return keys_of(fen, chess960, context).key;
  }
  // The auxiliary keys of `fen`, as keys_of.
  std::vector<Key> aux_keys_of(const std::string& fen, bool chess960, const Line& context,
                               FenForm form = FenForm::Built);

 private:
  // The target's set_position, or set_written_position for a FEN the writer wrote.
  Expected<Done> set(const std::string& fen, bool chess960, FenForm form);
  Counterexample refused_valid_fen(const std::string& fen, bool chess960, const PendingKeys& at,
                                   const Error& error, const Line& context) const;

  const Target& target_;
  Capabilities caps_;
  std::unique_ptr<HashUnderTest> hash_;
};

// The scheme the reference side of a Line uses: the expected one, else Polyglot (only legality
// and FENs matter then).
const KeyScheme& reference_scheme(const Target& target);

// A fresh instance from the factory; a factory that returns nothing fails the case.
std::unique_ptr<HashUnderTest> make_instance(const Target& target);

}  // namespace zobrist_verify::properties
