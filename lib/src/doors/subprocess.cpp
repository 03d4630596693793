#include "zobrist_verify/doors/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <thread>
#include <utility>

#include "zobrist_verify/core/file_io.h"

extern char** environ;

namespace zobrist_verify {
namespace {

using Clock = std::chrono::steady_clock;
using Milliseconds = std::chrono::milliseconds;

// How long a read or write that found the pipe closed waits for the child to exit, so that the
// error can say how it ended.
constexpr Milliseconds ExitReportGrace{500};

// spawn_children_in_my_group(): children join the caller's process group.
std::atomic<bool> children_in_my_group{false};

std::string errno_text(int error) {
  return std::strerror(error);
}

// Milliseconds left until `deadline`, rounded up so that poll never wakes just before it.
int poll_timeout(Clock::time_point deadline) {
  auto left = deadline - Clock::now();
  if (left <= Clock::duration::zero()) return 0;
  auto ms = std::chrono::ceil<Milliseconds>(left).count();
  return int(std::min<long long>(ms, 1 << 30));
}

// A descriptor closed on scope exit unless released.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    reset(other.release());
    return *this;
  }
  ~UniqueFd() { reset(); }
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }
  void reset(int fd = -1) {
    if (fd_ >= 0) ::close(fd_);
    fd_ = fd;
  }

 private:
  int fd_ = -1;
};

// Makes sure a pipe end is not 0, 1 or 2: posix_spawn's dup2 onto the same number would keep
// O_CLOEXEC on older libcs, and the child would start with that standard stream closed.
[[nodiscard]] bool move_above_stdio(UniqueFd& fd) {
  if (fd.get() > 2) return true;
  int moved = ::fcntl(fd.get(), F_DUPFD_CLOEXEC, 3);
  if (moved < 0) return false;
  fd.reset(moved);
  return true;
}

struct Pipe {
  UniqueFd read_end;
  UniqueFd write_end;
};

[[nodiscard]] Expected<Pipe> make_pipe(const char* which) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    return Error{std::string("cannot create the ") + which + " pipe: " + errno_text(errno)};
  }
  Pipe pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
  if (!move_above_stdio(pipe.read_end) || !move_above_stdio(pipe.write_end)) {
    return Error{std::string("cannot create the ") + which + " pipe: " + errno_text(errno)};
  }
  return pipe;
}

[[nodiscard]] bool set_nonblocking(int fd) {
  int flags = ::fcntl(fd, F_GETFL);
  return flags >= 0 && ::fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

// A write to a pipe whose reader has gone raises SIGPIPE in the writing thread, and its default
// action ends the whole program. MSG_NOSIGNAL exists only for sockets, and ignoring SIGPIPE
// process-wide would change the host program's behaviour. So SIGPIPE is blocked in this thread
// while the guard lives; when a write failed with EPIPE, the SIGPIPE it raised is still pending
// and is removed with a zero-timeout sigtimedwait before the old mask is restored, so it is never
// delivered. A SIGPIPE that was already pending before (from someone else) is left alone.
class SigpipeGuard {
 public:
  SigpipeGuard() {
    sigemptyset(&sigpipe_);
    sigaddset(&sigpipe_, SIGPIPE);
    sigset_t pending;
    sigemptyset(&pending);
    was_pending_ = ::sigpending(&pending) == 0 && sigismember(&pending, SIGPIPE) == 1;
    ::pthread_sigmask(SIG_BLOCK, &sigpipe_, &old_mask_);
  }
  SigpipeGuard(const SigpipeGuard&) = delete;
  SigpipeGuard& operator=(const SigpipeGuard&) = delete;
  ~SigpipeGuard() {
    int saved_errno = errno;
    if (raised_ && !was_pending_) {
      const timespec zero{};
      while (::sigtimedwait(&sigpipe_, nullptr, &zero) < 0 && errno == EINTR) {
      }
    }
    ::pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    errno = saved_errno;
  }
  void note_epipe() { raised_ = true; }

 private:
  sigset_t sigpipe_;
  sigset_t old_mask_;
  bool was_pending_ = false;
  bool raised_ = false;
};

// The children spawned and not yet reaped, for the interrupt handler (lock-free, so that a signal
// handler may read it). A child that finds no free slot is simply not killed on an interrupt.
constexpr std::size_t MaxLiveChildren = 256;
std::atomic<pid_t> live_children[MaxLiveChildren];

void remember_child(pid_t pid) {
  for (std::atomic<pid_t>& slot : live_children) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, pid)) return;
  }
}

