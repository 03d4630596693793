#include "isolation/forked_run.h"

#include <poll.h>
#include <signal.h>
#include <sys/mman.h>
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

WatchedCallScope::WatchedCallScope(CallWatch* watch, const std::string& call, const Route& route)
    : watch_(watch) {
  if (!watch_) return;
  copy_text(watch_->call, sizeof watch_->call, call);
  watch_->write_route(route);
  watch_->started_ns.store(now_ns(), std::memory_order_release);
}

WatchedCallScope::~WatchedCallScope() {
  if (watch_) watch_->started_ns.store(0, std::memory_order_release);
}

ChildRun run_in_child(const std::function<std::string(CallWatch&)>& work,
                      std::chrono::milliseconds call_timeout) {
  ChildRun run;
  void* page =
      ::mmap(nullptr, sizeof(CallWatch), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (page == MAP_FAILED) {
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not share memory with a worker: ") + std::strerror(errno);
    return run;
  }
  auto* watch = new (page) CallWatch();
  int fds[2];
  if (::pipe(fds) != 0) {
    ::munmap(page, sizeof(CallWatch));
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not make a pipe to a worker: ") + std::strerror(errno);
    return run;
  }
  // Output buffered now would be written twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    ::munmap(page, sizeof(CallWatch));
    run.end = ChildRun::End::Crashed;
    run.how = std::string("could not start a worker: ") + std::strerror(errno);
    return run;
  }
  if (pid == 0) {
    ::close(fds[0]);
    const std::string output = work(*watch);
    // _exit: no exit handlers and no static destructors of a target that may be broken.
    ::_exit(write_all(fds[1], output) ? 0 : 3);
  }
  ::close(fds[1]);

  bool timed_out = false;
  for (bool open = true; open;) {
    pollfd p{fds[0], POLLIN, 0};
    const int ready = ::poll(&p, 1, 20);
    if (ready > 0) {
      char buffer[65536];
      const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
      if (n > 0)
        run.output.append(buffer, std::size_t(n));
      else if (n == 0 || errno != EINTR)
        open = false;
      continue;
    }
    const std::uint64_t started = watch->started_ns.load(std::memory_order_acquire);
    if (started != 0 && now_ns() - started > std::uint64_t(call_timeout.count()) * 1'000'000ULL) {
      timed_out = true;
      ::kill(pid, SIGKILL);
      break;
    }
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  const bool in_call = watch->started_ns.load(std::memory_order_acquire) != 0;
  if (timed_out || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    run.end = timed_out ? ChildRun::End::TimedOut : ChildRun::End::Crashed;
    run.how = timed_out ? "no answer within " + std::to_string(call_timeout.count()) + " ms"
                        : describe_wait_status(status);
    if (in_call) run.call = WatchedCall{watch->call, watch->read_route()};
    run.output.clear();
  }
  watch->~CallWatch();
  ::munmap(page, sizeof(CallWatch));
  return run;
}

std::string fault_words(const ChildRun& run, std::string_view where,
                        std::optional<std::string> call, std::string_view outside) {
  if (!call) call = run.call ? run.call->call : std::string(outside);
  return zobrist_verify::fault_words(
      run.end == ChildRun::End::TimedOut ? FaultEnd::TimedOut : FaultEnd::Crashed, *call, where,
      run.how);
}

}  // namespace zobrist_verify::properties
