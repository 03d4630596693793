// Property 4's sweep split across the workers of --jobs N (core/sweep.h): the row is the same for
// one job and for three (cases, tags, tally, counterexample), on chess and on Go and Ultimate
// tic-tac-toe, passing and failing; the lines really are played in several processes; and no
// more than N of them play at once.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "go/go_game.h"
#include "uttt/uttt_game.h"
#include "zobrist_verify/game_properties.h"
#include "zobrist_verify/keys/key_scheme.h"
#include "zobrist_verify/mutants/mutant_runs.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {
namespace {

constexpr const char* Sweep = "unequal-positions-unequal-keys";

SuiteOptions sweep_only(const std::string& name, int cases = 100) {
  SuiteOptions o;
  o.cases = cases;
  o.only = {name};
  return o;
}

// Everything a report shows of a row, timings aside.
std::string row(const PropertyResult& r) {
  std::string out =
      r.name + " | " + r.target + " | " + (r.passed ? "pass" : "fail") + " | " +
      std::to_string(r.cases) + " cases | seed " + std::to_string(r.seed) + " | " + r.note +
      " | given " + std::to_string(r.tally.fens_given) + "/" + std::to_string(r.tally.moves_given) +
      " refused " + std::to_string(r.tally.fens_refused) + "/" +
      std::to_string(r.tally.moves_refused) + " withheld " + std::to_string(r.tally.fens_withheld);
  if (r.counterexample) out += "\n" + format_counterexample(*r.counterexample);
  return out;
}

// The rows of `units` run with one job and with three; they must be the same. Returns them.
std::vector<PropertyResult> same_with_three_jobs(const std::vector<SuiteUnit>& units) {
  const std::vector<PropertyResult> one = run_units(units, 1);
  const std::vector<PropertyResult> three = run_units(units, 3);
  EXPECT_EQ(one.size(), three.size());
  for (std::size_t i = 0; i < std::min(one.size(), three.size()); ++i)
    EXPECT_EQ(row(three[i]), row(one[i]));
  return one;
}

const BuiltinScheme& builtin(const std::string& name) {
  for (const BuiltinScheme& b : builtin_schemes())
    if (b.name == name) return b;
  throw std::runtime_error("no built-in scheme " + name);
}

const MutantInfo& mutant(const std::string& name) {
  for (const MutantInfo& m : mutants())
    if (m.name == name) return m;
  throw std::runtime_error("no mutant " + name);
}

std::shared_ptr<const GoKeyTable> go_table() {
  auto table = GoKeyTable::build(19);
  if (!table) throw std::runtime_error(table.error());
  return std::make_shared<const GoKeyTable>(std::move(*table));
}

// A target a few microseconds slower a key than the in-process reference, like any door: the
// sweep splits only where a position costs more to play than to send (the reference alone is
// played by its unit's process).
class SlowedHash final : public HashUnderTest {
 public:
  // `key_mask`: the bits of the key kept (all: a sound target).
  SlowedHash(std::unique_ptr<HashUnderTest> inner, Key key_mask)
      : inner_(std::move(inner)), key_mask_(key_mask) {}
  std::string name() const override { return inner_->name(); }
  Capabilities capabilities() const override { return inner_->capabilities(); }
  Expected<Done> set_position(std::string_view fen, bool chess960) override {
    return inner_->set_position(fen, chess960);
  }
  Expected<Done> make_move(std::string_view uci) override { return inner_->make_move(uci); }
  Expected<Done> unmake_move() override { return inner_->unmake_move(); }
  Expected<Key> key() override {
    const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(6);
    while (std::chrono::steady_clock::now() < until) {
    }
    Expected<Key> key = inner_->key();
    if (key) return *key & key_mask_;
    return key;
  }
  Expected<Key> pawn_key() override { return inner_->pawn_key(); }
  Expected<Key> material_key() override { return inner_->material_key(); }

 private:
  std::unique_ptr<HashUnderTest> inner_;
  Key key_mask_;
};

Target slowed(Target target, Key key_mask = ~Key{0}) {
  target.make = [make = target.make, key_mask] {
    return std::make_unique<SlowedHash>(make(), key_mask);
  };
  return target;
}

TEST(SweepJobs, AChessSchemesRowIsTheSameWithThreeJobs) {
  const std::vector<PropertyResult> rows = same_with_three_jobs(
      suite_units(slowed(reference_target(builtin("polyglot").scheme())), sweep_only(Sweep)));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].passed) << row(rows[0]);
  EXPECT_NE(rows[0].note.find("100000 distinct positions"), std::string::npos) << row(rows[0]);
}