void forget_child(pid_t pid) {
  for (std::atomic<pid_t>& slot : live_children) {
    pid_t expected = pid;
    if (slot.compare_exchange_strong(expected, 0)) return;
  }
}

// Where the first SIGINT or SIGTERM goes instead of ending the run (divert_interrupts_to).
std::atomic<int> diverted_to{-1};
// When that signal came (CLOCK_MONOTONIC, nanoseconds; 0: none yet). One stop often arrives
// twice within microseconds: `timeout` signals its child and then the child's process group, and
// a group's signal reaches a process that was also signalled alone. Taken as a second signal,
// the repeat ended the run before the report of the first was written (the report of a `timeout
// -s INT` movegen run was lost in 1 run of 3 to 1 of 24 with both cores busy). A signal within
// SameStopNs of the first is that stop again.
std::atomic<std::int64_t> diverted_at{0};
constexpr std::int64_t SameStopNs = 1'000'000'000;

std::int64_t monotonic_ns() {  // clock_gettime is async-signal-safe
  timespec now{};
  ::clock_gettime(CLOCK_MONOTONIC, &now);
  return std::int64_t(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

// Removes the unfinished reports, kills the children and ends the program by `signal`.
void end_now(int signal) {
  remove_unfinished_outputs();
  for (std::atomic<pid_t>& slot : live_children) {
    const pid_t pid = slot.load();
    if (pid > 0) {
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
    }
  }
  ::signal(signal, SIG_DFL);
  ::raise(signal);
}

extern "C" void kill_children_and_reraise(int signal) {
  if (signal == SIGINT || signal == SIGTERM) {
    if (const int fd = diverted_to.exchange(-1); fd >= 0) {
      const int saved_errno = errno;
      const auto byte = static_cast<unsigned char>(signal);
      if (::write(fd, &byte, 1) == 1) {
        // Only a stop whose report is on its way covers its repeats.
        diverted_at.store(std::max<std::int64_t>(monotonic_ns(), 1));
        errno = saved_errno;
        return;
      }
    }
    const std::int64_t first = diverted_at.load();
    if (first != 0 && monotonic_ns() - first < SameStopNs) return;  // the same stop again
  }
  end_now(signal);
}

}  // namespace

void kill_children_on_interrupt() {
  for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction action {};
    action.sa_handler = kill_children_and_reraise;
    action.sa_flags = SA_RESTART;  // when diverted, the calls it interrupted go on
    sigemptyset(&action.sa_mask);
    ::sigaction(signal, &action, nullptr);
  }
}

int divert_interrupts_to(int fd) {
  return diverted_to.exchange(fd);
}

void end_run_by_signal(int signal) {
  end_now(signal);
  std::_Exit(128 + signal);  // the signal was blocked: end as a shell reports its death
}

void kill_on_interrupt(pid_t child) {
  remember_child(child);
}

void forget_on_interrupt(pid_t child) {
  forget_child(child);
}

void spawn_children_in_my_group() {
  children_in_my_group.store(true);
}

std::string describe_wait_status(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    int signal = WTERMSIG(status);
    const char* name = ::strsignal(signal);
    std::string text = "killed by signal " + std::to_string(signal);
    if (name != nullptr) text += std::string(" (") + name + ")";
    if (WCOREDUMP(status)) text += ", core dumped";
    return text;
  }
  return "ended with wait status " + std::to_string(status);
}

