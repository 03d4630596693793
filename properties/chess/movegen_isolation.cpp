// A movegen run behind process boundaries: its blocks in forked workers (--jobs, and every run
// of a plugin, whose calls are watched there), streamed back as bytes and merged in block order;
// and the shrinking of a plugin's divergences in a watched worker of its own.
#include <algorithm>
#include <atomic>
#include <cstring>
#include <utility>

#include "chess/movegen_blocks.h"
#include "core/result_codec.h"
#include "isolation/forked_run.h"
#include "zobrist_verify/block_workers.h"
#include "zobrist_verify/movegen_fuzz.h"
#include "zobrist_verify/parallel_runs.h"
#include "zobrist_verify/properties.h"

namespace zobrist_verify::properties {

namespace movegen {

namespace {

void write_descent(ByteWriter& out, const std::optional<PerftDescent>& descent) {
  out.number(descent.has_value());
  if (!descent) return;
  out.texts(descent->moves);
  out.number(std::uint64_t(descent->depth));
  out.number(descent->expected);
  out.number(descent->actual);
  out.number(descent->children_agree);
  out.text(descent->stopped);
}

std::optional<PerftDescent> read_descent(ByteReader& in) {
  if (in.number() == 0) return std::nullopt;
  PerftDescent descent;
  descent.moves = in.texts();
  descent.depth = int(in.number());
  descent.expected = in.number();
  descent.actual = in.number();
  descent.children_agree = in.number() != 0;
  descent.stopped = in.text();
  return descent;
}

}  // namespace

namespace {

constexpr std::size_t Number = sizeof(std::uint64_t);

// An event's index and a message.
void write_message(ByteWriter& out, const std::pair<std::uint32_t, std::string>& m) {
  out.number(m.first);
  out.text(m.second);
}
std::pair<std::uint32_t, std::string> read_message(ByteReader& in) {
  const auto event = std::uint32_t(in.number());
  return {event, in.text()};
}

}  // namespace

std::string encode_block(const BlockOutcome& o) {
  ByteWriter out;
  out.number(o.block);
  out.text(std::string(reinterpret_cast<const char*>(o.events.data()),
                       o.events.size() * sizeof(std::uint16_t)));
  out.list(o.divergences, [&](const std::pair<std::uint32_t, Found>& d) {
    out.number(d.first);
    write_route(out, d.second.whole);
    write_difference(out, d.second.difference);
    write_route(out, d.second.sent);
  });
  out.list(o.refusals, [&](const auto& m) { write_message(out, m); });
  out.number(o.first_withheld_event);
  out.text(o.first_withheld);
  out.list(o.disagreements, [&](std::uint32_t event) { out.number(event); });
  out.text(o.first_disagreement);
  out.list(o.engine_faults, [&](std::uint32_t event) { out.number(event); });
  out.list(o.engine_fault_examples, [&](const auto& m) { write_message(out, m); });
  write_fault(out, o.fault);
  return out.take();
}

std::optional<BlockOutcome> decode_block(const std::string& bytes) {
  ByteReader in(bytes);
  BlockOutcome o;
  o.block = in.number();
  const std::string events = in.text();
  if (events.size() % sizeof(std::uint16_t) != 0) return std::nullopt;
  o.events.resize(events.size() / sizeof(std::uint16_t));
  std::memcpy(o.events.data(), events.data(), events.size());
  o.divergences = in.list<std::pair<std::uint32_t, Found>>(Number, [&] {
    const auto event = std::uint32_t(in.number());
    Found found;
    found.whole = read_route(in);
    found.difference = read_difference(in);
    found.sent = read_route(in);
    return std::pair{event, std::move(found)};
  });
  o.refusals =
      in.list<std::pair<std::uint32_t, std::string>>(Number, [&] { return read_message(in); });
  o.first_withheld_event = std::uint32_t(in.number());
  o.first_withheld = in.text();
  o.disagreements = in.list<std::uint32_t>(Number, [&] { return std::uint32_t(in.number()); });
  o.first_disagreement = in.text();
  o.engine_faults = in.list<std::uint32_t>(Number, [&] { return std::uint32_t(in.number()); });
  o.engine_fault_examples =
      in.list<std::pair<std::uint32_t, std::string>>(Number, [&] { return read_message(in); });
  o.fault = read_fault(in);
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return o;
}

std::string encode_shrunk(const Shrunk& shrunk) {
  ByteWriter out;
  out.list(shrunk.divergences, [&](const MovegenDivergence& d) {
    write_route(out, d.route);
    out.number(d.shrunk);
    write_difference(out, d.difference);
    write_descent(out, d.descent);
  });
  write_fault(out, shrunk.fault);
  out.texts(shrunk.engine_faults);
  return out.take();
}

std::optional<Shrunk> decode_shrunk(const std::string& bytes) {
  ByteReader in(bytes);
  Shrunk shrunk;
  shrunk.divergences = in.list<MovegenDivergence>(Number, [&] {
    MovegenDivergence d;
    d.route = read_route(in);
    d.shrunk = in.number() != 0;
    d.difference = read_difference(in);
    d.descent = read_descent(in);
    return d;
  });
  shrunk.fault = read_fault(in);
  shrunk.engine_faults = in.texts();
  if (!in.ok() || !in.at_end()) return std::nullopt;
  return shrunk;
}

namespace {

// The door's calls marked in the watch, for a door that runs in the worker (a plugin).
MovegenDoor watched(const MovegenDoor& door, CallWatch& watch) {
  MovegenDoor out = door;
  if (door.divide)
    out.divide = [&watch, divide = door.divide](const Route& route, int depth) {
      WatchedCallScope scope(&watch, "its divide (legal_moves, make_move)", route);
      return divide(route, depth);
    };
  if (door.total)
    out.total = [&watch, total = door.total](const Route& route, int depth) {
      WatchedCallScope scope(&watch, "its perft total", route);
      return total(route, depth);
    };
  return out;
}

// A worker's door: blocks taken from the run's counter until the blocks handed on hold the run's
// positions (the blocks already taken hold at least as many before them), each sent back whole.
// `given` counts the positions handed on by every worker.
Expected<Done> run_worker(BlockSource& source, const MovegenOptions& options,
                          const std::function<Expected<MovegenDoor>(CallWatch& watch)>& open,
                          std::atomic<std::uint64_t>& given) {
  Expected<MovegenDoor> door = open(source.watch());
  if (!door) return door.failure();
  const auto positions = std::uint64_t(options.positions);
  const BlockHooks hooks{
      [&]() -> std::optional<std::uint64_t> {
        if (given.load() >= positions) return std::nullopt;
        return source.take();
      },
      [&](BlockOutcome&& outcome) {
        if (!source.send(outcome.block, encode_block(outcome), outcome.fault.has_value())) return;
        std::uint64_t count = 0;
        for (std::uint16_t event : outcome.events) count += Event(event & 7) != Event::Withheld;
        given += count;
      },
      [&](std::uint64_t lowest_held) { return source.superseded(lowest_held); }};
  MovegenOptions in_worker = options;
  in_worker.progress = nullptr;
  in_worker.partial = nullptr;
  run_blocks(*door, in_worker, hooks);
  return Done{};
}

// Block `block`'s output into the merger; false once the run is over.
bool merge_block(Merger& merger, const std::string& door_name, std::uint64_t block,
                 const BlockOutput& output) {
  if (merger.done()) return false;
  std::optional<BlockOutcome> outcome;
  if (output.kind == BlockOutput::Kind::Sent) outcome = decode_block(output.bytes);
  if (outcome) {
    merger.take(*outcome);
  } else if (output.kind == BlockOutput::Kind::Died) {
    merger.take_fault(
        MovegenFault{output.fault->route.value_or(Route{}), door_name + " " + output.fault->words});
  } else if (output.fault && output.fault->could_not_run) {
    // A worker could not start what it needed (its engine): no position is to blame (exit 2).
    report_run_fault("a worker could not run: " + output.fault->words +
                     " (the run stops here: not a fault on any position)");
    return false;
  } else {
    merger.take_fault(MovegenFault{
        {},
        output.fault
            ? door_name + " " + output.fault->words
            : "the workers ended before block " + std::to_string(block) + " of the run was done"});
  }
  return !merger.done();
}

}  // namespace

void run_blocks_in_workers(const MovegenOptions& options, int jobs,
                           std::chrono::milliseconds call_timeout, const std::string& door_name,
                           const std::function<Expected<MovegenDoor>(CallWatch& watch)>& open,
                           Merger& merger) {
  SharedObjects<std::atomic<std::uint64_t>> given;
  BlockWorkerPlan plan;
  plan.blocks = block_count(options);
  plan.workers = plan.workers_at_once = std::max(jobs, 1);
  plan.call_timeout = call_timeout;
  plan.death_ends_run = true;
  BlockWorkerHooks hooks;
  hooks.work = [&](BlockSource& source) { return run_worker(source, options, open, *given); };
  hooks.merge = [&](std::uint64_t block, BlockOutput output) {
    return merge_block(merger, door_name, block, output);
  };
  if (options.progress)
    hooks.waiting = [&] {
      options.progress(int(std::min(given->load(), std::uint64_t(options.positions))),
                       options.positions);
    };
  run_block_workers(plan, hooks);
}

}  // namespace movegen

MovegenResult run_movegen_isolated(const MovegenDoor& door, const MovegenOptions& options,
                                   std::chrono::milliseconds call_timeout) {
  const auto start = std::chrono::steady_clock::now();
  MovegenResult result = movegen::empty_result(door, options);
  movegen::Merger merger(options, result);
  movegen::run_blocks_in_workers(
      options, options.jobs, call_timeout, door.name,
      [&](CallWatch& watch) -> Expected<MovegenDoor> { return movegen::watched(door, watch); },
      merger);
  if (!merger.found().empty()) {
    const ChildRun run = run_in_child(
        [&](CallWatch& watch) {
          return movegen::encode_shrunk(
              movegen::shrink_found(movegen::watched(door, watch), options, merger.found()));
        },
        call_timeout);
    std::optional<movegen::Shrunk> shrunk;
    if (run.end == ChildRun::End::Finished) shrunk = movegen::decode_shrunk(run.output);
    if (shrunk) {
      movegen::take_shrunk(result, std::move(*shrunk));
    } else {
      result.first_divergences = movegen::unshrunk(merger.found());
      if (!result.fault) {
        MovegenFault fault;
        if (run.call) fault.route = run.call->route;
        fault.message = run.end == ChildRun::End::Finished
                            ? "the worker shrinking the divergences sent back a result that "
                              "does not decode"
                            : door.name + " " + fault_words(run, "", std::nullopt, "its worker") +
                                  " while a divergence was shrunk";
        result.fault = std::move(fault);
      }
    }
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

Expected<Done> probe_movegen_door(const MovegenDoor& door, const Route& route,
                                  std::chrono::milliseconds call_timeout) {
  const ChildRun run = run_in_child(
      [&](CallWatch& watch) -> std::string {
        WatchedCallScope scope(&watch, "its divide (legal_moves, make_move)", route);
        const Expected<DivideCounts> divide = door.divide(route, 1);
        return divide ? "ok" : "error\n" + divide.error();
      },
      call_timeout);
  if (run.end != ChildRun::End::Finished)
    return Error{"it " + fault_words(run, "", std::nullopt, "its worker")};
  if (run.output == "ok") return Done{};
  if (run.output.rfind("error\n", 0) == 0) return Error{run.output.substr(6)};
  return Error{"its worker ended without an answer (the plugin called exit())"};
}

}  // namespace zobrist_verify::properties
