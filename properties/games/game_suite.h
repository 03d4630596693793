// The generic property layer: one machinery for every game that is not chess (Go, Ultimate
// tic-tac-toe). A game plugs in a GameSession (its position, its moves picked by generated
// choices, its incremental and from-scratch keys, its equivalences and the positions it makes to
// differ on purpose); the four shared property shapes run on it through RapidCheck and come back
// as PropertyResult, so the text, JSON and JUnit reports serve every game unchanged.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties::games {

// Another position the game declares equivalent to the session's, and the key relation they
// must satisfy: key(other) == expected, expected derived from the session's key (the identity
// for equal positions, Z_x for a Go transform).
struct KeyRelation {
  std::string what;   // "Z(rho(c)) = Z_rho(Z(c))"
  std::string other;  // the other position, described
  Key expected = 0;
  Key actual = 0;
  std::string tag;       // the kind of case, for the run's mix
  std::string position;  // the first position, described
  Key position_key = 0;  // and its key
};

// Another position made to differ from the session's on purpose.
struct DifferingPosition {
  std::string difference;  // "a black stone added on D4"
  std::string other;
  Key key = 0;                 // the hash under test's key of `other`
  bool known_anomaly = false;  // a documented collision of the construction: not a failure
  std::string tag;
};

// One game being played with the hash under test.
class GameSession {
 public:
  virtual ~GameSession() = default;
  virtual Key key() const = 0;       // the incremental key
  virtual Key full_key() const = 0;  // the same hash from scratch
  // The position, written so that two descriptions are equal exactly when the positions are.
  virtual std::string position() const = 0;
  // Plays the move `choice` picks among the possible ones (modulo their number) and returns its
  // name; nothing when no move is left.
  virtual std::optional<std::string> play(std::uint32_t choice) = 0;
  virtual void unmake() = 0;  // takes back the last move played
  // Equivalent positions and differing positions, drawn with `seed`.
  virtual std::vector<KeyRelation> equivalents(std::uint64_t seed) = 0;
  virtual std::vector<DifferingPosition> differing(std::uint64_t seed) = 0;
};

struct GameTarget {
  std::string game;  // "go": property names are "go:<shape>"
  std::string name;  // "go:19 xor": the report's target
  std::function<std::unique_ptr<GameSession>()> start;
  PropertyInfo equivalence;  // the game's name for its equivalence shape, contract, broken example
  std::string start_description;  // "empty 19x19 board": where every generated line starts
};

// The shapes, in order: incremental-equals-full, reversibility, the game's equivalence,
// unequal-positions-unequal-keys; names carry the game ("go:reversibility").
std::vector<PropertyInfo> game_properties(const GameTarget& target);
// Runs one property by its full name ("go:symmetry"); a failed result names an unknown one.
PropertyResult run_game_property(const std::string& name, const GameTarget& target,
                                 const SuiteOptions& options);
// Every property whose full name is in options.only (all when empty).
std::vector<PropertyResult> run_game_suite(const GameTarget& target, const SuiteOptions& options);

}  // namespace zobrist_verify::properties::games
