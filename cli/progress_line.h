// A progress line on stderr for long runs: shown only on a terminal and only once the run has
// lasted about two seconds, redrawn in place, and wiped when done, so that output piped to a
// file or read by CI stays quiet.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <mutex>
#include <string>
#include <thread>

namespace zobrist_verify::cli {

class ProgressLine {
 public:
  ProgressLine();
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
  // Whether a line would be shown now (so that callers build the text only then).
  bool due() const { return terminal_ && Clock::now() - start_ >= std::chrono::seconds(2); }

 private:
  using Clock = std::chrono::steady_clock;
  bool terminal_;
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
  explicit PolledProgress(std::function<std::string()> status);
  ~PolledProgress();  // stops the thread, then wipes the line
  PolledProgress(const PolledProgress&) = delete;
  PolledProgress& operator=(const PolledProgress&) = delete;

 private:
  ProgressLine line_;
  std::function<std::string()> status_;
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace zobrist_verify::cli
