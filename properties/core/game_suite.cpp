// The four shared property shapes over a GameSession, run by the shared RapidCheck driver.
#include "core/game_suite.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <deque>
#include <unordered_map>
#include <unordered_set>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "core/rapidcheck_run.h"

namespace zobrist_verify::properties::games {

namespace {

std::unique_ptr<GameSession> open_session(const GameTarget& target) {
  std::unique_ptr<GameSession> session = target.start ? target.start() : nullptr;
  if (!session) {
    Counterexample c;
    c.route.fen = target.start_description;
    c.ply = -1;
    c.what = "the target gave no session";
    c.comparison = Comparison::NoKeys;
    fail(std::move(c));
  }
  return session;
}

// The default generator: a list of generated choices, each picking a move on a session of its
// own, played from the game's start.
Route generate_by_choices(const GameTarget& target) {
  const auto choices =
      *rc::gen::container<std::vector<std::uint32_t>>(rc::gen::arbitrary<std::uint32_t>());
  std::unique_ptr<GameSession> picker = open_session(target);
  Route line;
  if (!picker->begin(line.fen, false)) return line;
  for (std::uint32_t choice : choices) {
    const std::optional<std::string> move = picker->pick(choice);
    if (!move) break;
    picker->play(*move);
    line.moves.push_back(*move);
  }
  return line;
}

Route generate(const GameTarget& target) {
  return target.generate ? target.generate() : generate_by_choices(target);
}

// A session at the start of `line`; a tolerated refusal of the start discards the case.
std::unique_ptr<GameSession> begin_line(const GameTarget& target, const Route& line) {
  std::unique_ptr<GameSession> session = open_session(target);
  if (!session->begin(line.fen, line.chess960))
    discard_case("the target refused the start " + line.fen);
  return session;
}

// A counterexample at `ply` of `line` (its moves up to that ply; -1: at the start).
Counterexample at(const GameTarget& target, const Route& line, int ply, std::string what) {
  Counterexample c;
  c.route.fen = line.fen.empty() ? target.start_description : line.fen;
  c.route.chess960 = line.chess960;
  c.route.moves.assign(
      line.moves.begin(),
      line.moves.begin() + std::ptrdiff_t(std::clamp(ply + 1, 0, int(line.moves.size()))));
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

KeyParts read_keys(GameSession& session) {
  const AskedKeys asked = session.ask_keys();
  return session.collect(asked);
}

// The first key part in which `want` and `got` differ, or -1.
int differing_part(const std::vector<std::string>& parts, const KeyParts& want,
                   const KeyParts& got) {
  for (std::size_t p = 0; p < parts.size(); ++p)
    if (want[p] != got[p]) return int(p);
  return -1;
}

void tag_length(const Route& line) {
  tag_case(line.moves.size() >= 40 ? "40+ moves" : "under 40 moves");
}

}  // namespace

void incremental_equals_full(const GameTarget& target) {
  const Route line = generate(target);
  std::unique_ptr<GameSession> session = begin_line(target, line);
  const std::vector<std::string> parts = session->key_parts();
  // Every key of the line is asked for before any is read (a pipelined target answers them in
  // one stream), then the comparisons run in the order of the plies.
  struct Ply {
    AskedKeys incremental, fresh;
    std::optional<KeyParts> exact;
  };
  std::vector<Ply> plies;
  plies.reserve(line.moves.size() + 1);
  auto ask = [&] {
    plies.push_back({session->ask_keys(), session->ask_keys_from_scratch(), session->exact_keys()});
  };
  ask();
  for (const std::string& move : line.moves) {
    session->play(move);
    ask();
  }
  for (const Ply& p : plies) {
    const KeyParts incremental = session->collect(p.incremental);
    const KeyParts fresh = session->collect(p.fresh);
    const int ply = p.incremental.ply;
    // At the start the exact keys are checked first: a wrong start key explains the rest.
    if (ply < 0 && p.exact) session->check_exact(incremental, *p.exact, ply);
    if (const int part = differing_part(parts, fresh, incremental);
        part >= 0 && !p.fresh.nothing_to_compare)
      fail_same_key(at(target, line, ply, parts[std::size_t(part)] + ": " + p.fresh.what),
                    fresh[std::size_t(part)], incremental[std::size_t(part)]);
    if (ply >= 0 && p.exact) session->check_exact(incremental, *p.exact, ply);
  }
  if (!target.generate) tag_length(line);
}

void reversibility(const GameTarget& target) {
  const Route line = generate(target);
  std::unique_ptr<GameSession> session = begin_line(target, line);
  const std::vector<std::string> parts = session->key_parts();
  std::vector<KeyParts> before, after;
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    const std::string& move = line.moves[i];
    const int ply = int(i);
    const KeyParts keys = read_keys(*session);
    const std::string position = session->position();
    before.push_back(keys);
    session->play(move);
    const KeyParts played = read_keys(*session);
    session->unmake();
    // The counterexample shows the move that was made and taken back.
    const KeyParts restored = read_keys(*session);
    if (const int part = differing_part(parts, keys, restored); part >= 0)
      fail_same_key(
          at(target, line, ply,
             parts[std::size_t(part)] + " after making " + move + " and unmaking it vs before"),
          keys[std::size_t(part)], restored[std::size_t(part)]);
    const std::string consistency = session->consistency();
    if (session->position() != position || !consistency.empty()) {
      Counterexample c =
          at(target, line, ply,
             "unmaking " + move + " restores the position " + position +
                 (consistency.empty() ? ", not " + session->position() : ": " + consistency));
      c.comparison = Comparison::NoKeys;
      fail(std::move(c));
    }
    session->play(move);
    const KeyParts replayed = read_keys(*session);
    if (const int part = differing_part(parts, played, replayed); part >= 0)
      fail_same_key(at(target, line, ply,
                       parts[std::size_t(part)] + " after " + move +
                           " replayed after its unmake vs the first time"),
                    played[std::size_t(part)], replayed[std::size_t(part)]);
    after.push_back(played);
  }
  // Unwind to the start, then replay: stale state left by unmake shows up in later keys.
  const int plies = int(line.moves.size());
  for (int i = plies - 1; i >= 0; --i) {
    session->unmake();
    const KeyParts keys = read_keys(*session);
    if (const int part = differing_part(parts, before[std::size_t(i)], keys); part >= 0) {
      Counterexample c = at(target, line, plies - 1,
                            parts[std::size_t(part)] + " after unmaking every move back to ply " +
                                std::to_string(i) + " vs the one seen on the way in");
      c.ply = i;
      fail_same_key(std::move(c), before[std::size_t(i)][std::size_t(part)],
                    keys[std::size_t(part)]);
    }
  }
  for (int i = 0; i < plies; ++i) {
    session->play(line.moves[std::size_t(i)]);
    const KeyParts keys = read_keys(*session);
    if (const int part = differing_part(parts, after[std::size_t(i)], keys); part >= 0)
      fail_same_key(at(target, line, i,
                       parts[std::size_t(part)] +
                           ": replaying the line after unmaking it all vs the first time"),
                    after[std::size_t(i)][std::size_t(part)], keys[std::size_t(part)]);
  }
  if (!target.generate) tag_length(line);
}

void equivalence(const GameTarget& target) {
  const Route line = generate(target);
  const std::uint64_t seed = *rc::gen::arbitrary<std::uint64_t>();
  std::unique_ptr<GameSession> session = begin_line(target, line);
  for (const std::string& move : line.moves) session->play(move);
  for (const KeyRelation& r : session->equivalents(seed)) {
    if (!r.tag.empty()) tag_case(r.tag);
    const bool same = r.second.key == r.expected;
    const bool holds =
        r.comparison == Comparison::DifferentKeys ? r.first.key != r.second.key : same;
    if (holds) continue;
    Counterexample c;
    if (r.route) {
      c.route = *r.route;
      c.ply = int(c.route.moves.size()) - 1;
      c.what = r.what;
    } else {
      c = at(target, line, int(line.moves.size()) - 1, r.what);
    }
    c.positions = {r.first, r.second};
    if (r.comparison == Comparison::DifferentKeys) {
      c.comparison = Comparison::DifferentKeys;
      c.difference = r.difference;
      fail(std::move(c));
    }
    fail_same_key(std::move(c), r.expected, r.second.key);
  }
}

namespace {

// Identities of one width kept end to end in one buffer, found through a hash set of their
// indices: 10^7 chess positions fit in a few hundred megabytes.
class IdentityStore {
 public:
  // The index of `identity`, added when new; `added` says which.
  std::uint32_t find_or_add(const std::string& identity, bool& added) {
    if (width_ == 0) width_ = identity.size();
    if (identity.size() != width_)
      throw std::logic_error("a game gave identities of different widths");
    bytes_.insert(bytes_.end(), identity.begin(), identity.end());
    const auto index = std::uint32_t(bytes_.size() / width_ - 1);
    const auto [it, inserted] = set_.insert(index);
    added = inserted;
    if (!inserted) bytes_.resize(bytes_.size() - width_);
    return added ? index : *it;
  }
  std::string at(std::uint32_t index) const {
    return std::string(bytes_.data() + std::size_t(index) * width_, width_);
  }
  std::size_t size() const { return set_.size(); }
  void reserve(std::size_t n) { set_.reserve(n); }

