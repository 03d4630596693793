// Property 4's sweep: lines played into records, by this process or by forked workers, and one
// merge in line order (core/sweep.h).
#include "core/sweep.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <stdexcept>

#include <rapidcheck.h>

#include "core/case_log.h"
#include "core/game_lines.h"
#include "core/identity_store.h"
#include "core/rapidcheck_run.h"
#include "core/result_codec.h"
#include "zobrist_verify/block_workers.h"

namespace zobrist_verify::properties::games {

namespace {

// Each slot gets about this many blocks of the lines a sweep is expected to need. A worker is a
// fork of the merging process, whose identity store grows with the sweep: each fork copies its
// page tables, and the merge then copies each page it writes while a worker shares it, so the
// forks are kept few (four per slot) whatever the sweep's size; a block played past the end of
// the sweep is then a share of it too.
constexpr std::size_t BlocksPerSlot = 4;
// Within these bounds: a block's records wait in memory until merged (2,048 chess lines are some
// 15 MB of them).
constexpr std::uint64_t LeastBlockLines = 16, MostBlockLines = 2048;
// Blocks started beyond the one being merged, per slot: what a worker sends waits in memory.
constexpr std::size_t BlocksAheadPerSlot = 1;
// A position sent by a worker costs the merging process about a microsecond more than one played
// here (its record written, sent, read; measured on the reference): below three microseconds a
// position, the sweep is played here alone.
constexpr double MinSecondsPerSentPosition = 3e-6;
constexpr std::size_t TallyExamples = 5;  // as Line keeps them (chess/target_session.cpp)

// Adds the seconds of its scope to `*into`, when given.
class Timed {
 public:
  explicit Timed(double* into) : into_(into), started_(std::chrono::steady_clock::now()) {}
  ~Timed() {
    if (into_)
      *into_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }
  Timed(const Timed&) = delete;
  Timed& operator=(const Timed&) = delete;

 private:
  double* into_;
  std::chrono::steady_clock::time_point started_;
};

// Line i's generator, seeded with the i-th number of the sweep's splitmix64 stream (its state
// moves by a constant, so the i-th number is had at once).
SplitMix64 line_random(std::uint64_t seed, std::uint64_t line) {
  return SplitMix64(SplitMix64(seed + line * 0x9E3779B97F4A7C15ULL).next());
}

// How a line ended early, after the plies its record holds: a check failed (the counterexample),
// the case cannot be run (discarded), or the property itself broke (an exception).
struct LineStop {
  enum class Kind : std::uint8_t { Failed, Discarded, Broken };
  Kind kind = Kind::Failed;
  Counterexample counterexample;
  std::string why;
};

// What one sampled line gave: everything the merge needs, nothing of the session.
struct LineRecord {
  std::uint64_t index = 0;
  bool started = false;  // false: the target refused the start (counted in the tally)
  Route route;           // its start and the moves played
  // Per ply, the start first: the identity (one width, end to end), the key, how many positions
  // made to differ were checked there, and their tags.
  std::string identities;
  std::vector<Key> keys;
  std::vector<std::uint32_t> differing;
  std::vector<std::pair<std::uint32_t, std::string>> tags;  // (ply index, tag)
  TargetTally tally;  // what the target was given and refused on the way
  std::optional<LineStop> stop;
};

// Runs `step` with a failure log and a tally of its own: a failure inside becomes a LineStop
// instead of ending the case, so that the merge raises it only if the sweep gets that far.
template <class Step>
std::optional<LineStop> guarded(TargetTally& tally, Step&& step) {
  FailureLog log;
  FailureLogScope log_scope(log);
  TallyScope tally_scope(tally);
  try {
    step();
    return std::nullopt;
  } catch (const rc::detail::CaseResult& result) {
    if (result.type == rc::detail::CaseResult::Type::Failure && !log.empty())
      return LineStop{LineStop::Kind::Failed, log.first(), {}};
    if (result.type == rc::detail::CaseResult::Type::Discard)
      return LineStop{LineStop::Kind::Discarded, {}, result.description};
    return LineStop{LineStop::Kind::Broken, {}, result.description};
  } catch (const std::exception& e) {
    return LineStop{LineStop::Kind::Broken, {}, e.what()};
  }
}

// Plays lines on one session into records, in line order. Each line is played and all its keys
// asked for before the previous one is read, so a pipelined target always has work.
class LinePlayer {
 public:
  LinePlayer(const GameTarget& target, GameSession& session, std::uint64_t seed)
      : target_(target), session_(session), seed_(seed) {}

