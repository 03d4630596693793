// run_pieces: up to N pieces at once, each in a forked worker (forked_run.h) started from a thread
// of this process; the results are handed back in index order on the calling thread.
#include <semaphore.h>
#include <sys/mman.h>

#include <algorithm>
#include <cerrno>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <thread>
#include <utility>

#include "isolation/forked_run.h"
#include "zobrist_verify/block_workers.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/suite_watch.h"

namespace zobrist_verify::properties {

namespace {

std::vector<std::size_t> start_order(std::size_t count, const std::vector<std::size_t>& order) {
  std::vector<std::size_t> all(count);
  std::iota(all.begin(), all.end(), std::size_t{0});
  if (order.empty()) return all;
  // The order given, then whatever it left out, each index once.
  std::vector<bool> seen(count);
  std::vector<std::size_t> out;
  for (std::size_t i : order)
    if (i < count && !seen[i]) {
      seen[i] = true;
      out.push_back(i);
    }
  for (std::size_t i : all)
    if (!seen[i]) out.push_back(i);
  return out;
}

// A slot of the run's cores held by a thread of run_ordered while it runs a piece (CoreSlots):
// `take` waits for one (false: stopped first), `give_back` returns it once piece `index` ended.
struct SlotHooks {
  std::function<bool(const std::atomic<bool>& stop)> take;
  std::function<void(std::size_t index)> give_back;
};

// The common frame: `jobs` threads take pieces in `order` and run `run_one` on them; the calling
// thread hands each output to `done` in index order. `stop` turns true when `done` refuses more.
// With `slots`, a thread takes a slot before each piece and gives it back after.
template <class Output>
void run_ordered(std::size_t count, int jobs, const std::vector<std::size_t>& order,
                 const std::function<Output(std::size_t, const std::atomic<bool>&)>& run_one,
                 const std::function<bool(std::size_t, Output)>& done,
                 const SlotHooks* slots = nullptr) {
  const std::vector<std::size_t> starts = start_order(count, order);
  std::mutex mutex;
  std::condition_variable ready;
  std::vector<std::optional<Output>> outputs(count);
  std::size_t next = 0;
  std::atomic<bool> stop{false};
  auto worker = [&] {
    for (;;) {
      if (slots && !slots->take(stop)) return;
      std::size_t index;
      {
        std::lock_guard lock(mutex);
        if (stop.load() || next == starts.size()) {
          if (slots) slots->give_back(count);  // no piece
          return;
        }
        index = starts[next++];
      }
      Output output = run_one(index, stop);
      if (slots) slots->give_back(index);
      {
        std::lock_guard lock(mutex);
        outputs[index] = std::move(output);
      }
      ready.notify_all();
    }
  };
  std::vector<std::thread> threads;
  const std::size_t thread_count = std::min<std::size_t>(std::size_t(std::max(jobs, 1)), count);
  threads.reserve(thread_count);
  for (std::size_t t = 0; t < thread_count; ++t) threads.emplace_back(worker);
  for (std::size_t i = 0; i < count; ++i) {
    std::optional<Output> output;
    {
      std::unique_lock lock(mutex);
      ready.wait(lock, [&] { return outputs[i].has_value(); });
      output = std::move(outputs[i]);
      outputs[i].reset();
    }
    if (!done(i, std::move(*output))) {
      stop.store(true);
      break;
    }
  }
  for (std::thread& t : threads) t.join();
}

}  // namespace

namespace {

// What the caller of run_pieces_with hears of each piece, on the thread that runs it: that it
// starts, and its output once its worker has ended (in any order). Either may be empty.
struct PieceHooks {
  std::function<void(std::size_t)> started;
  std::function<void(std::size_t, const PieceOutput&)> ended;
};

// run_pieces, each piece's worker started under `slots` when given.
void run_pieces_with(std::size_t count, int jobs,
                     const std::function<std::string(std::size_t)>& work,
                     const std::function<bool(std::size_t, PieceOutput)>& done,
                     const std::vector<std::size_t>& order, const PieceHooks& hooks,
                     const SlotHooks* slots) {
  if (jobs <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      if (hooks.started) hooks.started(i);
      PieceOutput output = work(i);
      if (hooks.ended) hooks.ended(i, output);
      if (!done(i, std::move(output))) return;
    }
    return;
  }
  run_ordered<PieceOutput>(
      count, jobs, order,
      [&](std::size_t index, const std::atomic<bool>& stop) -> PieceOutput {
        if (hooks.started) hooks.started(index);
        const ChildRun run =
            run_in_child([&](CallWatch&) { return work(index); }, NoCallTimeout, jobs, &stop);
        PieceOutput output = run.end == ChildRun::End::Finished
                                 ? PieceOutput(run.output)
                                 : Error{fault_words(run, "", std::string("its work"))};
        if (hooks.ended) hooks.ended(index, output);
        return output;
      },
      done, slots);
}

}  // namespace

