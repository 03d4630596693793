// A movegen run behind process boundaries: its blocks in forked workers (--jobs, and every run
// of a plugin, whose calls are watched there), streamed back as bytes and merged in block order;
// and the shrinking of a plugin's divergences in a watched worker of its own.
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <utility>

#include "chess/movegen_blocks.h"
#include "core/result_codec.h"
#include "isolation/forked_run.h"
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

// What the workers share: the next block to take, the positions given in the blocks handed on
// (none is taken once they reach the run's count: the blocks already taken hold at least as many
// before them), the lowest block a fault ended, and for each worker the lowest block it holds and
// how many bytes of its stream are whole.
struct SharedState {
  std::atomic<std::uint64_t> next_block{0};
  std::atomic<std::uint64_t> given{0};
  std::atomic<std::uint64_t> lowest_fault{NoBlock};
};
struct WorkerSlot {
  std::atomic<std::uint64_t> lowest_held{NoBlock};
  std::atomic<std::uint64_t> stream_bytes{0};
};

void lower_to(std::atomic<std::uint64_t>& value, std::uint64_t candidate) {
  std::uint64_t now = value.load();
  while (candidate < now && !value.compare_exchange_weak(now, candidate)) {
  }
}

// Pages shared with every worker forked after them (MAP_SHARED | MAP_ANONYMOUS).
class SharedPages {
 public:
  explicit SharedPages(int workers)
      : bytes_(sizeof(SharedState) + std::size_t(workers) * sizeof(WorkerSlot)) {
    void* pages =
        ::mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (pages == MAP_FAILED) throw std::bad_alloc();
    pages_ = static_cast<char*>(pages);
    new (pages_) SharedState();
    for (int w = 0; w < workers; ++w) new (&slot(w)) WorkerSlot();
  }
  ~SharedPages() { ::munmap(pages_, bytes_); }
  SharedPages(const SharedPages&) = delete;
  SharedPages& operator=(const SharedPages&) = delete;
  SharedState& state() { return *reinterpret_cast<SharedState*>(pages_); }
  WorkerSlot& slot(int w) { return reinterpret_cast<WorkerSlot*>(pages_ + sizeof(SharedState))[w]; }

 private:
  std::size_t bytes_;
  char* pages_ = nullptr;
};