  // Lines first..last-1, each record handed to `take` (false: stop). Stops after a line that
  // stopped.
  template <class Take>
  void play(std::uint64_t first, std::uint64_t last, Take&& take) {
    std::optional<Pending> previous;
    for (std::uint64_t i = first; i < last; ++i) {
      Pending next = ask(i);
      if (previous) {
        read(*previous);
        const bool stopped = previous->record.stop.has_value();
        if (!take(std::move(previous->record)) || stopped) return;
      }
      previous = std::move(next);
      if (previous->asking_stopped) break;
    }
    if (previous) {
      read(*previous);
      (void)take(std::move(previous->record));
    }
  }

 private:
  struct Asked {
    std::string identity;
    AskedKeys keys;
    std::vector<DifferingPosition> differing;
    std::function<std::string()> position;  // written only for a failure
  };
  struct Pending {
    LineRecord record;
    std::vector<Asked> plies;
    std::optional<LineStop> asking_stopped;  // raised once the plies asked before it are read
  };

  Pending ask(std::uint64_t index) {
    Pending p;
    p.record.index = index;
    SplitMix64 random = line_random(seed_, index);
    p.asking_stopped = guarded(p.record.tally, [&] {
      const Route start = target_.sweep_start ? target_.sweep_start(random) : Route{};
      if (!session_.begin(start.fen, start.chess960)) return;
      p.record.started = true;
      p.record.route = {start.fen, start.chess960, {}};
      for (int ply = -1; ply < target_.sweep_plies; ++ply) {
        if (ply >= 0) {
          const std::optional<std::string> move = session_.pick(random.next());
          if (!move) break;
          session_.play(*move);
          p.record.route.moves.push_back(*move);
        }
        Asked a{session_.identity(), session_.ask_keys(), session_.differing(random.next()), {}};
        if (!a.differing.empty()) a.position = session_.position_later();
        p.plies.push_back(std::move(a));
      }
    });
    return p;
  }

  void read(Pending& p) {
    LineRecord& r = p.record;
    r.stop = guarded(r.tally, [&] {
      for (const Asked& a : p.plies) {
        const std::optional<KeyParts> parts = session_.collect_if_started(a.keys);
        if (!parts) {
          // The target refused the start after all (when it read the key the FEN went with,
          // always the first read): as a refusal begin() returned, the line is not played.
          r.started = false;
          r.route = {};
          return;
        }
        const Key key = (*parts)[0];
        check_differing(r, a, key);
        r.identities += a.identity;
        r.keys.push_back(key);
      }
    });
    if (!r.stop) r.stop = std::move(p.asking_stopped);
  }

  // The positions made to differ from this one have other keys.
  void check_differing(LineRecord& r, const Asked& a, Key key) {
    const auto ply_index = std::uint32_t(r.keys.size());
    r.differing.push_back(std::uint32_t(a.differing.size()));
    for (const DifferingPosition& d : a.differing) {
      if (!d.tag.empty()) r.tags.emplace_back(ply_index, d.tag);
      if (d.key != key || d.known_anomaly) continue;
      std::string position = a.position(), other = d.other();
      if (other == position) continue;
      Counterexample c = counterexample_at(target_, r.route, a.keys.ply,
                                           "positions that differ have different keys");
      c.comparison = Comparison::DifferentKeys;
      c.difference = d.difference();
      c.positions = {{{std::move(position), false, {}}, key},
                     {{std::move(other), false, {}}, d.key}};
      fail(std::move(c));
    }
  }