void run_pieces(std::size_t count, int jobs, const std::function<std::string(std::size_t)>& work,
                const std::function<bool(std::size_t, PieceOutput)>& done,
                const std::vector<std::size_t>& order, std::atomic<std::size_t>* finished) {
  PieceHooks hooks;
  if (finished) hooks.ended = [finished](std::size_t, const PieceOutput&) { ++*finished; };
  run_pieces_with(count, jobs, work, done, order, hooks, nullptr);
}

void run_pieces_on_threads(std::size_t count, int jobs,
                           const std::function<std::string(std::size_t)>& work,
                           const std::function<bool(std::size_t, std::string)>& done,
                           const std::vector<std::size_t>& order) {
  if (jobs <= 1) {
    for (std::size_t i = 0; i < count; ++i)
      if (!done(i, work(i))) return;
    return;
  }
  run_ordered<std::string>(
      count, jobs, order, [&](std::size_t index, const std::atomic<bool>&) { return work(index); },
      done);
}

struct CoreSlots::Shared {
  sem_t free;
  std::atomic<int> held[1];  // per unit, `units` of them (the mapping is sized for all)
};

std::unique_ptr<CoreSlots> CoreSlots::create(int count, std::size_t units) {
  const std::size_t bytes =
      sizeof(Shared) + sizeof(std::atomic<int>) * std::max<std::size_t>(units, 1);
  void* page = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) return nullptr;
  auto* shared = static_cast<Shared*>(page);
  if (::sem_init(&shared->free, 1, unsigned(std::max(count, 1))) != 0) {
    ::munmap(page, bytes);
    return nullptr;
  }
  for (std::size_t u = 0; u < std::max<std::size_t>(units, 1); ++u)
    new (&shared->held[u]) std::atomic<int>(0);
  return std::unique_ptr<CoreSlots>(new CoreSlots(shared, bytes, std::max(count, 1), units));
}

CoreSlots::~CoreSlots() {
  ::sem_destroy(&shared_->free);
  ::munmap(shared_, bytes_);
}

bool CoreSlots::take_for_unit(const std::atomic<bool>* stop) {
  // Waits in short steps, so that a run cut short is seen within a few milliseconds.
  for (;;) {
    if (stop && stop->load()) return false;
    timespec until{};
    ::clock_gettime(CLOCK_REALTIME, &until);
    until.tv_nsec += 5'000'000;
    if (until.tv_nsec >= 1'000'000'000) {
      until.tv_sec += 1;
      until.tv_nsec -= 1'000'000'000;
    }
    if (::sem_timedwait(&shared_->free, &until) == 0) return true;
    if (errno != ETIMEDOUT && errno != EINTR) return false;
  }
}

void CoreSlots::give_back_for_unit() {
  ::sem_post(&shared_->free);
}

bool CoreSlots::take(std::size_t unit, const std::atomic<bool>* stop) {
  if (unit >= units_ || !take_for_unit(stop)) return false;
  shared_->held[unit].fetch_add(1);
  return true;
}

void CoreSlots::give_back(std::size_t unit) {
  if (unit >= units_) return;
  shared_->held[unit].fetch_sub(1);
  ::sem_post(&shared_->free);
}

void CoreSlots::reclaim(std::size_t unit) {
  if (unit >= units_) return;
  for (int left = shared_->held[unit].exchange(0); left > 0; --left) ::sem_post(&shared_->free);
}

namespace {

// Set in a unit's worker by run_units (the copy of this process the worker is).
UnitSlots this_unit;

}  // namespace

UnitSlots current_unit_slots() {
  return this_unit;
}

namespace {

std::mutex run_faults_mutex;
std::vector<std::string> run_faults;

}  // namespace

void report_run_fault(std::string why) {
  std::lock_guard lock(run_faults_mutex);
  run_faults.push_back(std::move(why));
}

std::vector<std::string> take_run_faults() {
  std::lock_guard lock(run_faults_mutex);
  return std::exchange(run_faults, {});
}

namespace {

// The units' indices, the heaviest first (the order they start in).
std::vector<std::size_t> heaviest_first(const std::vector<SuiteUnit>& units) {
  std::vector<std::size_t> order(units.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return units[a].weight > units[b].weight; });
  return order;
}

// The row of a unit whose worker died twice (`first`: how it died the first time, `again`: the
// second), and the run's fault that says so.
PropertyResult dead_unit(const SuiteUnit& unit, const std::string& first, const ChildRun& again) {
  PropertyResult dead;
  dead.name = unit.name;
  dead.target = unit.target;
  dead.skipped = true;
  dead.note = "not run to the end: the worker running it " + first + ", and again when run " +
              "once more (an error of the run, not of the target)";
  report_run_fault("the worker running " + unit.name + " on " + unit.target + " " + first +
                   ", and again when run once more (" +
                   (again.end == ChildRun::End::Finished
                        ? std::string("it sent an incomplete result")
                        : fault_words(again, "", std::string("its work"))) +
                   "): not a fault of the target");
  return dead;
}

