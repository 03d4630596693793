// A progress line on stderr for long runs: on a terminal, shown once the run has lasted about
// two seconds, redrawn in place, and wiped when done. Elsewhere nothing, so that output piped to
// a file or read by CI stays quiet, unless asked for (--progress): then a line every 10 s, or
// every SECONDS with --progress-every SECONDS.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

#include "args.h"
#include "zobrist_verify/core/result.h"

namespace zobrist_verify::cli {

// How often a line is printed when stderr is not a terminal: every 10 s with --progress, every
// SECONDS (1 to 3600) with --progress-every SECONDS, and zero (never) with neither.
[[nodiscard]] Expected<std::chrono::seconds> progress_lines_option(const ParsedArgs& args);

class ProgressLine {
 public:
  // `lines_every`: when stderr is not a terminal, a line of its own that often instead of
  // nothing (zero: nothing).
  explicit ProgressLine(std::chrono::seconds lines_every = {});
  // Wipes the line once one may have been shown, by this process or by a forked worker that
  // inherited this object (which cannot wipe its own line).
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // Shows `text` (redrawn at most ten times a second). Cheap when nothing is shown.
  void show(const std::string& text);
  // Wipes the line if one is shown, before other output goes to the terminal; the next show()
  // draws it again.
  void clear();
  bool terminal() const { return terminal_; }
  // Whether anything is ever shown: on a terminal, or lines asked for.
  bool active() const { return terminal_ || lines_; }
  // Whether a line would be shown now (so that callers build the text only then).
  bool due() const {
    if (terminal_) return Clock::now() - start_ >= std::chrono::seconds(2);
    return lines_ && Clock::now() - last_line_.load() >= lines_every_;
  }

 private:
  using Clock = std::chrono::steady_clock;
  bool terminal_;
  bool lines_;
  std::chrono::seconds lines_every_;
  std::atomic<Clock::time_point> last_line_;  // lines: when the last was printed (or the start)
  bool shown_ = false;
  Clock::time_point start_;
  Clock::time_point last_drawn_;
  std::mutex mutex_;
};

// Redraws a ProgressLine from a thread of its own every quarter second with what `status`
// returns, for work that cannot report its own progress (a property suite driving an engine).
// `status` must be safe to call from that thread.
class PolledProgress {
 public:
  // `lines_every` as ProgressLine's.
  explicit PolledProgress(std::function<std::string()> status,
                          std::chrono::seconds lines_every = {});
  ~PolledProgress();  // stops the thread, then wipes the line
  // Stops the thread and wipes the line now (before a report goes to the terminal); not from the
  // thread that calls `status`.
  void finish();
  PolledProgress(const PolledProgress&) = delete;
  PolledProgress& operator=(const PolledProgress&) = delete;

 private:
  ProgressLine line_;
  std::function<std::string()> status_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace zobrist_verify::cli