Expected<Subprocess> Subprocess::spawn(const std::vector<std::string>& argv) {
  if (argv.empty() || argv[0].empty()) return Error{"no program to start: the command is empty"};
  const std::string& program = argv[0];

  auto child_stdin = make_pipe("stdin");
  if (!child_stdin) return Error{child_stdin.error()};
  auto child_stdout = make_pipe("stdout");
  if (!child_stdout) return Error{child_stdout.error()};
  auto child_stderr = make_pipe("stderr");
  if (!child_stderr) return Error{child_stderr.error()};

  // Every pipe end is O_CLOEXEC; dup2 onto 0, 1, 2 gives the child copies without the flag, and
  // the originals (and our ends) vanish at exec.
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attributes;
  if (int error = ::posix_spawn_file_actions_init(&actions); error != 0) {
    return Error{"cannot prepare to start '" + program + "': " + errno_text(error)};
  }
  if (int error = ::posix_spawnattr_init(&attributes); error != 0) {
    ::posix_spawn_file_actions_destroy(&actions);
    return Error{"cannot prepare to start '" + program + "': " + errno_text(error)};
  }
  sigset_t no_signals;
  sigemptyset(&no_signals);
  sigset_t default_signals;
  sigemptyset(&default_signals);
  sigaddset(&default_signals, SIGPIPE);
  int setup_error = 0;
  auto check = [&setup_error](int error) {
    if (setup_error == 0) setup_error = error;
  };
  check(::posix_spawn_file_actions_adddup2(&actions, child_stdin->read_end.get(), 0));
  check(::posix_spawn_file_actions_adddup2(&actions, child_stdout->write_end.get(), 1));
  check(::posix_spawn_file_actions_adddup2(&actions, child_stderr->write_end.get(), 2));
  // The child leads a process group of its own, so that whatever it starts goes with it; in a
  // worker killed as a group, it stays in the worker's group, to die with it.
  const bool own_group = !children_in_my_group.load();
  check(::posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF |
                                                    (own_group ? POSIX_SPAWN_SETPGROUP : 0)));
  if (own_group) check(::posix_spawnattr_setpgroup(&attributes, 0));
  check(::posix_spawnattr_setsigmask(&attributes, &no_signals));
  check(::posix_spawnattr_setsigdefault(&attributes, &default_signals));

  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);

  pid_t pid = -1;
  int error = setup_error;
  if (error == 0) {
    // glibc's posix_spawn reports a failed exec (ENOENT, EACCES, ENOEXEC) as its result.
    bool search_path = program.find('/') == std::string::npos;
    error = search_path
                ? ::posix_spawnp(&pid, program.c_str(), &actions, &attributes, args.data(), environ)
                : ::posix_spawn(&pid, program.c_str(), &actions, &attributes, args.data(), environ);
  }
  ::posix_spawn_file_actions_destroy(&actions);
  ::posix_spawnattr_destroy(&attributes);
  if (error != 0) return Error{"cannot start '" + program + "': " + errno_text(error)};

  Subprocess process;
  process.pid_ = pid;
  remember_child(pid);
  process.program_ = program;
  process.stdin_fd_ = child_stdin->write_end.release();
  process.stdout_fd_ = child_stdout->read_end.release();
  process.stderr_fd_ = child_stderr->read_end.release();
  // The child's ends close here, when the Pipe objects go; only the child holds them now.
  if (!set_nonblocking(process.stdin_fd_) || !set_nonblocking(process.stdout_fd_) ||
      !set_nonblocking(process.stderr_fd_)) {
    return Error{"cannot make the pipes of '" + program + "' non-blocking: " + errno_text(errno)};
  }
  return process;
}

Subprocess::Subprocess(Subprocess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)),
      program_(std::move(other.program_)),
      stdin_fd_(std::exchange(other.stdin_fd_, -1)),
      stdout_fd_(std::exchange(other.stdout_fd_, -1)),
      stderr_fd_(std::exchange(other.stderr_fd_, -1)),
      stdout_closed_(other.stdout_closed_),
      stdout_buffer_(std::move(other.stdout_buffer_)),
      stdout_start_(std::exchange(other.stdout_start_, 0)),
      stderr_buffer_(std::move(other.stderr_buffer_)),
      wait_status_(std::exchange(other.wait_status_, std::nullopt)),
      reaped_(std::exchange(other.reaped_, true)) {}

Subprocess& Subprocess::operator=(Subprocess&& other) noexcept {
  if (this != &other) {
    release();
    pid_ = std::exchange(other.pid_, -1);
    program_ = std::move(other.program_);
    stdin_fd_ = std::exchange(other.stdin_fd_, -1);
    stdout_fd_ = std::exchange(other.stdout_fd_, -1);
    stderr_fd_ = std::exchange(other.stderr_fd_, -1);
    stdout_closed_ = other.stdout_closed_;
    stdout_buffer_ = std::move(other.stdout_buffer_);
    stdout_start_ = std::exchange(other.stdout_start_, 0);
    stderr_buffer_ = std::move(other.stderr_buffer_);
    wait_status_ = std::exchange(other.wait_status_, std::nullopt);
    reaped_ = std::exchange(other.reaped_, true);
  }
  return *this;
}

Subprocess::~Subprocess() {
  release();
}

void Subprocess::release() {
  if (pid_ > 0 && !reaped_) {
    kill_group();
    reap_blocking();
  }
  close_stdin();
  for (int* fd : {&stdout_fd_, &stderr_fd_}) {
    if (*fd >= 0) ::close(*fd);
    *fd = -1;
  }
}

