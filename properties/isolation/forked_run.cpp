#include "isolation/forked_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>

#include "zobrist_verify/doors/fault_words.h"
#include "zobrist_verify/doors/subprocess.h"

namespace zobrist_verify::properties {

namespace {

std::uint64_t now_ns() {
  return std::uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                           std::chrono::steady_clock::now().time_since_epoch())
                           .count());
}

void copy_text(char* out, std::size_t capacity, const std::string& text) {
  const std::size_t n = std::min(text.size(), capacity - 1);
  std::memcpy(out, text.data(), n);
  out[n] = '\0';
}

std::vector<std::string> split_moves(const char* text) {
  std::vector<std::string> moves;
  std::istringstream in(text);
  for (std::string m; in >> m;) moves.push_back(m);
  return moves;
}

// Writes all of `data` to `fd` (the child's end of the result pipe).
bool write_all(int fd, const std::string& data) {
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += std::size_t(n);
  }
  return true;
}

}  // namespace

void CallWatch::write_route(const Route& route) {
  copy_text(fen, sizeof fen, route.fen);
  chess960 = route.chess960;
  // moves_text(route.moves) cut to the array, written in place: this runs before every call.
  std::size_t length = 0;
  const std::size_t capacity = sizeof moves - 1;
  auto append = [&](std::string_view text) {
    const std::size_t n = std::min(text.size(), capacity - length);
    std::memcpy(moves + length, text.data(), n);
    length += n;
  };
  for (const std::string& m : route.moves) {
    if (length == capacity) break;
    if (length > 0) append(" ");
    append(m);
  }
  moves[length] = '\0';
}

Route CallWatch::read_route() const {
  return Route{fen, chess960 != 0, split_moves(moves)};
}

void CallWatch::begin_call(const std::string& words, const Route& route) {
  copy_text(call, sizeof call, words);
  write_route(route);
  started_ns.store(now_ns(), std::memory_order_release);
}

WatchedCallScope::WatchedCallScope(CallWatch* watch, const std::string& call, const Route& route)
    : watch_(watch) {
  if (watch_) watch_->begin_call(call, route);
}

WatchedCallScope::~WatchedCallScope() {
  if (watch_) watch_->end_call();
}

namespace {

std::optional<std::uint64_t> configured_memory_limit;

// Resident memory of process `pid` in bytes (0 when it cannot be read: it has just ended).
std::uint64_t resident_bytes(pid_t pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%d/statm", int(pid));
  std::FILE* file = std::fopen(path, "r");
  if (!file) return 0;
  unsigned long long size = 0, resident = 0;
  const int read = std::fscanf(file, "%llu %llu", &size, &resident);
  std::fclose(file);
  return read == 2 ? resident * std::uint64_t(::sysconf(_SC_PAGESIZE)) : 0;
}

// Whether the child has ended, looked at without reaping it: its id then still names its process
// group, so that what it left running there can be killed before it is reaped.
bool has_ended(pid_t pid) {
  siginfo_t info{};
  int result;
  do {
    result = ::waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT);
  } while (result < 0 && errno == EINTR);
  return result != 0 || info.si_pid != 0;
}

// The child's side before the work: its own process group, death with the parent, default
// signal handling, stdout on stderr, and no descriptor of the parent's but 0, 2, the result
// pipe, which becomes descriptor 3, and `pass_fd` (when not -1), which becomes PassedFd, closed
// on exec. Returns the result pipe's descriptor.
int become_worker(pid_t parent, int result_fd, int pass_fd) {
  ::setpgid(0, 0);
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != parent) ::_exit(4);  // the parent died before the signal was asked for
  for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE}) ::signal(signal, SIG_DFL);
  // An engine the work starts stays in this group: it dies when the parent kills the group.
  spawn_children_in_my_group();
  ::dup2(STDERR_FILENO, STDOUT_FILENO);
  // Both out of the way of descriptors 3 and 4 first.
  constexpr int Aside = 10;
  const int result_aside = ::fcntl(result_fd, F_DUPFD, Aside);
  const int pass_aside = pass_fd >= 0 ? ::fcntl(pass_fd, F_DUPFD, Aside) : -1;
  constexpr int ResultFd = 3;
  ::dup2(result_aside, ResultFd);
  if (pass_aside >= 0) {
    ::dup2(pass_aside, PassedFd);
    ::fcntl(PassedFd, F_SETFD, FD_CLOEXEC);
  }
  ::close_range(pass_aside >= 0 ? PassedFd + 1 : ResultFd + 1, ~0U, 0);
  return ResultFd;
}

}  // namespace