 private:
  struct Hash {
    const IdentityStore* store;
    std::size_t operator()(std::uint32_t i) const {
      // FNV-1a over the bytes, then a final mix.
      std::uint64_t h = 0xcbf29ce484222325ULL;
      const char* p = store->bytes_.data() + std::size_t(i) * store->width_;
      for (std::size_t k = 0; k < store->width_; ++k)
        h = (h ^ std::uint8_t(p[k])) * 0x100000001b3ULL;
      return std::size_t(h ^ (h >> 29));
    }
  };
  struct Equal {
    const IdentityStore* store;
    bool operator()(std::uint32_t a, std::uint32_t b) const {
      return std::memcmp(store->bytes_.data() + std::size_t(a) * store->width_,
                         store->bytes_.data() + std::size_t(b) * store->width_, store->width_) == 0;
    }
  };
  std::size_t width_ = 0;
  std::vector<char> bytes_;
  std::unordered_set<std::uint32_t, Hash, Equal> set_{16, Hash{this}, Equal{this}};
};

// The default report of a sweep failure: both lines as played, with their positions.
[[noreturn]] void report_lines(const GameTarget& target, const Route& first, const Route& second,
                               bool collision, std::size_t distinct,
                               const std::string& first_position,
                               const std::string& second_position, Key first_key, Key second_key) {
  Counterexample c = at(target, second, int(second.moves.size()) - 1, "");
  const ComparedPosition one{{first_position, false, {}}, first_key};
  const ComparedPosition two{{second_position, false, {}}, second_key};
  c.positions = {one, two};
  if (collision) {
    c.comparison = Comparison::DifferentKeys;
    c.what = "64-bit key collision after " + std::to_string(distinct) +
             " distinct positions: the position of this line has the key of one reached by " +
             moves_text(first.moves);
    fail(std::move(c));
  }
  c.what = "the same position reached by two lines has two keys (the other line: " +
           moves_text(first.moves) + ")";
  fail_same_key(std::move(c), first_key, second_key);
}

}  // namespace

namespace {

// Property 4's one large case: lines are sampled until `wanted` distinct positions are seen;
// two positions with one identity must share a key, two with different identities must not
// (unless the game declares the pair), and each sampled position's made-to-differ neighbours
// must have other keys. Each line is played and all its keys asked for first; they are read and
// checked, ply by ply, only once the next line has been asked for, so a pipelined target always
// has work.
class Sweep {
 public:
  Sweep(const GameTarget& target, std::size_t wanted)
      : target_(target), wanted_(wanted), session_(open_session(target)) {
    identities_.reserve(wanted * 2);
    by_key_.reserve(wanted * 2);
  }

