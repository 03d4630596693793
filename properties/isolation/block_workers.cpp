// run_block_workers: threads of this process, each forking workers (run_in_child) that take blocks
// from the shared counter; the calling thread merges the outputs in block order.
#include "zobrist_verify/block_workers.h"

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
#include <thread>
#include <utility>

#include "isolation/forked_run.h"

namespace zobrist_verify::properties {

void* map_shared(std::size_t bytes) {
  void* pages = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (pages == MAP_FAILED) throw std::bad_alloc();
  return pages;
}

void unmap_shared(void* pages, std::size_t bytes) {
  ::munmap(pages, bytes);
}

// What the run's processes share: the next block nobody has taken and the lowest block a fault
// ended. And for each thread's worker: the lowest block it holds, and how many bytes of its
// stream are whole.
struct BlockRunShared {
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> lowest_fault{NoBlock};
};
struct BlockWorkerShared {
  std::atomic<std::uint64_t> lowest_held{NoBlock};
  std::atomic<std::uint64_t> stream_bytes{0};
};

namespace {

void lower_to(std::atomic<std::uint64_t>& value, std::uint64_t candidate) {
  std::uint64_t now = value.load();
  while (candidate < now && !value.compare_exchange_weak(now, candidate)) {
  }
}

// A worker's stream of block outputs: an anonymous in-memory file the worker appends records to
// (length, block, bytes) and this process reads once the worker is gone, up to the bytes the
// worker marked whole, so that a worker that dies mid-write leaves only whole records behind.
class Stream {
 public:
  Stream() : fd_(::memfd_create("zobrist-verify-blocks", MFD_CLOEXEC)) {}
  ~Stream() {
    if (fd_ >= 0) ::close(fd_);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  bool ok() const { return fd_ >= 0; }
  int fd() const { return fd_; }

  // Worker side, where the stream is descriptor `fd`: appends one record after the `written`
  // bytes; false when it cannot (the record is then not whole).
  static bool append(int fd, std::uint64_t block, const std::string& bytes,
                     std::uint64_t& written) {
    const std::uint64_t header[2] = {bytes.size(), block};
    std::string record(reinterpret_cast<const char*>(header), sizeof header);
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

  // This process's side: the records from byte `from` to byte `to` (both where a record begins
  // or the stream's whole end), as (block, bytes).
  std::vector<std::pair<std::uint64_t, std::string>> read(std::uint64_t from,
                                                          std::uint64_t to) const {
    std::string all(to > from ? to - from : 0, '\0');
    std::size_t done = 0;
    while (done < all.size()) {
      const ssize_t n = ::pread(fd_, all.data() + done, all.size() - done, off_t(from + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += std::size_t(n);
    }
    all.resize(done);
    std::vector<std::pair<std::uint64_t, std::string>> records;
    for (std::size_t at = 0; at + 2 * sizeof(std::uint64_t) <= all.size();) {
      std::uint64_t header[2];
      std::memcpy(header, all.data() + at, sizeof header);
      at += sizeof header;
      if (header[0] > all.size() - at) break;
      records.emplace_back(header[1], all.substr(at, header[0]));
      at += header[0];
    }
    return records;
  }

 private:
  int fd_;
};

}  // namespace

BlockSource::BlockSource(BlockRunShared& run, BlockWorkerShared& mine, CallWatch& watch,
                         std::uint64_t blocks, std::optional<std::uint64_t> given)
    : run_(run),
      mine_(mine),
      watch_(watch),
      blocks_(blocks),
      given_(given),
      one_block_(given.has_value()) {}

std::optional<std::uint64_t> BlockSource::take() {
  if (failed_) return std::nullopt;
  std::uint64_t block;
  if (one_block_) {
    if (!given_) return std::nullopt;
    block = *std::exchange(given_, std::nullopt);
  } else {
    block = run_.next.load();
    do {
      if (block >= blocks_ || block > run_.lowest_fault.load()) return std::nullopt;
    } while (!run_.next.compare_exchange_weak(block, block + 1));
  }
  held_.push_back(block);
  publish_held();
  return block;
}

bool BlockSource::send(std::uint64_t block, const std::string& bytes, bool faulted) {
  if (failed_ || !Stream::append(PassedFd, block, bytes, written_)) {
    failed_ = true;
    return false;
  }
  mine_.stream_bytes.store(written_);
  if (auto it = std::find(held_.begin(), held_.end(), block); it != held_.end()) held_.erase(it);
  publish_held();
  if (faulted) lower_to(run_.lowest_fault, block);
  return true;
}

bool BlockSource::superseded(std::uint64_t block) const {
  return block > run_.lowest_fault.load();
}

void BlockSource::publish_held() {
  mine_.lowest_held.store(held_.empty() ? NoBlock : *std::min_element(held_.begin(), held_.end()));
}

namespace {

// How often, at most, the calling thread calls `waiting` while it waits.
constexpr auto WaitingEvery = std::chrono::milliseconds(100);

// A worker's last word when its work could not run: "error\n" and why.
constexpr std::string_view CouldNotRun = "error\n";

// How a worker that did not end well failed.
WorkerFault fault_of(const ChildRun& run) {
  WorkerFault fault;
  if (run.end == ChildRun::End::Finished) {
    fault.could_not_run = true;
    fault.words = run.output.substr(std::min(run.output.size(), CouldNotRun.size()));
    return fault;
  }
  fault.words = fault_words(run, "", std::nullopt, "its worker");
  if (run.call) fault.route = run.call->route;
  return fault;
}

class BlockWorkers {
 public:
  BlockWorkers(const BlockWorkerPlan& plan, const BlockWorkerHooks& hooks)
      : plan_(plan),
        hooks_(hooks),
        workers_(std::size_t(std::max(plan.workers, 0))),
        streams_(std::size_t(std::max(plan.workers, 0))),
        failures_(std::size_t(std::max(plan.workers, 0))) {
    for (int t = 0; t < plan.workers; ++t)
      stops_.push_back(std::make_unique<std::atomic<bool>>(false));
  }

  void run() {
    try {
      if (!hooks_.here) start_threads();
      for (std::uint64_t i = 0; i < plan_.blocks; ++i) {
        if (i == 1 && hooks_.here && (!hooks_.worth_workers || hooks_.worth_workers()))
          start_threads();
        const bool more = take_here(i) ? hooks_.here(i) : hooks_.merge(i, wait_for(i));
        if (!more) break;
      }
    } catch (...) {
      stop_all();
      throw;
    }
    stop_all();
  }

 private:
  void start_threads() {
    std::lock_guard lock(mutex_);
    running_ = int(stops_.size());
    for (std::size_t t = 0; t < stops_.size(); ++t) threads_.emplace_back([this, t] { serve(t); });
  }

  void stop_all() {
    {
      std::lock_guard lock(mutex_);
      for (auto& stop : stops_) stop->store(true);
    }
    changed_.notify_all();
    for (std::thread& t : threads_) t.join();
    threads_.clear();
  }

  // Past the last block, or past the lowest fault.
  bool exhausted() const {
    const std::uint64_t next = run_->next.load();
    return next >= plan_.blocks || next > run_->lowest_fault.load();
  }
  // Whether the next block may be begun now (under the mutex).
  bool may_take() const {
    return !exhausted() && (plan_.window == 0 || run_->next.load() < merging_ + plan_.window);
  }

  // The calling thread's turn at block i: true when nobody has taken it, and it is now taken here.
  bool take_here(std::uint64_t i) {
    bool mine = false;
    {
      std::lock_guard lock(mutex_);
      merging_ = i;
      std::uint64_t expected = i;
      mine = hooks_.here && run_->next.compare_exchange_strong(expected, i + 1);
    }
    changed_.notify_all();
    return mine;
  }

  // Thread t: its workers, one for all blocks, or one a block.
  void serve(std::size_t t) {
    for (;;) {
      std::optional<std::uint64_t> given;
      if (plan_.worker_per_block) {
        given = next_for_worker(t);
        if (!given) break;
      }
      run_worker(t, given);
      if (plan_.slots.slots && given) plan_.slots.slots->give_back(plan_.slots.unit);
      if (!plan_.worker_per_block) break;
    }
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    changed_.notify_all();
  }

  // worker_per_block: the next block, once the window allows it and a slot of the run is free.
  std::optional<std::uint64_t> next_for_worker(std::size_t t) {
    const std::atomic<bool>& stop = *stops_[t];
    CoreSlots* const slots = plan_.slots.slots;
    for (;;) {
      {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [&] { return stop.load() || exhausted() || may_take(); });
        if (stop.load() || exhausted()) return std::nullopt;
      }
      if (slots && !slots->take(plan_.slots.unit, &stop)) return std::nullopt;
      std::unique_lock lock(mutex_);
      if (!stop.load() && may_take()) return run_->next.fetch_add(1);
      const bool over = stop.load() || exhausted();
      lock.unlock();
      if (slots) slots->give_back(plan_.slots.unit);
      if (over) return std::nullopt;
    }
  }

  void run_worker(std::size_t t, std::optional<std::uint64_t> given) {
    BlockWorkerShared& mine = workers_[t];
    mine.lowest_held.store(given.value_or(NoBlock));
    mine.stream_bytes.store(0);
    Stream stream;
    if (!stream.ok()) {
      ChildRun run;
      run.end = ChildRun::End::Crashed;
      run.how = "cannot make the stream a worker sends its blocks back on: " +
                std::string(std::strerror(errno));
      ended(t, run);
      return;
    }
    {
      std::lock_guard lock(mutex_);
      streams_[t] = Streamed{&stream, 0};
    }
    const ChildRun run = run_in_child(
        [&](CallWatch& watch) -> std::string {
          BlockSource source(*run_, mine, watch, plan_.blocks, given);
          const Expected<Done> worked = hooks_.work(source);
          if (source.failed())
            return std::string(CouldNotRun) + "cannot write to the stream back to the run";
          return worked ? std::string() : std::string(CouldNotRun) + worked.error();
        },
        plan_.call_timeout, plan_.workers_at_once, stops_[t].get(), stream.fd());
    ended(t, run);
  }

  // The blocks thread t's worker has sent since last looked at, for the merge (under the mutex).
  void take_sent(std::size_t t) {
    Streamed& streamed = streams_[t];
    if (!streamed.stream) return;
    const std::uint64_t whole = workers_[t].stream_bytes.load();
    if (whole <= streamed.read) return;
    for (auto& [block, bytes] : streamed.stream->read(streamed.read, whole))
      outputs_.emplace(block, BlockOutput{BlockOutput::Kind::Sent, std::move(bytes), {}});
    streamed.read = whole;
  }

  // The rest of what thread t's worker sent, and how it ended, for the merge.
  void ended(std::size_t t, const ChildRun& run) {
    const std::uint64_t held = workers_[t].lowest_held.load();
    {
      std::lock_guard lock(mutex_);
      take_sent(t);
      streams_[t] = Streamed{};
      if (!stops_[t]->load()) {
        if (run.end != ChildRun::End::Finished && held != NoBlock) {
          if (plan_.death_ends_run) end_run_at(t, held);
          outputs_.emplace(held, BlockOutput{BlockOutput::Kind::Died, {}, fault_of(run)});
        } else if ((run.end != ChildRun::End::Finished || !run.output.empty()) && !failures_[t]) {
          failures_[t] = fault_of(run);
        }
      }
    }
    changed_.notify_all();
  }

  // A worker died holding `held`: no later block is taken, and the workers holding only later
  // blocks are stopped (under the mutex).
  void end_run_at(std::size_t t, std::uint64_t held) {
    lower_to(run_->lowest_fault, held);
    for (std::size_t other = 0; other < stops_.size(); ++other)
      if (other != t && workers_[other].lowest_held.load() > held) stops_[other]->store(true);
  }

  // Block i's output, once a worker has sent it or died holding it; while waiting, the next block
  // nobody has begun is played here when `ahead` is given.
  BlockOutput wait_for(std::uint64_t i) {
    std::unique_lock lock(mutex_);
    auto last_waiting = std::chrono::steady_clock::now();
    for (;;) {
      for (std::size_t t = 0; t < streams_.size(); ++t) take_sent(t);
      if (auto it = outputs_.find(i); it != outputs_.end()) {
        BlockOutput output = std::move(it->second);
        outputs_.erase(it);
        return output;
      }
      if (hooks_.ahead && may_take()) {
        const std::uint64_t j = run_->next.fetch_add(1);
        lock.unlock();
        BlockOutput played{BlockOutput::Kind::Sent, hooks_.ahead(j), {}};
        lock.lock();
        outputs_.emplace(j, std::move(played));
        continue;
      }
      if (running_ == 0) return not_run();
      // What a running worker sends is looked for every 10 ms.
      changed_.wait_for(lock, std::chrono::milliseconds(10), [&] {
        return outputs_.count(i) != 0 || running_ == 0 || (hooks_.ahead && may_take());
      });
      if (hooks_.waiting && std::chrono::steady_clock::now() - last_waiting > WaitingEvery) {
        last_waiting = std::chrono::steady_clock::now();
        lock.unlock();
        hooks_.waiting();
        lock.lock();
      }
    }
  }

  // Every worker has ended without the block: the first that failed outside any block says why.
  BlockOutput not_run() const {
    BlockOutput output;
    for (const std::optional<WorkerFault>& failure : failures_)
      if (failure) {
        output.fault = failure;
        break;
      }
    return output;
  }

  const BlockWorkerPlan& plan_;
  const BlockWorkerHooks& hooks_;
  SharedObjects<BlockRunShared> run_;
  SharedObjects<BlockWorkerShared> workers_;
  std::vector<std::unique_ptr<std::atomic<bool>>> stops_;  // per thread, its worker's
  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable changed_;
  // Per thread, the stream of its running worker, and how much of it has been read.
  struct Streamed {
    const Stream* stream = nullptr;
    std::uint64_t read = 0;
  };
  std::vector<Streamed> streams_;
  std::map<std::uint64_t, BlockOutput> outputs_;  // received, not yet merged
  std::uint64_t merging_ = 0;                     // the block the calling thread is at
  int running_ = 0;                               // threads still serving
  // Per thread: how its first worker that failed outside any block failed.
  std::vector<std::optional<WorkerFault>> failures_;
};

}  // namespace

void run_block_workers(const BlockWorkerPlan& plan, const BlockWorkerHooks& hooks) {
  BlockWorkers(plan, hooks).run();
}

}  // namespace zobrist_verify::properties