// A worker's stream of block outcomes: an anonymous in-memory file the worker appends to
// (length, bytes) and this process reads once the worker is gone, up to the bytes the worker
// marked whole, so that a worker that dies mid-write leaves only whole outcomes behind.
class Stream {
 public:
  Stream() : fd_(::memfd_create("zobrist-verify-movegen", MFD_CLOEXEC)) {}
  ~Stream() {
    if (fd_ >= 0) ::close(fd_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  // Worker side, where the stream is descriptor `fd`: appends one outcome after the `written`
  // bytes; false when it cannot (the outcome is then not whole).
  static bool append(int fd, const std::string& bytes, std::uint64_t& written) {
    const std::uint64_t length = bytes.size();
    std::string record(reinterpret_cast<const char*>(&length), sizeof length);
    record += bytes;
    std::size_t done = 0;
    while (done < record.size()) {
      const ssize_t n =
          ::pwrite(fd, record.data() + done, record.size() - done, off_t(written + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) return false;
      done += std::size_t(n);
    }
    written += record.size();
    return true;
  }

  // This process's side: the outcomes in the first `bytes` bytes.
  std::vector<std::string> read(std::uint64_t bytes) const {
    std::string all(bytes, '\0');
    std::size_t done = 0;
    while (done < all.size()) {
      const ssize_t n = ::pread(fd_, all.data() + done, all.size() - done, off_t(done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += std::size_t(n);
    }
    all.resize(done);
    std::vector<std::string> records;
    for (std::size_t at = 0; at + sizeof(std::uint64_t) <= all.size();) {
      std::uint64_t length = 0;
      std::memcpy(&length, all.data() + at, sizeof length);
      at += sizeof length;
      if (length > all.size() - at) break;
      records.push_back(all.substr(at, length));
      at += length;
    }
    return records;
  }

 private:
  int fd_;
};

// How one worker ended.
struct WorkerEnd {
  ChildRun run;
  std::uint64_t held = NoBlock;  // the lowest block it held when it ended
};

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

}  // namespace

void run_blocks_in_workers(const MovegenOptions& options, int jobs,
                           std::chrono::milliseconds call_timeout, const std::string& door_name,
                           const std::function<Expected<MovegenDoor>(CallWatch& watch)>& open,
                           Merger& merger) {
  jobs = std::max(jobs, 1);
  SharedPages shared(jobs);
  std::vector<std::unique_ptr<Stream>> streams;
  for (int w = 0; w < jobs; ++w) {
    streams.push_back(std::make_unique<Stream>());
    if (!streams.back()->ok()) {
      merger.take_fault(
          MovegenFault{{},
                       "cannot make the stream a worker sends its findings back on: " +
                           std::string(std::strerror(errno))});
      return;
    }
  }
  const auto positions = std::uint64_t(options.positions);
  MovegenOptions in_worker = options;
  in_worker.progress = nullptr;

  auto work = [&](int w) {
    return [&, w](CallWatch& watch) -> std::string {
      Expected<MovegenDoor> door = open(watch);
      if (!door) return "error\n" + door.error();
      WorkerSlot& slot = shared.slot(w);
      SharedState& state = shared.state();
      std::uint64_t written = 0;
      bool stream_failed = false;
      const BlockHooks hooks{
          [&]() -> std::optional<std::uint64_t> {
            if (stream_failed || state.given.load() >= positions) return std::nullopt;
            const std::uint64_t block = state.next_block.fetch_add(1);
            if (block > state.lowest_fault.load() || block >= block_count(options))
              return std::nullopt;
            return block;
          },
          [&](BlockOutcome&& outcome) {
            if (stream_failed || !Stream::append(PassedFd, encode_block(outcome), written)) {
              stream_failed = true;
              return;
            }
            slot.stream_bytes.store(written);
            std::uint64_t given = 0;
            for (std::uint16_t event : outcome.events) given += Event(event & 7) != Event::Withheld;
            state.given += given;
            if (outcome.fault) lower_to(state.lowest_fault, outcome.block);
          },
          [&](std::uint64_t lowest_held) { return lowest_held > state.lowest_fault.load(); }};
      run_blocks(*door, in_worker, hooks,
                 [&](std::uint64_t lowest_held) { slot.lowest_held.store(lowest_held); });
      if (stream_failed) return "error\ncannot write to the stream back to the run";
      return "ok";
    };
  };

  // Each worker from a thread of its own; a worker that dies ends the run at the block it held,
  // and the workers holding only later blocks are stopped.
  std::vector<WorkerEnd> ends(static_cast<std::size_t>(jobs));
  std::vector<std::unique_ptr<std::atomic<bool>>> stops;
  for (int w = 0; w < jobs; ++w) stops.push_back(std::make_unique<std::atomic<bool>>(false));
  std::mutex mutex;
  std::condition_variable ended;
  int running = jobs;
  std::vector<std::thread> threads;
  for (int w = 0; w < jobs; ++w)
    threads.emplace_back([&, w] {
      ChildRun run = run_in_child(work(w), call_timeout, jobs, stops[std::size_t(w)].get(),
                                  streams[std::size_t(w)]->fd());
      const std::uint64_t held = shared.slot(w).lowest_held.load();
      if (run.end != ChildRun::End::Finished && !stops[std::size_t(w)]->load() && held != NoBlock) {
        lower_to(shared.state().lowest_fault, held);
        for (int other = 0; other < jobs; ++other)
          if (other != w && shared.slot(other).lowest_held.load() > held)
            stops[std::size_t(other)]->store(true);
      }
      std::lock_guard lock(mutex);
      ends[std::size_t(w)] = WorkerEnd{std::move(run), held};
      --running;
      ended.notify_all();
    });
  for (;;) {
    {
      std::unique_lock lock(mutex);
      if (ended.wait_for(lock, std::chrono::milliseconds(100), [&] { return running == 0; })) break;
    }
    if (options.progress)
      options.progress(int(std::min(shared.state().given.load(), positions)), options.positions);
  }
  for (std::thread& t : threads) t.join();

  // The outcomes by block, and the blocks workers died in.
  std::map<std::uint64_t, BlockOutcome> outcomes;
  std::map<std::uint64_t, MovegenFault> deaths;
  std::string failure;               // the first worker that failed outside any block, and how
  bool failure_is_the_runs = false;  // a worker that could not start its door (its engine)
  for (int w = 0; w < jobs; ++w) {
    for (const std::string& bytes : streams[std::size_t(w)]->read(shared.slot(w).stream_bytes)) {
      std::optional<BlockOutcome> outcome = decode_block(bytes);
      if (outcome) outcomes.emplace(outcome->block, std::move(*outcome));
    }
    const WorkerEnd& end = ends[std::size_t(w)];
    if (stops[std::size_t(w)]->load()) continue;
    if (end.run.end == ChildRun::End::Finished) {
      if (end.run.output.rfind("error\n", 0) == 0 && failure.empty()) {
        failure = "a worker could not run: " + end.run.output.substr(6);
        failure_is_the_runs = true;
      }
      continue;
    }
    MovegenFault fault;
    if (end.run.call) fault.route = end.run.call->route;
    fault.message = door_name + " " + fault_words(end.run, "", std::nullopt, "its worker");
    if (end.held != NoBlock)
      deaths.emplace(end.held, std::move(fault));
    else if (failure.empty())
      failure = fault.message;
  }
  for (std::uint64_t block = 0; !merger.done(); ++block) {
    if (auto it = outcomes.find(block); it != outcomes.end()) {
      merger.take(it->second);
    } else if (auto death = deaths.find(block); death != deaths.end()) {
      merger.take_fault(std::move(death->second));
    } else if (failure_is_the_runs) {
      // No position is to blame: the run could not start what it needed (exit status 2).
      report_run_fault(failure + " (the run stops here: not a fault on any position)");
      break;
    } else {
      merger.take_fault(MovegenFault{
          {},
          failure.empty()
              ? "the workers ended before block " + std::to_string(block) + " of the run was done"
              : failure});
    }
  }
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
