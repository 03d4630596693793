// The four shared property shapes over a GameSession, run by the shared RapidCheck driver.
#include "core/game_suite.h"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <limits>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "core/game_lines.h"
#include "core/rapidcheck_run.h"
#include "core/sweep.h"

namespace zobrist_verify::properties::games {

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

Counterexample counterexample_at(const GameTarget& target, const Route& line, int ply,
                                 std::string what) {
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

namespace {

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

// A line longer than LongLinePlies (chess's long routes, past engines' history buffers) is
// checked at its first and last CheckedEnds plies and every CheckedEnds-th between, and its other
// moves only played: what such a line is for is reaching its end, and a check at every ply of it
// would cost more than the rest of a run's lines together.
constexpr std::size_t LongLinePlies = 1000, CheckedEnds = 100;
bool checked_ply(std::size_t plies, std::size_t ply) {
  return plies <= LongLinePlies || ply < CheckedEnds || ply + CheckedEnds >= plies ||
         ply % CheckedEnds == 0;
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
  for (std::size_t i = 0; i < line.moves.size(); ++i) {
    session->play(line.moves[i]);
    if (checked_ply(line.moves.size(), i)) ask();
  }
  for (const Ply& p : plies) {
    const KeyParts incremental = session->collect(p.incremental);
    const KeyParts fresh = session->collect(p.fresh);
    const int ply = p.incremental.ply;
    // At the start the exact keys are checked first: a wrong start key explains the rest.
    if (ply < 0 && p.exact) session->check_exact(incremental, *p.exact, ply);
    if (const int part = differing_part(parts, fresh, incremental);
        part >= 0 && !p.fresh.nothing_to_compare)
      fail_same_key(
          counterexample_at(target, line, ply, parts[std::size_t(part)] + ": " + p.fresh.what),
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
    before.push_back(keys);
    if (!checked_ply(line.moves.size(), i)) {  // played and keyed only, for the unwind below
      session->play(move);
      after.push_back(read_keys(*session));
      continue;
    }
    const std::string position = session->position();
    session->play(move);
    const KeyParts played = read_keys(*session);
    session->unmake();
    // The counterexample shows the move that was made and taken back.
    const KeyParts restored = read_keys(*session);
    if (const int part = differing_part(parts, keys, restored); part >= 0)
      fail_same_key(counterexample_at(target, line, ply,
                                      parts[std::size_t(part)] + " after making " + move +
                                          " and unmaking it vs before"),
                    keys[std::size_t(part)], restored[std::size_t(part)]);
    const std::string consistency = session->consistency();
    if (session->position() != position || !consistency.empty()) {
      Counterexample c = counterexample_at(
          target, line, ply,
          "unmaking " + move + " restores the position " + position +
              (consistency.empty() ? ", not " + session->position() : ": " + consistency));
      c.comparison = Comparison::NoKeys;
      fail(std::move(c));
    }
    session->play(move);
    const KeyParts replayed = read_keys(*session);
    if (const int part = differing_part(parts, played, replayed); part >= 0)
      fail_same_key(counterexample_at(target, line, ply,
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
      Counterexample c =
          counterexample_at(target, line, plies - 1,
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
      fail_same_key(
          counterexample_at(target, line, i,
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
      c = counterexample_at(target, line, int(line.moves.size()) - 1, r.what);
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

// What one position of a sweep holds in memory at most: its identity, its index in two tables and
// its key (10^7 chess positions take under a gigabyte).
constexpr std::uint64_t SweepBytesPerPosition = 100;

// The memory a sweep may take: half of the machine's, and what the address-space limit (ulimit
// -v) leaves beyond what this process maps already.
std::uint64_t sweep_memory_allowed() {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGESIZE);
  std::uint64_t allowed = pages > 0 && page > 0 ? std::uint64_t(pages) * std::uint64_t(page) / 2
                                                : std::uint64_t(1) << 32;
  rlimit limit{};
  if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
    std::uint64_t mapped = 0;
    if (std::FILE* statm = std::fopen("/proc/self/statm", "r")) {
      unsigned long long size = 0;
      if (std::fscanf(statm, "%llu", &size) == 1) mapped = size * std::uint64_t(page);
      std::fclose(statm);
    }
    const std::uint64_t left = limit.rlim_cur > mapped ? limit.rlim_cur - mapped : 0;
    allowed = std::min(allowed, left / 2);  // the tables grow by doubling
  }
  return allowed;
}

}  // namespace

void unequal_positions_unequal_keys(const GameTarget& target, int cases) {
  std::size_t wanted = target.sweep_positions ? target.sweep_positions(cases)
                                              : 10'000 * std::size_t(std::max(1, cases / 100));
  // A sweep larger than memory allows (or than 32-bit indices reach) is cut to what fits, and
  // the case says so: the run's memory is never taken for a fault of the target.
  const std::uint64_t fits = std::min<std::uint64_t>(sweep_memory_allowed() / SweepBytesPerPosition,
                                                     std::numeric_limits<std::uint32_t>::max() / 2);
  if (wanted > fits) {
    const std::string cut = "sweep cut from " + std::to_string(wanted) + " to " +
                            std::to_string(fits) + " positions, what memory allows (" +
                            std::to_string(SweepBytesPerPosition) + " bytes a position)";
    tag_case(cut);
    // Said where the person running it reads, whichever report format goes to stdout.
    std::cerr << "note: unequal-positions-unequal-keys: " << cut << '\n';
    wanted = std::size_t(fits);
  }
  // One large case, not shrunk by RapidCheck (each rerun would replay the whole sweep); a
  // failure is cut down by the game's report_sweep_failure.
  run_sweep(target, wanted,
            *rc::gen::noShrink(rc::gen::resize(100, rc::gen::arbitrary<std::uint64_t>())));
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
