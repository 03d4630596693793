// A child process with its stdin, stdout and stderr on pipes: spawned without a shell, read line
// by line against a deadline, written without risking SIGPIPE, and always reaped. Every fault is
// returned as an Error whose message says what happened (the path and errno text, the exit status
// or signal, the last lines the child wrote to stderr).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "zobrist_verify/core/result.h"

namespace zobrist_verify {

// Makes SIGINT, SIGTERM and SIGHUP kill every child spawned by Subprocess and not yet reaped
// (with its process group, which a terminal's Ctrl-C no longer reaches) before the program ends
// by the signal as it would have. It also removes the temporary files of unfinished reports
// (remove_unfinished_outputs), so that an interrupted run leaves the previous report as it was.
// For programs, such as the CLI, that own their signal handling.
void kill_children_on_interrupt();

// While a descriptor is set (not -1), the first SIGINT or SIGTERM that kill_children_on_interrupt's
// handler catches is written to it as one byte, the signal's number, instead of ending the run:
// the command that set it prints what the run found until then and calls end_run_by_signal. A
// second signal a second or more after the first, or SIGHUP, ends the run at once; one within
// the second is the first delivered again (`timeout` signals its child, then the child's group)
// and changes nothing. Returns the descriptor set before, or -1 when a signal has taken it since
// it was set (a report is then on its way).
int divert_interrupts_to(int fd);
// What the handler does when nothing is diverted: removes the unfinished reports, kills the
// children, and ends the program by `signal`.
[[noreturn]] void end_run_by_signal(int signal);

// Adds a child forked elsewhere (a plugin worker, leading its own process group) to the children
// that kill_children_on_interrupt's handler kills, and takes it off again once it is reaped.
void kill_on_interrupt(pid_t child);
void forget_on_interrupt(pid_t child);

// For a worker process that its parent kills as a whole group (properties' forked workers): the
// children Subprocess spawns from then on join the caller's process group instead of leading one
// of their own, so that an engine a worker started dies with the worker. Process-wide.
void spawn_children_in_my_group();

// "exited with status 3", "killed by signal 11 (Segmentation fault)".
std::string describe_wait_status(int status);

class Subprocess {
 public:
  using Milliseconds = std::chrono::milliseconds;

  // Starts argv[0] with arguments argv[1..]; a name without '/' is searched in PATH. The child
  // gets the default signal mask and a default SIGPIPE whatever the caller has set, inherits no
  // descriptor of ours beyond its three pipes, and leads a process group of its own: when it is
  // killed or found to have exited, whatever it started and left in that group is killed too
  // (unless spawn_children_in_my_group was called: then it joins the caller's group).
  [[nodiscard]] static Expected<Subprocess> spawn(const std::vector<std::string>& argv);

  Subprocess(Subprocess&& other) noexcept;
  Subprocess& operator=(Subprocess&& other) noexcept;
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;
  // Kills the child if it still runs (no grace) and reaps it.
  ~Subprocess();

  // The child's process id (still given after the child is reaped); -1 once moved from.
  pid_t pid() const { return pid_; }
  const std::string& program() const { return program_; }

  // Writes all of `data` to the child's stdin, waiting at most `timeout` for room in the pipe.
  [[nodiscard]] Expected<Done> write_all(std::string_view data, Milliseconds timeout);

  // Reads one line from the child's stdout (without the '\n' and a trailing '\r'). Returns
  // std::nullopt when no complete line arrived within `timeout`; an Error when the child closed
  // its stdout (with how it exited, if it did) or a line exceeds max_line_length.
  [[nodiscard]] Expected<std::optional<std::string>> read_line(Milliseconds timeout);

  // Takes the next complete line already read from stdout into `line` (reusing its storage),
  // without waiting or reading more; false when no complete line is buffered.
  bool take_buffered_line(std::string& line);

  // Whether the child has exited; reaps it if so. Never blocks.
  bool exited();
  // Waits up to `timeout` for the child to exit on its own and reaps it; true if it did.
  bool wait_for_exit(Milliseconds timeout);
  // Closes the child's stdin (most programs take EOF as a request to stop), waits up to `grace`
  // for it to exit, then sends SIGKILL; always reaps. Returns how the child ended.
  std::string terminate(Milliseconds grace);

  // The wait status once reaped.
  std::optional<int> wait_status() const { return wait_status_; }
  // The last bytes the child wrote to stderr ("" if none), trimmed to whole lines where possible.
  std::string stderr_tail();
  // Describes why the child stopped talking: its exit status if it has exited within `grace`,
  // and its stderr tail.
  std::string describe_end(Milliseconds grace);

  static constexpr std::size_t max_line_length = 1 << 20;
  static constexpr std::size_t stderr_tail_length = 2048;

 private:
  Subprocess() = default;
  void release();
  void close_stdin();
  void drain_stderr();
  // One read() of stdout into the line buffer (nothing when no bytes are waiting).
  [[nodiscard]] Expected<Done> read_stdout_chunk();
  void reap_blocking();
  // SIGKILL to the child and every process of its group (before it is reaped).
  void kill_group();

  pid_t pid_ = -1;
  std::string program_;
  int stdin_fd_ = -1;   // our write end of the child's stdin
  int stdout_fd_ = -1;  // our read end of the child's stdout
  int stderr_fd_ = -1;  // our read end of the child's stderr
  bool stdout_closed_ = false;
  std::string stdout_buffer_;  // bytes read; those before stdout_start_ are returned already
  std::size_t stdout_start_ = 0;
  std::string stderr_buffer_;  // the last stderr_tail_length bytes
  std::optional<int> wait_status_;
  bool reaped_ = false;
};

}  // namespace zobrist_verify