// The mutant with no side-to-move key: two positions that differ in the side share a key.
TEST(SweepJobs, AMutantsCollisionIsTheSameFirstPairWithThreeJobs) {
  const std::vector<PropertyResult> rows = same_with_three_jobs(
      suite_units(slowed(mutant_target(mutant("no-side-key"))), sweep_only(Sweep)));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].passed);
  ASSERT_TRUE(rows[0].counterexample) << row(rows[0]);
  EXPECT_EQ(rows[0].counterexample->comparison, Comparison::DifferentKeys) << row(rows[0]);
}

// Keys cut to 28 bits: the sweep's first collision comes after some 10^4 positions, past the
// first block (which the unit's own process plays), so a worker's block finds it.
TEST(SweepJobs, ACollisionFoundByAWorkerIsTheSamePairWithThreeJobs) {
  Target cut = slowed(reference_target(builtin("polyglot").scheme()), (Key{1} << 28) - 1);
  cut.name = "polyglot cut to 28 bits";
  cut.expected_scheme = nullptr;
  const std::vector<PropertyResult> rows =
      same_with_three_jobs(suite_units(cut, sweep_only(Sweep)));
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_TRUE(rows[0].counterexample) << row(rows[0]);
  const std::string& what = rows[0].counterexample->what;
  const std::size_t after = what.find(" after ");
  ASSERT_NE(after, std::string::npos) << what;
  EXPECT_GT(std::stoul(what.substr(after + 7)), 10'000u) << what;
}

TEST(SweepJobs, GoAndUtttRowsAreTheSameWithThreeJobs) {
  for (const char* game : {"go", "uttt"}) {
    const GameEntry* entry = find_game(game);
    ASSERT_NE(entry, nullptr);
    const std::vector<PropertyResult> rows =
        same_with_three_jobs(entry->units(sweep_only(std::string(game) + ":" + Sweep)));
    ASSERT_FALSE(rows.empty()) << game;
    for (const PropertyResult& r : rows) EXPECT_TRUE(r.passed) << row(r);
  }
}

// White stones keyed like black ones: the sweep's first failing line is the same for every N.
TEST(SweepJobs, AGoTableWithoutColourFailsAtTheSameLineWithThreeJobs) {
  const auto table = go_table();
  auto keys = [table](GoStone, GoPoint p) { return table->black(p); };
  const games::GameTarget target =
      games::go_target(games::go_hash_from_keys("no colour", 19, GoCombine::Xor, keys));
  const std::vector<PropertyResult> rows =
      same_with_three_jobs(games::game_suite_units(target, sweep_only("go:" + std::string(Sweep))));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_FALSE(rows[0].passed);
  ASSERT_TRUE(rows[0].counterexample);
  // Only a stone recoloured keeps the key (stones added or removed change it). The two boards
  // and what differs are written once the keys were found equal, and are those of the failing
  // ply: the same points hold stones on both, and one of them is the point named.
  const Counterexample& c = *rows[0].counterexample;
  EXPECT_EQ(c.comparison, Comparison::DifferentKeys);
  ASSERT_EQ(c.positions.size(), 2u);
  EXPECT_EQ(c.positions[0].key, c.positions[1].key);
  EXPECT_NE(c.positions[0].route.fen, c.positions[1].route.fen);
  auto points = [](const std::string& board) {
    std::set<std::string> out;
    std::istringstream words(board);
    for (std::string word; words >> word;)
      if (word != "Black" && word != "White") out.insert(word.substr(0, word.find(',')));
    return out;
  };
  const std::set<std::string> on = points(c.positions[0].route.fen);
  EXPECT_EQ(on, points(c.positions[1].route.fen))
      << c.positions[0].route.fen << " / " << c.positions[1].route.fen;
  const std::size_t instead = c.difference.find(" instead of ");
  ASSERT_NE(instead, std::string::npos) << c.difference;
  const std::string point = c.difference.substr(0, instead).substr(c.difference.find(" on ") + 4);
  EXPECT_EQ(on.count(point), 1u) << c.difference << " / " << c.positions[0].route.fen;
}

// The processes that made a session of a game, in memory every process of the run shares; at each
// new session, how many of them are alive (a worker ends once its block is played, and its slot
// is given back only once it is reaped).
struct SessionCount {
  static constexpr int Most = 1024;
  std::atomic<int> pids[Most];
  std::atomic<int> pid_count{0};
  std::atomic<int> most_alive{0};

  void add_this_process() {
    const int me = int(::getpid());
    const int n = std::min(pid_count.load(), Most);
    bool known = false;
    for (int i = 0; i < n && !known; ++i) known = pids[i].load() == me;
    if (!known) {
      const int slot = pid_count.fetch_add(1);
      if (slot < Most) pids[slot].store(me);
    }
    int alive = 0;
    for (int i = 0; i < std::min(pid_count.load(), Most); ++i)
      if (const int pid = pids[i].load(); pid > 0 && ::kill(pid, 0) == 0) ++alive;
    for (int most = most_alive.load();
         alive > most && !most_alive.compare_exchange_weak(most, alive);) {
    }
  }
  std::set<int> processes() const {
    std::set<int> out;
    for (int i = 0; i < std::min(pid_count.load(), Most); ++i) out.insert(pids[i].load());
    return out;
  }
};

class CountedSession final : public games::GameSession {
 public:
  CountedSession(std::unique_ptr<games::GameSession> inner, SessionCount* count)
      : inner_(std::move(inner)) {
    count->add_this_process();
  }
  bool begin(const std::string& start, bool chess960) override {
    return inner_->begin(start, chess960);
  }
  std::optional<std::string> pick(std::uint64_t choice) override { return inner_->pick(choice); }
  void play(const std::string& move) override { inner_->play(move); }
  void unmake() override { inner_->unmake(); }
  std::string position() const override { return inner_->position(); }
  std::string identity() const override { return inner_->identity(); }
  games::AskedKeys ask_keys() override { return inner_->ask_keys(); }
  games::AskedKeys ask_keys_from_scratch() override { return inner_->ask_keys_from_scratch(); }
  games::KeyParts collect(const games::AskedKeys& asked) override { return inner_->collect(asked); }
  std::vector<games::KeyRelation> equivalents(std::uint64_t seed) override {
    return inner_->equivalents(seed);
  }
  std::vector<games::DifferingPosition> differing(std::uint64_t seed) override {
    return inner_->differing(seed);
  }

 private:
  std::unique_ptr<games::GameSession> inner_;
};

// Go's sweep with its sessions counted: the two Go targets' sweeps, each a unit.
std::vector<SuiteUnit> counted_go_sweeps(SessionCount* count, int units) {
  std::vector<SuiteUnit> all;
  for (int i = 0; i < units; ++i) {
    games::GameTarget target =
        games::go_target(games::reference_go_hash(go_table(), GoCombine::Add));
    target.name += " #" + std::to_string(i);
    target.start = [inner = target.start, count] {
      return std::make_unique<CountedSession>(inner(), count);
    };
    std::vector<SuiteUnit> its =
        games::game_suite_units(target, sweep_only("go:" + std::string(Sweep), 100));
    all.insert(all.end(), its.begin(), its.end());
  }
  return all;
}

SessionCount* shared_count() {
  void* page = ::mmap(nullptr, sizeof(SessionCount), PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) throw std::runtime_error("no shared memory");
  return new (page) SessionCount();
}

TEST(SweepJobs, OneSweepIsPlayedByAsManyWorkersAsThereAreJobs) {
  SessionCount* count = shared_count();
  const std::vector<PropertyResult> rows = run_units(counted_go_sweeps(count, 1), 3);
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_TRUE(rows[0].passed) << row(rows[0]);
  EXPECT_GE(count->processes().size(), 3u);  // the blocks went to workers of their own
  EXPECT_GE(count->most_alive.load(), 2);    // played side by side
  EXPECT_LE(count->most_alive.load(), 3);
  ::munmap(count, sizeof(SessionCount));
}

// Three sweeps at once with two jobs: the sweeps split only into the slots the others leave, so
// no more than two sessions ever play at once.
TEST(SweepJobs, SweepsBesideEachOtherShareTheJobsWithoutOversubscribing) {
  SessionCount* count = shared_count();
  const std::vector<PropertyResult> rows = run_units(counted_go_sweeps(count, 3), 2);
  ASSERT_EQ(rows.size(), 3u);
  for (const PropertyResult& r : rows) EXPECT_TRUE(r.passed) << row(r);
  EXPECT_GE(count->processes().size(), 3u);
  EXPECT_LE(count->most_alive.load(), 2);
  ::munmap(count, sizeof(SessionCount));
}

}  // namespace
}  // namespace zobrist_verify::properties
