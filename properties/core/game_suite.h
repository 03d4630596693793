// The generic property layer: one machinery for every game, chess included. A game plugs in a
// GameSession (its position, its moves picked by number or played by name, its incremental and
// from-scratch keys, its equivalences and the positions it makes to differ on purpose) and a
// GameTarget (its line generator for RapidCheck, its sampler for the collision sweep, how a pair
// of positions may share a key, and its property texts). The four shared shapes run on it:
//
//   incremental-equals-full       every ply of a generated line, incremental against scratch;
//   reversibility                 make/unmake per move, then a full unwind and replay;
//                                 (a line of over 1,000 plies: at its ends and every 100th ply)
//   <the game's equivalence>      positions the game declares related (transpositions, symmetry,
//                                 closed boards filled differently) keep their key relation;
//   unequal-positions-unequal-keys  a sweep over many distinct positions (collisions and splits)
//                                 and, at each, positions made to differ on purpose.
//
// A failure is a Counterexample (a start, the moves from it, the keys), so the text, JSON and
// JUnit reports serve every game unchanged.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/core/random.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties::games {

// The keys of one position: chess reads a key, a pawn key and a material key, the other games
// one key. Which parts a session has, and their names, come from GameSession::key_parts().
inline constexpr std::size_t MaxKeyParts = 3;
using KeyParts = std::array<Key, MaxKeyParts>;

// Keys asked for and perhaps not yet read (a pipelined target answers a whole line in one
// stream): collect() reads them. A failure to read is blamed on `ply`.
struct AskedKeys {
  int ply = -1;                     // of the line being played: -1 at its start
  std::optional<KeyTicket> ticket;  // in flight
  KeyParts ready{};                 // read already (no ticket)
  bool from_scratch = false;
  // For the from-scratch keys: no fresh position can have the incremental keys (a chess target
  // whose FEN rule drops an en-passant square its move rule keeps), so nothing is compared.
  bool nothing_to_compare = false;
  // For the from-scratch keys: what they are compared with, for the report ("after make_move vs
  // a fresh set_position of <FEN>").
  std::string what;
  std::string position;  // the position asked about, as the game writes it
  // The session's own: which of its lines the keys belong to, and whether they are the key its
  // start went with (a chess target behind a pipe judges the start FEN when that key is read).
  int line = 0;
  bool start = false;
};

// Two positions and the key relation they must keep. SameKey: the second's key equals
// `expected` (its partner's key, or Z_x of it for a Go transform). DifferentKeys: the two keys
// differ (near misses of a transposition class).
struct KeyRelation {
  Comparison comparison = Comparison::SameKey;
  std::string what;        // the rule, as the report states it
  ComparedPosition first;  // with its key
  ComparedPosition second;
  Key expected = 0;        // SameKey
  std::string difference;  // DifferentKeys: the one field they differ in, when it is one
  std::string tag;         // the kind of case, for the run's mix
  // Where a failure is shown: the second position's route when the game has one (chess); else
  // the line played.
  std::optional<Route> route;
};

// Another position made to differ from the session's current one on purpose. Its words are
// written only when asked for: a sweep draws several at each position it plays, and needs them
// only for a failure (its key equal to that position's).
struct DifferingPosition {
  std::function<std::string()> difference;  // "a black stone added on D4"
  std::function<std::string()> other;       // as GameSession::position() writes it
  Key key = 0;                              // the hash under test's key of `other`
  bool known_anomaly = false;  // a documented collision of the construction: not a failure
  std::string tag;
};

// One instance of the hash under test playing lines of the game, with the game's own model of
// the position alongside.
class GameSession {
 public:
  virtual ~GameSession() = default;

  // Starts a line at `route.fen` (empty: the game's start). False when the target refused the
  // start and the game tolerates that (counted): the line is skipped.
  virtual bool begin(const std::string& start, bool chess960) = 0;
  // The move `choice` picks among those possible now, by name; nothing when no move is left.
  virtual std::optional<std::string> pick(std::uint64_t choice) = 0;
  // Plays a move by name: one pick() gave, or one of a generated line (legal by construction).
  virtual void play(const std::string& move) = 0;
  virtual void unmake() = 0;  // takes back the last move played

  // The position, written so that two descriptions are equal exactly when the positions are.
  virtual std::string position() const = 0;
  // position() of the current position, written when called (later moves do not change it).
  // A game whose words cost more than a copy of its state overrides it.
  virtual std::function<std::string()> position_later() const {
    return [words = position()] { return words; };
  }
  // The position as the keys must see it, in bytes of one width for the whole game: equal
  // exactly when the hash must give one key (chess: under the target's en-passant rule, with the
  // clock only for a clock-keyed target).
  virtual std::string identity() const = 0;
  // The game model's own check of its state after an unmake; empty when sound.
  virtual std::string consistency() const { return {}; }