std::uint64_t worker_memory_limit() {
  if (configured_memory_limit) return *configured_memory_limit;
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  return pages > 0 && page_size > 0 ? std::uint64_t(pages) * std::uint64_t(page_size) / 2 : 0;
}

void set_worker_memory_limit(std::uint64_t bytes) {
  configured_memory_limit = bytes;
}

std::string memory_size_text(std::uint64_t bytes) {
  constexpr double MiB = 1024.0 * 1024.0;
  char text[64];
  // Below 1 MiB in KiB or bytes: a limit of 1 byte is not "0 MiB".
  if (bytes >= 1024ULL * 1024 * 1024)
    std::snprintf(text, sizeof text, "%.1f GiB", double(bytes) / (1024 * MiB));
  else if (bytes < 1024)
    std::snprintf(text, sizeof text, "%llu byte%s", static_cast<unsigned long long>(bytes),
                  bytes == 1 ? "" : "s");
  else if (bytes < 1024 * 1024)
    std::snprintf(text, sizeof text, "%.0f KiB", double(bytes) / 1024);
  else
    std::snprintf(text, sizeof text, "%.0f MiB", double(bytes) / MiB);
  return text;
}

namespace {

// A worker forked and not yet reaped: its id, the page its calls are watched through, and the
// read end of its result pipe.
struct Forked {
  pid_t pid = 0;
  CallWatch* watch = nullptr;
  int result_fd = -1;
};

// Forks a worker that runs `work` (the child never returns from here). Nothing, with `run` saying
// why, when no worker could be started.
std::optional<Forked> fork_worker(const std::function<std::string(CallWatch&)>& work, int pass_fd,
                                  ChildRun& run) {
  void* page =
      ::mmap(nullptr, sizeof(CallWatch), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) {
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not share memory with a worker: ") + std::strerror(errno);
    return std::nullopt;
  }
  auto* watch = new (page) CallWatch();
  int fds[2];
  if (::pipe(fds) != 0) {
    ::munmap(page, sizeof(CallWatch));
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not make a pipe to a worker: ") + std::strerror(errno);
    return std::nullopt;
  }
  // Output buffered now would be written twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    ::munmap(page, sizeof(CallWatch));
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not start a worker: ") + std::strerror(errno);
    return std::nullopt;
  }
  if (pid == 0) {
    ::close(fds[0]);
    const int result_fd = become_worker(parent, fds[1], pass_fd);
    const std::string output = work(*watch);
    watch->work_returned.store(1, std::memory_order_release);
    // _exit: no exit handlers and no static destructors of a target that may be broken.
    ::_exit(write_all(result_fd, output) ? 0 : 3);
  }
  ::setpgid(pid, pid);  // as the child does: whichever runs first, the group exists
  kill_on_interrupt(pid);
  ::close(fds[1]);
  return Forked{pid, watch, fds[0]};
}

// Why the parent stopped watching a worker before it ended: a call past the timeout, resident
// memory past the limit, or `stop` turned true.
enum class Halt : std::uint8_t { No, TimedOut, MemoryLimit, Stopped };

struct Watching {
  std::chrono::milliseconds call_timeout;
  std::uint64_t memory_limit = 0;  // this worker's share; 0: none
  const std::atomic<bool>* stop = nullptr;
  Halt halt = Halt::No;
  std::uint64_t resident = 0;  // when last measured
};