  void run(SplitMix64& random) {
    // Far more lines than needed: stops a game whose lines repeat, or a target refusing every
    // start.
    for (std::size_t attempt = 0; !done() && attempt < wanted_; ++attempt) {
      if (!ask_line(random)) continue;
      if (unread_.size() > 1) read_oldest();
    }
    while (!unread_.empty() && !done()) read_oldest();
    if (!done()) fail_too_few();
    tag_case(std::to_string(identities_.size()) + " distinct positions" +
             (perturbed_ ? ", " + std::to_string(perturbed_) + " made to differ" : ""));
  }

 private:
  // Where each position was first seen: line and ply, to replay it on a failure.
  struct Seen {
    Key key;
    std::uint32_t line;
    std::int32_t ply;
  };
  struct Asked {
    std::string identity;
    AskedKeys keys;
    std::vector<DifferingPosition> differing;
    std::string position;
  };
  struct AskedLine {
    std::uint32_t index;
    std::vector<Asked> plies;
  };

  bool done() const { return identities_.size() >= wanted_; }

  // Plays one sampled line, asking for every key on the way; false when the start is refused
  // (the session counts it).
  bool ask_line(SplitMix64& random) {
    const Route start = target_.sweep_start ? target_.sweep_start(random) : Route{};
    if (!session_->begin(start.fen, start.chess960)) return false;
    lines_.push_back({start.fen, start.chess960, {}});
    AskedLine asked{std::uint32_t(lines_.size() - 1), {}};
    for (int ply = -1; ply < target_.sweep_plies; ++ply) {
      if (ply >= 0) {
        const std::optional<std::string> move = session_->pick(random.next());
        if (!move) break;
        session_->play(*move);
        lines_.back().moves.push_back(*move);
      }
      Asked a{session_->identity(), session_->ask_keys(), session_->differing(random.next()), {}};
      if (!a.differing.empty()) a.position = session_->position();
      asked.plies.push_back(std::move(a));
    }
    unread_.push_back(std::move(asked));
    return true;
  }

