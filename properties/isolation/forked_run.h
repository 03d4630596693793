// Running a piece of work in a forked child, so that a target which crashes, aborts on an assert
// or hangs cannot take the run down with it. The child runs the work in-process, with every call
// into the target watched through a page of memory shared with the parent: the parent sees which
// call is in flight, on which route, and for how long, without a round trip per call. It kills
// the child when one call outlasts the timeout, and reports the call that killed it.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "zobrist_verify/chess/route.h"
#include "zobrist_verify/doors/fault_words.h"

namespace zobrist_verify::properties {

// The call in flight, written by the child before each call into the target and read by the
// parent. Lives in a MAP_SHARED page; the atomics are lock-free, so they work across processes.
// A route goes in and out only through write_route and read_route.
struct CallWatch {
  std::atomic<std::uint64_t> started_ns{0};  // steady-clock time the call began; 0: none
  char call[96] = {};                        // "make_move e7e8q", "key", "set_position"
  char fen[160] = {};                        // the route of the instance making the call
  std::uint8_t chess960 = 0;
  char moves[4096] = {};                        // its moves, space-separated UCI (cut when longer)
  std::atomic<std::uint32_t> work_returned{0};  // set by the child once the work has returned

  // Writes the route of the instance making the call; the FEN and the moves are cut where their
  // arrays end.
  void write_route(const Route& route);
  // The route last written, as far as it fitted.
  Route read_route() const;
  // A call begins (child side): its words, the route, the time; and ends.
  void begin_call(const std::string& call, const Route& route);
  void end_call() { started_ns.store(0, std::memory_order_release); }
};

// The call a child was in when it died or was killed.
struct WatchedCall {
  std::string call;
  Route route;
};

struct ChildRun {
  // Finished: the work returned, `output` is what it returned. Crashed: killed by a signal, or
  // its result never came whole. TimedOut: one call outlasted the timeout and the child was
  // killed. Exited: the child ended itself (exit(), _exit()) before the work returned.
  // MemoryLimit: its resident memory went past worker_memory_limit() and it was killed.
  using End = FaultEnd;
  End end = End::Finished;
  // Killed by a signal this process did not send and the code cannot raise by a fault of its
  // own (SIGKILL, SIGTERM, SIGINT, SIGHUP: the OOM killer, a user): outside a call of the target
  // that is the run's fault, not the target's.
  bool killed_from_outside = false;
  std::string output;
  std::string how;                  // "killed by signal 11 (Segmentation fault)", ...
  std::optional<WatchedCall> call;  // the call in flight, when it died in one
};

// How a worker's fault reads, the one wording for every door and command: "crashed in key on
// the start position: killed by signal 11 (Segmentation fault)", "timed out in its divide: no
// answer within 300 ms". `call` names the call (default: the watched call it ended in, else
// `outside`); `where` follows it (" on the start position"). Only for a run that did not finish.
std::string fault_words(const ChildRun& run, std::string_view where = "",
                        std::optional<std::string> call = std::nullopt,
                        std::string_view outside = "its first call");

// Forks; the child runs `work` with the shared watch, sends back what it returns and exits
// without running exit handlers. The child leads a process group of its own, dies with this
// process (a parent-death signal, and kill_children_on_interrupt's handler), keeps no descriptor
// of ours but stdin, stderr and its result pipe, and has its stdout on stderr, so that nothing a
// plugin prints goes into a report. The parent waits, watching each call against `call_timeout`
// and the child's resident memory against worker_memory_limit(); once the child has ended, the
// rest of its result is waited for a short grace only (a helper process may hold the pipe). It
// always kills the child's process group and reaps it: nothing is left running. Call it from the
// main thread: the parent-death signal fires when the forking thread ends.
//
// `workers_at_once`: how many workers run beside this one (--jobs); each may then hold that share
// of worker_memory_limit(). `stop`: when it turns true the child is killed and the run ends as
// Crashed with `how` "stopped" (another worker's fault ended the run). `pass_fd`, when not -1,
// is open in the child as descriptor PassedFd (closed on exec): a stream the work writes to as it
// goes, which this process reads whatever becomes of the child.
inline constexpr int PassedFd = 4;
ChildRun run_in_child(const std::function<std::string(CallWatch&)>& work,
                      std::chrono::milliseconds call_timeout, int workers_at_once = 1,
                      const std::atomic<bool>* stop = nullptr, int pass_fd = -1);

// The most resident memory the workers may hold together, in bytes (one worker alone may hold it
// all; N at once a share each); 0 is no limit. Default: half of the machine's memory.
std::uint64_t worker_memory_limit();
void set_worker_memory_limit(std::uint64_t bytes);

// "512 MiB", "1.5 GiB": a size in bytes for messages.
std::string memory_size_text(std::uint64_t bytes);

// Marks the start and end of one call of the target (child side). Cheap: a few hundred bytes
// copied into the shared page and one atomic store each way.
class WatchedCallScope {
 public:
  WatchedCallScope(CallWatch* watch, const std::string& call, const Route& route);
  ~WatchedCallScope();
  WatchedCallScope(const WatchedCallScope&) = delete;
  WatchedCallScope& operator=(const WatchedCallScope&) = delete;

 private:
  CallWatch* watch_;
};

}  // namespace zobrist_verify::properties