  const GameTarget& target_;
  GameSession& session_;
  const std::uint64_t seed_;
};

// Records to bytes and back (a worker's block).
void encode(ByteWriter& out, const LineRecord& r) {
  out.number(r.index);
  out.number(r.started);
  write_route(out, r.route);
  out.text(r.identities);
  out.number(r.keys.size());
  for (std::size_t i = 0; i < r.keys.size(); ++i) {
    out.number(r.keys[i]);
    out.number(r.differing[i]);
  }
  out.list(r.tags, [&](const std::pair<std::uint32_t, std::string>& tag) {
    out.number(tag.first);
    out.text(tag.second);
  });
  write_tally(out, r.tally);
  out.number(r.stop ? 1 + std::uint64_t(r.stop->kind) : 0);
  if (!r.stop) return;
  out.text(r.stop->why);
  if (r.stop->kind == LineStop::Kind::Failed) write_counterexample(out, r.stop->counterexample);
}

std::optional<std::vector<LineRecord>> decode_block(const std::string& bytes) {
  ByteReader in(bytes);
  std::vector<LineRecord> records;
  while (in.ok() && !in.at_end()) {
    LineRecord r;
    r.index = in.number();
    r.started = in.number() != 0;
    r.route = read_route(in);
    r.identities = in.text();
    // Each ply is a key and a count of positions made to differ.
    for (std::uint64_t plies = in.count(2 * sizeof(std::uint64_t)); plies > 0; --plies) {
      r.keys.push_back(in.number());
      r.differing.push_back(std::uint32_t(in.number()));
    }
    r.tags = in.list<std::pair<std::uint32_t, std::string>>(2 * sizeof(std::uint64_t), [&] {
      const auto ply = std::uint32_t(in.number());
      return std::pair{ply, in.text()};
    });
    r.tally = read_tally(in);
    if (const std::uint64_t stop = in.number(); stop > 0) {
      if (stop > 3) return std::nullopt;
      r.stop = LineStop{LineStop::Kind(stop - 1), {}, in.text()};
      if (r.stop->kind == LineStop::Kind::Failed) r.stop->counterexample = read_counterexample(in);
    }
    records.push_back(std::move(r));
  }
  if (!in.ok()) return std::nullopt;
  return records;
}

void add_tally(TargetTally& into, const TargetTally& from) {
  into.fens_given += from.fens_given;
  into.fens_refused += from.fens_refused;
  into.moves_given += from.moves_given;
  into.moves_refused += from.moves_refused;
  into.fens_withheld += from.fens_withheld;
  for (const std::string& e : from.examples)
    if (into.examples.size() < TallyExamples) into.examples.push_back(e);
  for (const std::string& e : from.withheld_examples)
    if (into.withheld_examples.size() < TallyExamples) into.withheld_examples.push_back(e);
}

// The default report of a sweep failure: both lines as played, with their positions.
[[noreturn]] void report_lines(const GameTarget& target, const Route& first, const Route& second,
                               bool collision, std::size_t distinct,
                               const std::string& first_position,
                               const std::string& second_position, Key first_key, Key second_key) {
  Counterexample c = counterexample_at(target, second, int(second.moves.size()) - 1, "");
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

// The records of every line, in line order, into one identity store: one identity, one key; one
// key, one identity (unless the game explains the pair). Stops where `wanted` is reached.
class SweepMerge {
 public:
  SweepMerge(const GameTarget& target, std::size_t wanted)
      : target_(target), wanted_(wanted), identities_(wanted), by_key_(wanted) {
    seen_.reserve(wanted);
  }

  bool done() const { return identities_.size() >= wanted_; }
  std::uint64_t plies() const { return plies_; }  // merged so far

  // Adds the next line's record; false once the sweep is complete. Fails the case as the line's
  // stop or a pair of its positions says.
  bool take(const LineRecord& r) {
    if (done()) return false;
    if (TargetTally* tally = current_tally()) add_tally(*tally, r.tally);
    if (r.started) {
      std::string moves;
      for (const std::string& m : r.route.moves) moves += (moves.empty() ? "" : "\n") + m;
      lines_.push_back({r.route.fen, r.route.chess960, std::move(moves)});
    }
    const std::size_t width = r.keys.empty() ? 0 : r.identities.size() / r.keys.size();
    std::size_t next_tag = 0;
    for (std::size_t k = 0; k < r.keys.size(); ++k) {
      if (done()) return false;
      ++plies_;
      perturbed_ += r.differing[k];
      for (; next_tag < r.tags.size() && r.tags[next_tag].first == k; ++next_tag)
        tag_case(r.tags[next_tag].second);
      check_identity(std::string_view(r.identities).substr(k * width, width),
                     Seen{r.keys[k], std::uint32_t(lines_.size() - 1), std::int32_t(k) - 1});
    }
    if (done()) return false;
    if (r.stop) raise(*r.stop);
    return true;
  }

  // After the last line: too few positions fail the case; else the case's tag.
  void finish() const {
    if (!done()) {
      Counterexample c =
          counterexample_at(target_, lines_.empty() ? Route{} : route_of(lines_.size() - 1), -1,
                            "only " + std::to_string(identities_.size()) +
                                " distinct positions generated, fewer than the " +
                                std::to_string(wanted_) + " wanted");
      c.comparison = Comparison::NoKeys;
      fail(std::move(c));
    }
    tag_case(std::to_string(identities_.size()) + " distinct positions" +
             (perturbed_ ? ", " + std::to_string(perturbed_) + " made to differ" : ""));
  }

 private:
  // Where each position was first seen: line (among those started) and ply.
  struct Seen {
    Key key;
    std::uint32_t line;
    std::int32_t ply;
  };
  // A started line, its moves in one string, one a line (a Go move's name has a space): a 10^7
  // sweep keeps some 10^5 of them.
  struct StartedLine {
    std::string fen;
    bool chess960;
    std::string moves;
  };

  [[noreturn]] static void raise(const LineStop& stop) {
    if (stop.kind == LineStop::Kind::Failed) fail(stop.counterexample);
    if (stop.kind == LineStop::Kind::Discarded) discard_case(stop.why);
    throw std::runtime_error(stop.why);
  }

  void check_identity(std::string_view identity, const Seen& here) {
    bool added = false;
    const std::uint32_t index = identities_.find_or_add(identity, added);
    if (!added) {
      if (seen_[index].key != here.key) fail_pair(seen_[index], here, false);
      return;
    }
    seen_.push_back(here);
    std::uint32_t& slot =
        by_key_.find(mix(here.key), [&](std::uint32_t i) { return seen_[i].key == here.key; });
    if (slot != IndexTable::Empty) {
      const bool explained = target_.may_share_key &&
                             target_.may_share_key(identities_.at(slot), std::string(identity));
      if (!explained) fail_pair(seen_[slot], here, true);
      return;
    }
    slot = index;
  }

  Route route_of(std::size_t line) const {
    const StartedLine& l = lines_[line];
    Route r{l.fen, l.chess960, {}};
    for (std::size_t begin = 0; begin < l.moves.size();) {
      const std::size_t end = std::min(l.moves.find('\n', begin), l.moves.size());
      r.moves.push_back(l.moves.substr(begin, end - begin));
      begin = end + 1;
    }
    return r;
  }

  Route route_to(const Seen& s) const {
    Route r = route_of(s.line);
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

  const GameTarget& target_;
  const std::size_t wanted_;
  std::vector<StartedLine> lines_;
  IdentityStore identities_;
  std::vector<Seen> seen_;  // by identity index
  IndexTable by_key_;       // identity indices by their key (the first seen with it)
  std::size_t perturbed_ = 0;
  std::uint64_t plies_ = 0;
};

// The lines played here, on one session, straight into the merge.
void play_here(const GameTarget& target, SweepMerge& merge, std::uint64_t seed, std::uint64_t first,
               std::uint64_t last) {
  std::unique_ptr<GameSession> session = open_session(target);
  LinePlayer(target, *session, seed).play(first, last, [&](LineRecord r) { return merge.take(r); });
}

// A block of lines in a forked worker: its records as bytes; empty when the worker has no session
// (the block is then played again by the merging process).
std::string play_block(const GameTarget& target, std::uint64_t seed, std::uint64_t first,
                       std::uint64_t last) {
  try {
    std::function<std::unique_ptr<GameSession>()> start = target.start;
    if (target.sweep_worker_sessions) {
      auto own = target.sweep_worker_sessions();
      if (!own) return {};
      start = std::move(*own);
    }
    std::unique_ptr<GameSession> session = start ? start() : nullptr;
    if (!session) return {};
    ByteWriter out;
    LinePlayer(target, *session, seed).play(first, last, [&](LineRecord r) {
      encode(out, r);
      return true;
    });
    return out.take();
  } catch (...) {
    // The session could not be made here (a failure outside any line): the merging process plays
    // the block again and meets it itself.
    return {};
  }
}

// The lines in blocks (core/sweep.h): this process plays those nobody has taken, on the unit's
// own slot, straight into the merge (no fork, nothing sent); a worker is forked for a block only
// on a free slot of the run (run_block_workers), and a block whose worker died, or sent what
// cannot be read, is played again here, so that a crash is this process's own, reported as with
// --jobs 1.
class BlocksBeside {
 public:
  BlocksBeside(const GameTarget& target, SweepMerge& merge, std::uint64_t seed, std::uint64_t lines,
               std::uint64_t block_size)
      : target_(target), merge_(merge), seed_(seed), lines_(lines), block_size_(block_size) {}

  void run(const UnitSlots& slots) {
    const int jobs = slots.slots->count();
    BlockWorkerPlan plan;
    plan.blocks = (lines_ + block_size_ - 1) / block_size_;
    plan.workers = int(std::min<std::uint64_t>(std::uint64_t(jobs - 1), plan.blocks - 1));
    plan.workers_at_once = jobs;
    plan.worker_per_block = true;
    plan.window = BlocksAheadPerSlot * std::uint64_t(jobs);
    plan.slots = slots;
    BlockWorkerHooks hooks;
    hooks.work = [&](BlockSource& source) -> Expected<Done> {
      while (const std::optional<std::uint64_t> b = source.take())
        if (!source.send(*b, play_block(target_, seed_, first(*b), last(*b)))) break;
      return Done{};
    };
    hooks.here = [&](std::uint64_t b) { return merge_here(b); };
    hooks.ahead = [&](std::uint64_t b) { return ahead(b); };
    hooks.merge = [&](std::uint64_t b, BlockOutput output) { return merge_sent(b, output); };
    // Workers pay only where a position costs more to play than to send and merge: a UCI engine,
    // Go's neighbours; not the reference's chess, at about a microsecond a position.
    hooks.worth_workers = [&] {
      return first_block_seconds_ > MinSecondsPerSentPosition * double(merge_.plies());
    };
    run_block_workers(plan, hooks);
    if (raised_) std::rethrow_exception(raised_);
  }

 private:
  std::uint64_t first(std::uint64_t b) const { return b * block_size_; }
  std::uint64_t last(std::uint64_t b) const { return std::min(lines_, (b + 1) * block_size_); }
  LinePlayer player() {
    if (!own_session_) own_session_ = open_session(target_);
    return LinePlayer(target_, *own_session_, seed_);
  }

  bool merge_here(std::uint64_t b) {
    try {
      Timed timed(b == 0 ? &first_block_seconds_ : nullptr);
      player().play(first(b), last(b), [&](LineRecord r) { return merge_.take(r); });
      return !merge_.done();
    } catch (...) {
      raised_ = std::current_exception();  // raised once the workers are stopped
      return false;
    }
  }

  // Played here ahead of the merge, into records as a worker sends them.
  std::string ahead(std::uint64_t b) {
    try {
      ByteWriter out;
      player().play(first(b), last(b), [&](LineRecord r) {
        encode(out, r);
        return true;
      });
      return out.take();
    } catch (...) {
      return std::string();  // played again when the merge reaches it
    }
  }

  bool merge_sent(std::uint64_t b, const BlockOutput& output) {
    try {
      std::optional<std::vector<LineRecord>> records;
      if (output.kind == BlockOutput::Kind::Sent && !output.bytes.empty())
        records = decode_block(output.bytes);
      if (!records) return merge_here(b);
      // A record that stopped its block ends the sweep: take() raises it unless the sweep was
      // complete before it.
      for (const LineRecord& r : *records)
        if (!merge_.take(r)) return false;
      return !merge_.done();
    } catch (...) {
      raised_ = std::current_exception();
      return false;
    }
  }

  const GameTarget& target_;
  SweepMerge& merge_;
  const std::uint64_t seed_, lines_, block_size_;
  std::unique_ptr<GameSession> own_session_;
  double first_block_seconds_ = 0;
  std::exception_ptr raised_;  // a failure of the merge, raised once the workers are stopped
};

// Lines give about a position a ply, fewer where they repeat: the blocks are sized for the
// expected need, and there are more of them if it runs longer.
std::uint64_t block_size(const GameTarget& target, std::size_t wanted, int slots) {
  const std::uint64_t expected_lines = wanted / std::uint64_t(std::max(target.sweep_plies, 1)) + 1;
  return std::clamp<std::uint64_t>(expected_lines / (BlocksPerSlot * std::uint64_t(slots)),
                                   LeastBlockLines, MostBlockLines);
}

}  // namespace

void run_sweep(const GameTarget& target, std::size_t wanted, std::uint64_t seed) {
  SweepMerge merge(target, wanted);
  // Far more lines than needed: stops a game whose lines repeat, or a target refusing every start.
  const std::uint64_t lines = wanted;
  const UnitSlots slots = current_unit_slots();
  if (slots.slots && slots.slots->count() > 1)
    BlocksBeside(target, merge, seed, lines, block_size(target, wanted, slots.slots->count()))
        .run(slots);
  else
    play_here(target, merge, seed, 0, lines);
  merge.finish();
}

}  // namespace zobrist_verify::properties::games