  void read_oldest() {
    check_line(unread_.front());
    unread_.pop_front();
  }

  void check_line(const AskedLine& line) {
    for (const Asked& a : line.plies) {
      if (done()) return;
      const Key key = session_->collect(a.keys)[0];
      check_differing(line, a, key);
      check_identity(a, Seen{key, line.index, a.keys.ply});
    }
  }

  // The positions made to differ from this one have other keys.
  void check_differing(const AskedLine& line, const Asked& a, Key key) {
    for (const DifferingPosition& d : a.differing) {
      ++perturbed_;
      if (!d.tag.empty()) tag_case(d.tag);
      if (d.key != key || d.known_anomaly || d.other == a.position) continue;
      Counterexample c =
          at(target_, lines_[line.index], a.keys.ply, "positions that differ have different keys");
      c.comparison = Comparison::DifferentKeys;
      c.difference = d.difference;
      c.positions = {{{a.position, false, {}}, key}, {{d.other, false, {}}, d.key}};
      fail(std::move(c));
    }
  }

  // One identity, one key; one key, one identity (unless the game explains the pair).
  void check_identity(const Asked& a, const Seen& here) {
    bool added = false;
    const std::uint32_t index = identities_.find_or_add(a.identity, added);
    if (!added) {
      if (seen_[index].key != here.key) fail_pair(seen_[index], here, false);
      return;
    }
    seen_.push_back(here);
    if (const auto it = by_key_.find(here.key); it != by_key_.end()) {
      const bool explained =
          target_.may_share_key && target_.may_share_key(identities_.at(it->second), a.identity);
      if (!explained) fail_pair(seen_[it->second], here, true);
      return;
    }
    by_key_.emplace(here.key, index);
  }

  Route route_to(const Seen& s) const {
    Route r = lines_[s.line];
    r.moves.resize(std::size_t(s.ply + 1));
    return r;
  }

  // Replays the route on a fresh session: its position's description.
  std::string describe(const Route& r) const {
    std::unique_ptr<GameSession> replay = open_session(target_);
    if (!replay->begin(r.fen, r.chess960)) return "(start refused)";
    for (const std::string& m : r.moves) replay->play(m);
    return replay->position();
  }

  [[noreturn]] void fail_pair(const Seen& first, const Seen& here, bool collision) const {
    const Route a = route_to(first), b = route_to(here);
    if (target_.report_sweep_failure)
      target_.report_sweep_failure(a, b, collision, identities_.size());
    report_lines(target_, a, b, collision, identities_.size(), describe(a), describe(b), first.key,
                 here.key);
  }

  [[noreturn]] void fail_too_few() const {
    Counterexample c = at(target_, lines_.empty() ? Route{} : lines_.back(), -1,
                          "only " + std::to_string(identities_.size()) +
                              " distinct positions generated, fewer than the " +
                              std::to_string(wanted_) + " wanted");
    c.comparison = Comparison::NoKeys;
    fail(std::move(c));
  }