void Subprocess::close_stdin() {
  if (stdin_fd_ >= 0) ::close(stdin_fd_);
  stdin_fd_ = -1;
}

void Subprocess::kill_group() {
  // Called only while the child is not yet reaped: its process id still names its group then.
  ::kill(-pid_, SIGKILL);
  ::kill(pid_, SIGKILL);  // in case the group could not be made or was left
}

void Subprocess::reap_blocking() {
  int status = 0;
  pid_t result;
  do {
    result = ::waitpid(pid_, &status, 0);
  } while (result < 0 && errno == EINTR);
  reaped_ = true;
  forget_child(pid_);
  if (result == pid_) wait_status_ = status;  // ECHILD: reaped elsewhere (SIGCHLD ignored)
}

bool Subprocess::exited() {
  if (reaped_ || pid_ <= 0) return true;
  // Looked at without reaping first: processes the child left behind in its group are killed
  // while its id still names the group, then it is reaped. Nothing it started outlives it.
  siginfo_t info{};
  int result;
  do {
    result = ::waitid(P_PID, id_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT);
  } while (result < 0 && errno == EINTR);
  if (result == 0 && info.si_pid == 0) return false;  // still running
  if (result == 0) ::kill(-pid_, SIGKILL);
  int status = 0;
  pid_t reaped;
  do {
    reaped = ::waitpid(pid_, &status, WNOHANG);
  } while (reaped < 0 && errno == EINTR);
  if (reaped == 0) return false;
  reaped_ = true;
  forget_child(pid_);
  if (reaped == pid_) wait_status_ = status;  // ECHILD: reaped elsewhere (SIGCHLD ignored)
  return true;
}

bool Subprocess::wait_for_exit(Milliseconds timeout) {
  auto deadline = Clock::now() + timeout;
  auto nap = std::chrono::microseconds(500);
  while (!exited()) {
    auto now = Clock::now();
    if (now >= deadline) return false;
    std::this_thread::sleep_for(std::min<Clock::duration>(
        nap, std::chrono::duration_cast<Clock::duration>(deadline - now)));
    nap = std::min(nap * 2, std::chrono::microseconds(20000));
  }
  return true;
}

std::string Subprocess::terminate(Milliseconds grace) {
  if (pid_ <= 0) return "not running";
  close_stdin();
  bool killed = false;
  if (!wait_for_exit(grace)) {
    kill_group();
    reap_blocking();
    killed = true;
  }
  drain_stderr();
  release();
  std::string how = wait_status_ ? describe_wait_status(*wait_status_) : "reaped elsewhere";
  if (killed && grace.count() > 0)
    how += " after " + std::to_string(grace.count()) + " ms of grace";
  return how;
}

void Subprocess::drain_stderr() {
  if (stderr_fd_ < 0) return;
  char chunk[4096];
  for (;;) {
    ssize_t n = ::read(stderr_fd_, chunk, sizeof chunk);
    if (n > 0) {
      stderr_buffer_.append(chunk, std::size_t(n));
      if (stderr_buffer_.size() > stderr_tail_length) {
        stderr_buffer_.erase(0, stderr_buffer_.size() - stderr_tail_length);
      }
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n == 0 || errno != EAGAIN) {  // end of stream or a broken pipe end: stop polling it
      ::close(stderr_fd_);
      stderr_fd_ = -1;
    }
    return;
  }
}

std::string Subprocess::stderr_tail() {
  drain_stderr();
  std::string tail = stderr_buffer_;
  if (tail.size() == stderr_tail_length) {  // cut at the first whole line
    auto newline = tail.find('\n');
    if (newline != std::string::npos && newline + 1 < tail.size()) tail.erase(0, newline + 1);
  }
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r' || tail.back() == ' ')) {
    tail.pop_back();
  }
  return tail;
}

std::string Subprocess::describe_end(Milliseconds grace) {
  std::string text;
  if (wait_for_exit(grace)) {
    text = wait_status_ ? describe_wait_status(*wait_status_) : "exited (reaped elsewhere)";
  } else {
    text = "still running after " + std::to_string(grace.count()) + " ms";
  }
  std::string tail = stderr_tail();
  if (!tail.empty()) text += "; its stderr ended with: " + tail;
  return text;
}