  // The names of the key parts the target has, in KeyParts order ("key", "pawn key", ...).
  virtual std::vector<std::string> key_parts() const { return {"key"}; }
  virtual AskedKeys ask_keys() = 0;               // the incremental keys, now
  virtual AskedKeys ask_keys_from_scratch() = 0;  // the same position's keys computed afresh
  virtual KeyParts collect(const AskedKeys& asked) = 0;
  // As collect(), but nothing when the target turned out to refuse the start of the line the keys
  // belong to (counted as a refusal begin() returned; with refusals not tolerated, the case
  // fails instead). collect() discards the case then.
  virtual std::optional<KeyParts> collect_if_started(const AskedKeys& asked) {
    return collect(asked);
  }
  // The keys the game's expected table gives the current position, when it has one (chess
  // --expect, --scheme); nothing otherwise.
  virtual std::optional<KeyParts> exact_keys() const { return std::nullopt; }
  // Fails the case when `keys`, read at `ply`, differ from `exact` (taken by exact_keys() then).
  virtual void check_exact(const KeyParts& keys, const KeyParts& exact, int ply) {
    (void)keys;
    (void)exact;
    (void)ply;
  }

  // Positions related to the line just played, with the relation their keys must keep, drawn
  // with `seed`; the session may play further moves to build them.
  virtual std::vector<KeyRelation> equivalents(std::uint64_t seed) = 0;
  // Positions that differ from the current one on purpose, drawn with `seed`.
  virtual std::vector<DifferingPosition> differing(std::uint64_t seed) = 0;
};

struct GameTarget {
  std::string game;  // "go": property names are "go:<shape>"; empty for chess (bare names)
  std::string name;  // "go:19 xor": the report's target
  // A fresh session; nothing fails the case.
  std::function<std::unique_ptr<GameSession>()> start;
  std::string start_description;  // "empty 19x19 board": a line with no start of its own

  // A line for one RapidCheck case, drawn by the game's generator (it may classify the case).
  // Default: a list of generated choices, each picking a move.
  std::function<Route()> generate;

  // The sweep of unequal-positions-unequal-keys: how many distinct positions for a case budget
  // (default 10,000 per 100 cases), where a sampled line starts (default: the game's start), how
  // long it runs.
  std::function<std::size_t(int cases)> sweep_positions;
  std::function<Route(SplitMix64& random)> sweep_start;
  int sweep_plies = 80;
  // Whether two positions of different identities may share a key without a failure: a
  // clock-keyed chess target's clocks, Go's documented xor zero sets.
  std::function<bool(const std::string& a, const std::string& b)> may_share_key;
  // Reports a collision (different positions, one key) or a split (one position, two keys)
  // found by the sweep, from the routes to both; [[noreturn]] (calls fail). Default: both lines
  // as played, with their positions.
  std::function<void(const Route& first, const Route& second, bool collision, std::size_t distinct)>
      report_sweep_failure;
  // The sessions of a worker the sweep is split to (core/sweep.h), made in that worker: an engine
  // door's start an engine of its own there. Empty: `start`'s, which then work in a forked copy of
  // this process (the reference and the built-in games do).
  std::function<Expected<std::function<std::unique_ptr<GameSession>()>>()> sweep_worker_sessions;

  PropertyInfo equivalence;  // the game's name for its equivalence shape, contract, broken example
};

// The shapes, callable from any property runner inside a RapidCheck case. `cases` is the case
// budget (the sweep scales with it).
void incremental_equals_full(const GameTarget& target);
void reversibility(const GameTarget& target);
void equivalence(const GameTarget& target);
void unequal_positions_unequal_keys(const GameTarget& target, int cases);

// The shapes, in order: incremental-equals-full, reversibility, the game's equivalence,
// unequal-positions-unequal-keys; names carry the game ("go:reversibility").
std::vector<PropertyInfo> game_properties(const GameTarget& target);
// Whether the shape runs as one large case (the sweep) rather than many small ones.
bool is_single_case_shape(std::size_t index);
// Runs one property by its full name ("go:symmetry"); a failed result names an unknown one.
PropertyResult run_game_property(const std::string& name, const GameTarget& target,
                                 const SuiteOptions& options);
// Every property whose full name is in options.only (all when empty).
std::vector<PropertyResult> run_game_suite(const GameTarget& target, const SuiteOptions& options);
// The same properties as units for run_units (one each, in order), which run_game_suite runs with
// options.jobs.
std::vector<SuiteUnit> game_suite_units(const GameTarget& target, const SuiteOptions& options);

}  // namespace zobrist_verify::properties::games
