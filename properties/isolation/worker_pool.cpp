// run_pieces: up to N pieces at once, each in a forked worker (forked_run.h) started from a thread
// of this process; the results are handed back in index order on the calling thread.
#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <numeric>
#include <optional>
#include <thread>

#include "core/result_codec.h"
#include "isolation/forked_run.h"
#include "zobrist_verify/parallel_runs.h"

namespace zobrist_verify::properties {

namespace {

// A worker that computes without calling a target is never "in a call": the timeout that
// run_in_child applies to one call does not apply to it.
constexpr std::chrono::milliseconds NoCallTimeout{std::chrono::hours(24 * 365)};

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

// The common frame: `jobs` threads take pieces in `order` and run `run_one` on them; the calling
// thread hands each output to `done` in index order. `stop` turns true when `done` refuses more.
template <class Output>
void run_ordered(std::size_t count, int jobs, const std::vector<std::size_t>& order,
                 const std::function<Output(std::size_t, const std::atomic<bool>&)>& run_one,
                 const std::function<bool(std::size_t, Output)>& done) {
  const std::vector<std::size_t> starts = start_order(count, order);
  std::mutex mutex;
  std::condition_variable ready;
  std::vector<std::optional<Output>> outputs(count);
  std::size_t next = 0;
  std::atomic<bool> stop{false};
  auto worker = [&] {
    for (;;) {
      std::size_t index;
      {
        std::lock_guard lock(mutex);
        if (stop.load() || next == starts.size()) return;
        index = starts[next++];
      }
      Output output = run_one(index, stop);
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

void run_pieces(std::size_t count, int jobs, const std::function<std::string(std::size_t)>& work,
                const std::function<bool(std::size_t, PieceOutput)>& done,
                const std::vector<std::size_t>& order, std::atomic<std::size_t>* finished) {
  if (jobs <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      PieceOutput output = work(i);
      if (finished) ++*finished;
      if (!done(i, std::move(output))) return;
    }
    return;
  }
  run_ordered<PieceOutput>(
      count, jobs, order,
      [&](std::size_t index, const std::atomic<bool>& stop) -> PieceOutput {
        const ChildRun run =
            run_in_child([&](CallWatch&) { return work(index); }, NoCallTimeout, jobs, &stop);
        if (finished) ++*finished;
        if (run.end == ChildRun::End::Finished) return run.output;
        return Error{fault_words(run, "", std::string("its work"))};
      },
      done);
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

std::string encode_results(const std::vector<PropertyResult>& results) {
  ByteWriter out;
  out.number(results.size());
  for (const PropertyResult& r : results) out.text(encode_result(r));
  return out.take();
}

std::optional<std::vector<PropertyResult>> decode_results(const std::string& bytes) {
  ByteReader in(bytes);
  const std::uint64_t n = in.number();
  // Each result takes at least its 8-byte length.
  if (!in.ok() || n > bytes.size() / 8) return std::nullopt;
  std::vector<PropertyResult> results;
  for (std::uint64_t i = 0; i < n; ++i) {
    std::optional<PropertyResult> r = decode_result(in.text());
    if (!in.ok() || !r) return std::nullopt;
    results.push_back(std::move(*r));
  }
  if (!in.at_end()) return std::nullopt;
  return results;
}

std::vector<PropertyResult> run_units(const std::vector<SuiteUnit>& units, int jobs,
                                      std::atomic<std::size_t>* finished) {
  std::vector<PropertyResult> results;
  if (jobs <= 1) {
    for (const SuiteUnit& unit : units) {
      std::vector<PropertyResult> its = unit.run();
      results.insert(results.end(), its.begin(), its.end());
      if (finished) ++*finished;
    }
    return results;
  }
  std::vector<std::size_t> heaviest_first(units.size());
  std::iota(heaviest_first.begin(), heaviest_first.end(), std::size_t{0});
  std::stable_sort(heaviest_first.begin(), heaviest_first.end(),
                   [&](std::size_t a, std::size_t b) { return units[a].weight > units[b].weight; });
  // In a worker for the units that do not isolate themselves: there `finished` is a copy of this
  // process's counter, so the unit is counted here once its worker has ended.
  auto in_worker = [&](std::size_t i) {
    const SuiteUnit& unit = units[i];
    return encode_results(unit.run_in_worker ? unit.run_in_worker() : unit.run());
  };
  auto on_thread = [&](std::size_t i) {
    std::string output = encode_results(units[i].run());
    if (finished) ++*finished;
    return output;
  };
  auto take = [&](std::size_t i, PieceOutput output) {
    std::optional<std::vector<PropertyResult>> its;
    if (output) its = decode_results(*output);
    if (its) {
      results.insert(results.end(), its->begin(), its->end());
      return true;
    }
    PropertyResult dead;
    dead.name = units[i].name;
    dead.target = units[i].target;
    dead.note = "the worker running it " +
                (output ? std::string("sent an incomplete result") : output.error());
    results.push_back(std::move(dead));
    return true;
  };
  // Units that fork workers of their own are started from threads; the others each get one.
  if (std::all_of(units.begin(), units.end(), [](const SuiteUnit& u) { return u.isolated; }))
    run_pieces_on_threads(
        units.size(), jobs, on_thread,
        [&](std::size_t i, std::string output) { return take(i, PieceOutput(std::move(output))); },
        heaviest_first);
  else
    run_pieces(units.size(), jobs, in_worker, take, heaviest_first, finished);
  return results;
}

}  // namespace zobrist_verify::properties