Expected<Done> Subprocess::write_all(std::string_view data, Milliseconds timeout) {
  if (stdin_fd_ < 0) return Error{"the input of '" + program_ + "' is already closed"};
  auto deadline = Clock::now() + timeout;
  SigpipeGuard guard;
  while (!data.empty()) {
    ssize_t n = ::write(stdin_fd_, data.data(), data.size());
    if (n > 0) {
      data.remove_prefix(std::size_t(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      guard.note_epipe();
      close_stdin();
      return Error{"'" + program_ +
                   "' no longer reads its input: " + describe_end(ExitReportGrace)};
    }
    if (n < 0 && errno != EAGAIN) {
      return Error{"cannot write to '" + program_ + "': " + errno_text(errno)};
    }
    // The pipe is full: wait for room, and keep reading stdout (into the line buffer) and stderr
    // so that a child blocked on writing its replies goes on reading its input.
    pollfd fds[3] = {{stdin_fd_, POLLOUT, 0},
                     {stderr_fd_, POLLIN, 0},
                     {stdout_closed_ ? -1 : stdout_fd_, POLLIN, 0}};
    int ready = ::poll(fds, 3, poll_timeout(deadline));
    if (ready < 0 && errno != EINTR) {
      return Error{"cannot wait for '" + program_ + "': " + errno_text(errno)};
    }
    if (ready > 0 && fds[1].revents != 0) drain_stderr();
    if (ready > 0 && fds[2].revents != 0)
      (void)read_stdout_chunk();  // an error shows again at read_line
    if (ready == 0 && Clock::now() >= deadline) {
      return Error{"'" + program_ + "' did not read its input for " +
                   std::to_string(timeout.count()) + " ms (the pipe stayed full)"};
    }
  }
  return Done{};
}

bool Subprocess::take_buffered_line(std::string& line) {
  // Lines are taken from stdout_start_ on; the consumed front is dropped only once it is most of
  // the buffer, so that a large read is not shifted once per line.
  const auto newline = stdout_buffer_.find('\n', stdout_start_);
  if (newline == std::string::npos) return false;
  line.assign(stdout_buffer_, stdout_start_, newline - stdout_start_);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  stdout_start_ = newline + 1;
  if (stdout_start_ == stdout_buffer_.size()) {
    stdout_buffer_.clear();
    stdout_start_ = 0;
  } else if (stdout_start_ > stdout_buffer_.size() / 2) {
    stdout_buffer_.erase(0, stdout_start_);
    stdout_start_ = 0;
  }
  return true;
}

Expected<Done> Subprocess::read_stdout_chunk() {
  char chunk[65536];
  ssize_t n = ::read(stdout_fd_, chunk, sizeof chunk);
  if (n > 0) {
    stdout_buffer_.append(chunk, std::size_t(n));
  } else if (n == 0) {
    stdout_closed_ = true;
  } else if (errno != EINTR && errno != EAGAIN) {
    return Error{"cannot read from '" + program_ + "': " + errno_text(errno)};
  }
  return Done{};
}

Expected<std::optional<std::string>> Subprocess::read_line(Milliseconds timeout) {
  if (stdout_fd_ < 0) return Error{"the output of '" + program_ + "' is already closed"};
  auto deadline = Clock::now() + timeout;
  for (;;) {
    if (std::string line; take_buffered_line(line))
      return std::optional<std::string>(std::move(line));
    stdout_buffer_.erase(0, stdout_start_);
    stdout_start_ = 0;
    if (stdout_buffer_.size() > max_line_length) {
      return Error{"'" + program_ + "' wrote a line longer than " +
                   std::to_string(max_line_length) + " bytes"};
    }
    if (stdout_closed_) {
      if (!stdout_buffer_.empty()) {  // a last line without its newline
        return std::optional<std::string>(std::exchange(stdout_buffer_, {}));
      }
      return Error{"'" + program_ + "' closed its output (" + describe_end(ExitReportGrace) + ")"};
    }

    pollfd fds[2] = {{stdout_fd_, POLLIN, 0}, {stderr_fd_, POLLIN, 0}};
    int ready = ::poll(fds, 2, poll_timeout(deadline));
    if (ready < 0) {
      if (errno == EINTR) continue;
      return Error{"cannot wait for '" + program_ + "': " + errno_text(errno)};
    }
    if (fds[1].revents != 0) drain_stderr();
    if (fds[0].revents != 0) {
      if (auto read = read_stdout_chunk(); !read) return Error{read.error()};
      continue;
    }
    if (Clock::now() >= deadline) return std::optional<std::string>();
  }
}

}  // namespace zobrist_verify