  const GameTarget& target_;
  const std::size_t wanted_;
  std::unique_ptr<GameSession> session_;
  std::vector<Route> lines_;
  IdentityStore identities_;
  std::vector<Seen> seen_;  // by identity index
  std::unordered_map<Key, std::uint32_t> by_key_;
  std::deque<AskedLine> unread_;
  std::size_t perturbed_ = 0;
};

}  // namespace

void unequal_positions_unequal_keys(const GameTarget& target, int cases) {
  const std::size_t wanted = target.sweep_positions
                                 ? target.sweep_positions(cases)
                                 : 10'000 * std::size_t(std::max(1, cases / 100));
  // One large case, not shrunk by RapidCheck (each rerun would replay the whole sweep); a
  // failure is cut down by the game's report_sweep_failure.
  SplitMix64 random(*rc::gen::noShrink(rc::gen::resize(100, rc::gen::arbitrary<std::uint64_t>())));
  Sweep(target, wanted).run(random);
}

namespace {

struct Shape {
  std::string name;
  std::string contract;
  std::string broken_example;
};

std::vector<Shape> default_shapes(const GameTarget& target) {
  return {
      {"incremental-equals-full",
       "after every move of a random line the incremental key equals the key computed from "
       "scratch",
       "an update step that forgets part of the position (a closed board's squares, a "
       "subtraction done as XOR)"},
      {"reversibility",
       "unmaking a move restores the position and its key, replaying it gives the same key, and "
       "a full unwind and replay of the line sees the same keys",
       "an unmake that restores the board but not every term of the key"},
      {target.equivalence.name, target.equivalence.contract, target.equivalence.broken_example},
      {"unequal-positions-unequal-keys",
       "a sweep of distinct positions from random lines has no shared key, and at each of them "
       "positions made to differ on purpose (one stone, one square, the side, the sent board, a "
       "random other position) have different keys, apart from the construction's documented "
       "anomalies",
       "a term left out of the key (the colour of a stone, the board a player is sent to)"},
  };
}

using ShapeBody = void (*)(const GameTarget&, int);
constexpr std::array<ShapeBody, 4> Bodies = {
    [](const GameTarget& t, int) { incremental_equals_full(t); },
    [](const GameTarget& t, int) { reversibility(t); },
    [](const GameTarget& t, int) { equivalence(t); },
    [](const GameTarget& t, int cases) { unequal_positions_unequal_keys(t, cases); },
};

}  // namespace

bool is_single_case_shape(std::size_t index) {
  return index == 3;
}

std::vector<PropertyInfo> game_properties(const GameTarget& target) {
  std::vector<PropertyInfo> out;
  const std::string prefix = target.game.empty() ? "" : target.game + ":";
  for (const Shape& s : default_shapes(target))
    out.push_back({prefix + s.name, s.contract, s.broken_example});
  return out;
}

PropertyResult run_game_property(const std::string& name, const GameTarget& target,
                                 const SuiteOptions& options) {
  PropertyResult result;
  result.name = name;
  result.target = target.name;
  const auto started = std::chrono::steady_clock::now();
  const std::vector<PropertyInfo> infos = game_properties(target);
  for (std::size_t i = 0; i < infos.size() && i < Bodies.size(); ++i) {
    if (infos[i].name != name) continue;
    TallyScope tally_scope(result.tally);
    run_rapidcheck(
        target.name + "/" + name, options, is_single_case_shape(i),
        [&target, body = Bodies[i]](int cases) { body(target, cases); }, result);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return result;
  }
  result.note = "unknown property '" + name + "'";
  return result;
}

std::vector<SuiteUnit> game_suite_units(const GameTarget& target, const SuiteOptions& options) {
  std::vector<SuiteUnit> units;
  for (const PropertyInfo& p : game_properties(target)) {
    if (!options.only.empty() &&
        std::find(options.only.begin(), options.only.end(), p.name) == options.only.end())
      continue;
    SuiteUnit unit;
    unit.name = p.name;
    unit.target = target.name;
    // The sweep costs about eight times any other shape (`check --cases 100 --json`).
    if (p.name.ends_with("unequal-positions-unequal-keys")) unit.weight = 8;
    unit.run = [name = p.name, target, options]() -> std::vector<PropertyResult> {
      return {run_game_property(name, target, options)};
    };
    units.push_back(std::move(unit));
  }
  return units;
}

std::vector<PropertyResult> run_game_suite(const GameTarget& target, const SuiteOptions& options) {
  return run_units(game_suite_units(target, options), options.jobs);
}

}  // namespace zobrist_verify::properties::games
