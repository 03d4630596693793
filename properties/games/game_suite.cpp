// The four shared property shapes over a GameSession, run by the shared RapidCheck driver.
#include "game_suite.h"

#include <algorithm>
#include <chrono>

#include <rapidcheck.h>

#include "../generators.h"
#include "../rapidcheck_run.h"
#include "../target_session.h"

namespace zobrist_verify::properties::games {

namespace {

// A generated case: the choices that pick each move, and the seed of the game's own draws.
struct Scenario {
  std::vector<std::uint32_t> choices;
  std::uint64_t seed = 0;
};

Scenario generate_scenario() {
  Scenario s;
  s.choices = *rc::gen::container<std::vector<std::uint32_t>>(rc::gen::arbitrary<std::uint32_t>());
  s.seed = *rc::gen::arbitrary<std::uint64_t>();
  return s;
}

// A played line: the session and the names of the moves it took.
struct PlayedLine {
  std::unique_ptr<GameSession> session;
  std::vector<std::string> moves;
};

// Plays every choice of the scenario from the start (until no move is left).
PlayedLine play_line(const GameTarget& target, const Scenario& s) {
  PlayedLine line{target.start(), {}};
  for (std::uint32_t choice : s.choices) {
    const auto move = line.session->play(choice);
    if (!move) break;
    line.moves.push_back(*move);
  }
  return line;
}

Counterexample counterexample(const GameTarget& target, const PlayedLine& line, int ply,
                              std::string what) {
  Counterexample c;
  c.start_fen = target.start_description;
  c.moves = line.moves;
  c.ply = ply;
  c.what = std::move(what);
  return c;
}

[[noreturn]] void fail_same_key(Counterexample c, Key expected, Key actual) {
  c.comparison = Comparison::SameKey;
  c.expected = expected;
  c.actual = actual;
  fail(std::move(c));
}

void incremental_equals_full(const GameTarget& target) {
  const Scenario s = generate_scenario();
  PlayedLine line{target.start(), {}};
  if (line.session->key() != line.session->full_key())
    fail_same_key(counterexample(target, line, -1, "the start key equals the key from scratch"),
                  line.session->full_key(), line.session->key());
  for (std::uint32_t choice : s.choices) {
    const auto move = line.session->play(choice);
    if (!move) break;
    line.moves.push_back(*move);
    if (line.session->key() != line.session->full_key())
      fail_same_key(counterexample(target, line, int(line.moves.size()) - 1,
                                   "the incremental key equals the key from scratch of " +
                                       line.session->position()),
                    line.session->full_key(), line.session->key());
  }
  tag_case(line.moves.size() >= 40 ? "40+ moves" : "under 40 moves");
}

void reversibility(const GameTarget& target) {
  const Scenario s = generate_scenario();
  PlayedLine line{target.start(), {}};
  for (std::uint32_t choice : s.choices) {
    const Key before = line.session->key();
    const std::string position = line.session->position();
    const auto move = line.session->play(choice);
    if (!move) break;
    line.moves.push_back(*move);
    const Key after = line.session->key();
    line.session->unmake();
    const int ply = int(line.moves.size()) - 1;
    if (line.session->position() != position) {
      Counterexample c = counterexample(
          target, line, ply,
          "unmake restores the position " + position + ", not " + line.session->position());
      c.comparison = Comparison::NoKeys;
      fail(std::move(c));
    }
    if (line.session->key() != before)
      fail_same_key(counterexample(target, line, ply, "unmake restores the key of " + position),
                    before, line.session->key());
    if (!line.session->play(choice) || line.session->key() != after)
      fail_same_key(counterexample(target, line, ply,
                                   "the move replayed after unmake gives the "
                                   "same key"),
                    after, line.session->key());
  }
  tag_case(line.moves.size() >= 40 ? "40+ moves" : "under 40 moves");
}

void equivalence(const GameTarget& target) {
  const Scenario s = generate_scenario();
  const PlayedLine line = play_line(target, s);
  for (const KeyRelation& r : line.session->equivalents(s.seed)) {
    if (!r.tag.empty()) tag_case(r.tag);
    if (r.expected == r.actual) continue;
    Counterexample c = counterexample(target, line, -1, r.what);
    c.positions = {{r.position, false, {}, r.position_key}, {r.other, false, {}, r.actual}};
    fail_same_key(std::move(c), r.expected, r.actual);
  }
}

void unequal_keys(const GameTarget& target) {
  const Scenario s = generate_scenario();
  const PlayedLine line = play_line(target, s);
  const std::string position = line.session->position();
  for (const DifferingPosition& d : line.session->differing(s.seed)) {
    if (!d.tag.empty()) tag_case(d.tag);
    if (d.key != line.session->key() || d.known_anomaly || d.other == position) continue;
    Counterexample c =
        counterexample(target, line, -1, "positions that differ have different keys");
    c.comparison = Comparison::DifferentKeys;
    c.difference = d.difference;
    c.positions = {{position, false, {}, line.session->key()}, {d.other, false, {}, d.key}};
    fail(std::move(c));
  }
}

struct Shape {
  std::string name;
  std::string contract;
  std::string broken_example;
  void (*body)(const GameTarget&);
};

std::vector<Shape> shapes(const GameTarget& target) {
  return {
      {"incremental-equals-full",
       "after every move of a random game the incremental key equals the key computed from "
       "scratch",
       "an update step that forgets part of the position (a closed board's squares, a "
       "subtraction done as XOR)",
       incremental_equals_full},
      {"reversibility",
       "unmaking a move restores the position and its key, and replaying it gives the same key",
       "an unmake that restores the board but not every term of the key", reversibility},
      {target.equivalence.name, target.equivalence.contract, target.equivalence.broken_example,
       equivalence},
      {"unequal-positions-unequal-keys",
       "positions made to differ on purpose (one stone, one square, the side, the sent board, a "
       "random other position) have different keys, apart from the construction's documented "
       "anomalies",
       "a term left out of the key (the colour of a stone, the board a player is sent to)",
       unequal_keys},
  };
}

}  // namespace

std::vector<PropertyInfo> game_properties(const GameTarget& target) {
  std::vector<PropertyInfo> out;
  for (const Shape& s : shapes(target))
    out.push_back({target.game + ":" + s.name, s.contract, s.broken_example});
  return out;
}

PropertyResult run_game_property(const std::string& name, const GameTarget& target,
                                 const SuiteOptions& options) {
  PropertyResult result;
  result.name = name;
  result.target = target.name;
  const auto started = std::chrono::steady_clock::now();
  for (const Shape& s : shapes(target)) {
    if (target.game + ":" + s.name != name) continue;
    run_rapidcheck(
        target.name + "/" + name, options, false, [&target, body = s.body](int) { body(target); },
        result);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
  }
  result.note = "unknown property '" + name + "'";
  return result;
}

std::vector<PropertyResult> run_game_suite(const GameTarget& target, const SuiteOptions& options) {
  std::vector<PropertyResult> results;
  for (const PropertyInfo& p : game_properties(target)) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), p.name) == options.only.end())
      continue;
    results.push_back(run_game_property(p.name, target, options));
  }
  return results;
}

}  // namespace zobrist_verify::properties::games