// Reads the worker's result into `output` while it runs, watching its calls and its memory,
// until it has ended (and its result is read, or a short grace is over) or a halt.
void watch_worker(const Forked& child, Watching& w, std::string& output) {
  // After the child has ended, what is left of its result is waited for this long at most: a
  // process it started and that escaped its group may hold the pipe open forever.
  constexpr std::uint64_t GraceNs = 200'000'000;
  std::uint64_t last_memory_look = 0;
  std::uint64_t ended_at = 0;  // 0: still running
  // The worker is measured once before anything else: one that ends before the loop's first look
  // (its first poll takes up to 20 ms) would otherwise never be (a limit of 1 byte passed).
  if (w.memory_limit != 0) {
    last_memory_look = now_ns();
    w.resident = resident_bytes(child.pid);
    if (w.resident > w.memory_limit) w.halt = Halt::MemoryLimit;
  }
  for (bool open = true; w.halt == Halt::No;) {
    if (open) {
      pollfd p{child.result_fd, POLLIN, 0};
      if (::poll(&p, 1, 20) > 0) {
        char buffer[65536];
        const ssize_t n = ::read(child.result_fd, buffer, sizeof buffer);
        if (n > 0)
          output.append(buffer, std::size_t(n));
        else if (n == 0 || errno != EINTR)
          open = false;
      }
    } else {
      ::poll(nullptr, 0, 5);
    }
    const std::uint64_t now = now_ns();
    if (w.stop && w.stop->load(std::memory_order_acquire)) {
      w.halt = Halt::Stopped;
      break;
    }
    if (ended_at == 0 && has_ended(child.pid)) {
      ended_at = now;
      ::kill(-child.pid, SIGKILL);  // whatever it started and left in its group
    }
    if (ended_at != 0) {
      if (!open || now - ended_at > GraceNs) break;
      continue;
    }
    // Read after `now`: a call the child began since is younger than 0, not 2^64 ns old.
    const std::uint64_t started = child.watch->started_ns.load(std::memory_order_acquire);
    if (started != 0 && now > started &&
        now - started > std::uint64_t(w.call_timeout.count()) * 1'000'000ULL) {
      w.halt = Halt::TimedOut;
      break;
    }
    if (w.memory_limit != 0 && now - last_memory_look > 10'000'000ULL) {
      last_memory_look = now;
      w.resident = resident_bytes(child.pid);
      if (w.resident > w.memory_limit) w.halt = Halt::MemoryLimit;
    }
  }
}

// How a worker that did not finish well ended, from why it was halted and its wait status.
void judge_end(ChildRun& run, const Watching& w, int status, bool returned) {
  if (w.halt == Halt::Stopped) {
    run.end = ChildRun::End::Crashed;
    run.how = "stopped";
  } else if (w.halt == Halt::TimedOut) {
    run.end = ChildRun::End::TimedOut;
    run.how = "no answer within " + std::to_string(w.call_timeout.count()) + " ms";
  } else if (w.halt == Halt::MemoryLimit) {
    run.end = ChildRun::End::MemoryLimit;
    run.how = memory_size_text(w.resident) + " resident, over the limit of " +
              memory_size_text(w.memory_limit) + " (--memory-limit)";
  } else if (WIFEXITED(status) && !returned) {
    run.end = ChildRun::End::Exited;
    run.how =
        "exit status " + std::to_string(WEXITSTATUS(status)) + " (it called exit() or _exit())";
  } else {
    run.end = ChildRun::End::Crashed;
    run.how = describe_wait_status(status);
    const int signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
    run.killed_from_outside =
        signal == SIGKILL || signal == SIGTERM || signal == SIGINT || signal == SIGHUP;
  }
}

}  // namespace

ChildRun run_in_child(const std::function<std::string(CallWatch&)>& work,
                      std::chrono::milliseconds call_timeout, int workers_at_once,
                      const std::atomic<bool>* stop, int pass_fd) {
  ChildRun run;
  const std::optional<Forked> child = fork_worker(work, pass_fd, run);
  if (!child) return run;
  Watching watching{call_timeout,
                    worker_memory_limit() / std::uint64_t(std::max(workers_at_once, 1)), stop};
  watch_worker(*child, watching, run.output);
  if (watching.halt != Halt::No) {
    ::kill(-child->pid, SIGKILL);
    ::kill(child->pid, SIGKILL);
  }
  ::close(child->result_fd);
  int status = 0;
  while (::waitpid(child->pid, &status, 0) < 0 && errno == EINTR) {
  }
  forget_on_interrupt(child->pid);
  const CallWatch& watch = *child->watch;
  const bool in_call = watch.started_ns.load(std::memory_order_acquire) != 0;
  const bool returned = watch.work_returned.load(std::memory_order_acquire) != 0;
  if (watching.halt != Halt::No || !WIFEXITED(status) || WEXITSTATUS(status) != 0 || !returned) {
    judge_end(run, watching, status, returned);
    if (in_call) run.call = WatchedCall{watch.call, watch.read_route()};
    run.output.clear();
  }
  child->watch->~CallWatch();
  ::munmap(child->watch, sizeof(CallWatch));
  return run;
}

std::string fault_words(const ChildRun& run, std::string_view where,
                        std::optional<std::string> call, std::string_view outside) {
  if (!call) call = run.call ? run.call->call : std::string(outside);
  return zobrist_verify::fault_words(run.end, *call, where, run.how);
}

}  // namespace zobrist_verify::properties