// The unit at work on this thread of run_units' process, for unit_failed_so_far.
struct UnitAtWork {
  SuiteWatch* watch = nullptr;
  std::size_t unit = 0;
};
thread_local UnitAtWork unit_at_work;

// Runs unit `i` on this thread, telling `watch` (when given) that it starts and what it found.
std::vector<PropertyResult> run_here(const SuiteUnit& unit, std::size_t i, SuiteWatch* watch) {
  if (watch) watch->unit_started(i);
  unit_at_work = UnitAtWork{watch, i};
  std::vector<PropertyResult> rows = unit.run();
  unit_at_work = UnitAtWork{};
  if (watch) watch->unit_done(i, rows);
  return rows;
}

// What a unit's worker that died outside any call of a target leaves: that is the run's fault,
// not the target's (killed from outside, out of memory), so the unit runs once more in a fresh
// worker (`in_worker`), and a second death is an error of the run (exit status 2), its row
// skipped. `first` says how the worker died the first time.
std::vector<PropertyResult> run_again(const SuiteUnit& unit, const std::string& first,
                                      const std::function<std::string()>& in_worker, int jobs) {
  const ChildRun again = run_in_child([&](CallWatch&) { return in_worker(); }, NoCallTimeout, jobs);
  if (again.end == ChildRun::End::Finished)
    if (std::optional<std::vector<PropertyResult>> retried = decode_results(again.output))
      return *retried;
  return {dead_unit(unit, first, again)};
}

}  // namespace

std::vector<PropertyResult> unit_names(const std::vector<SuiteUnit>& units) {
  std::vector<PropertyResult> names;
  for (const SuiteUnit& unit : units) {
    PropertyResult name;
    name.name = unit.name;
    name.target = unit.target;
    names.push_back(std::move(name));
  }
  return names;
}

void unit_failed_so_far(const PropertyResult& row) {
  if (unit_at_work.watch) unit_at_work.watch->unit_failed_so_far(unit_at_work.unit, row);
}

std::vector<PropertyResult> run_units(const std::vector<SuiteUnit>& units, int jobs,
                                      SuiteWatch* watch) {
  if (watch) watch->expect_units(unit_names(units));
  std::vector<PropertyResult> results;
  if (jobs <= 1) {
    for (std::size_t i = 0; i < units.size(); ++i) {
      std::vector<PropertyResult> its = run_here(units[i], i, watch);
      results.insert(results.end(), its.begin(), its.end());
    }
    return results;
  }
  // The run's cores, shared with the workers: a unit holds one while it runs, and a sweep split
  // within its unit takes the free ones (core/sweep.h). Not for units that isolate themselves:
  // a plugin's code runs only in its one watched worker.
  std::unique_ptr<CoreSlots> slots = CoreSlots::create(jobs, units.size());
  SlotHooks slot_hooks;
  if (slots) {
    slot_hooks.take = [&](const std::atomic<bool>& stop) { return slots->take_for_unit(&stop); };
    slot_hooks.give_back = [&](std::size_t index) {
      slots->reclaim(index);  // what its worker took for a split and left behind, if it died
      slots->give_back_for_unit();
    };
  }
  auto in_worker = [&](std::size_t i) {
    const SuiteUnit& unit = units[i];
    if (!unit.isolated) this_unit = UnitSlots{slots.get(), i};
    return encode_results(unit.run_in_worker ? unit.run_in_worker() : unit.run());
  };
  auto take = [&](std::size_t i, PieceOutput output) {
    std::optional<std::vector<PropertyResult>> its;
    if (output) its = decode_results(*output);
    if (!its) {
      // The unit's worker died outside any call of a target (those run in watched workers of
      // their own, or in an engine's process).
      its = run_again(
          units[i], output ? "sent an incomplete result" : output.error(),
          [&] { return in_worker(i); }, jobs);
      if (watch) watch->unit_done(i, *its);
    }
    results.insert(results.end(), its->begin(), its->end());
    return true;
  };
  // Units that fork workers of their own are started from threads; the others each get one.
  if (std::all_of(units.begin(), units.end(), [](const SuiteUnit& u) { return u.isolated; })) {
    run_pieces_on_threads(
        units.size(), jobs,
        [&](std::size_t i) { return encode_results(run_here(units[i], i, watch)); },
        [&](std::size_t i, std::string output) { return take(i, PieceOutput(std::move(output))); },
        heaviest_first(units));
    return results;
  }
  // A unit's worker is a copy of this process: the watch hears of it here, as it ends.
  PieceHooks hooks;
  if (watch) {
    hooks.started = [watch](std::size_t i) { watch->unit_started(i); };
    hooks.ended = [watch](std::size_t i, const PieceOutput& output) {
      if (!output) return;
      if (std::optional<std::vector<PropertyResult>> rows = decode_results(*output))
        watch->unit_done(i, std::move(*rows));
    };
  }
  run_pieces_with(units.size(), jobs, in_worker, take, heaviest_first(units), hooks,
                  slots ? &slot_hooks : nullptr);
  return results;
}

}  // namespace zobrist_verify::properties
